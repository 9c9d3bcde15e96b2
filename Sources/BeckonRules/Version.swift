/// An app version `MAJOR[.MINOR[.PATCH]]` of non-negative integers; missing parts are 0.
///
/// Unlike WhatsNewKit, text that is not of this form is an error, never silently `0.0.0`.
public struct Version: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int

    /// Creates a version from its components.
    public init(major: Int, minor: Int = 0, patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Parses `MAJOR[.MINOR[.PATCH]]`; nil for anything else (`v1.2`, `1.2.3-beta`, empty).
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 9, part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  let number = Int(part) else { return nil }
            numbers.append(number)
        }
        while numbers.count < 3 { numbers.append(0) }
        self.init(major: numbers[0], minor: numbers[1], patch: numbers[2])
    }

    /// The explanation used when text is not a version.
    public static func problem(with text: String) -> String {
        if text.isEmpty { return "a version cannot be empty; expected MAJOR[.MINOR[.PATCH]], e.g. 1.2.0" }
        return "'\(text)' is not a version; expected MAJOR[.MINOR[.PATCH]] of non-negative integers, e.g. 1.2.0"
    }

    /// The same version with the patch set to 0 (WhatsNewKit's fallback).
    public var withoutPatch: Version { Version(major: major, minor: minor, patch: 0) }

    public static func < (lhs: Version, rhs: Version) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    /// Always three components: `1.2.0`.
    public var description: String { "\(major).\(minor).\(patch)" }
}
