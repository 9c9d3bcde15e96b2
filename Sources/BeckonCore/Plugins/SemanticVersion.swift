/// A plugin's version as Semantic Versioning 2.0.0 writes it: `MAJOR.MINOR.PATCH`, an optional
/// pre-release (`-beta.2`) and optional build metadata (`+linux.x86_64`), ordered by semver's
/// precedence (build metadata ignored).
///
/// Plugin versions are not app versions (`Version`): a plugin may be `2.0.0-rc.1`, and a release
/// candidate must sort before its release.
public struct SemanticVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int
    /// The pre-release identifiers (`["beta", "2"]`), empty for a release.
    public var preRelease: [String]
    /// The build metadata as written after `+`, if any; it takes no part in ordering or equality.
    public var build: String?

    /// Creates a version from its parts.
    public init(major: Int, minor: Int, patch: Int, preRelease: [String] = [], build: String? = nil) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.preRelease = preRelease
        self.build = build
    }

    /// Parses a whole semantic version; nil for anything else (`1.2`, `v1.2.3`, `01.2.3`).
    public init?(_ text: String) {
        var rest = Substring(text)
        var build: String?
        if let plus = rest.firstIndex(of: "+") {
            let metadata = rest[rest.index(after: plus)...]
            guard Self.identifiers(metadata, numericMayLeadWithZero: true) != nil else { return nil }
            build = String(metadata)
            rest = rest[..<plus]
        }
        var preRelease: [String] = []
        if let dash = rest.firstIndex(of: "-") {
            guard let identifiers = Self.identifiers(rest[rest.index(after: dash)...], numericMayLeadWithZero: false) else { return nil }
            preRelease = identifiers
            rest = rest[..<dash]
        }
        let numbers = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard numbers.count == 3, let major = Self.number(numbers[0]), let minor = Self.number(numbers[1]),
              let patch = Self.number(numbers[2]) else { return nil }
        self.init(major: major, minor: minor, patch: patch, preRelease: preRelease, build: build)
    }

    /// A numeric part: digits, no leading zero, at most nine of them (so it always fits an `Int`).
    static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.utf8.allSatisfy(isDigit),
              text == "0" || text.first != "0" else { return nil }
        return Int(text)
    }

    /// Dot-separated identifiers of `[0-9A-Za-z-]`, none empty; a numeric pre-release identifier
    /// has no leading zero.
    private static func identifiers(_ text: Substring, numericMayLeadWithZero: Bool) -> [String]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        for part in parts {
            guard !part.isEmpty, part.utf8.allSatisfy({ isDigit($0) || isLetter($0) || $0 == UInt8(ascii: "-") }) else { return nil }
            if !numericMayLeadWithZero, part.utf8.allSatisfy(isDigit), part.count > 1, part.first == "0" { return nil }
        }
        return parts.map(String.init)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    /// The same version without pre-release and build: what `1.2.3-beta` is a pre-release of.
    public var release: SemanticVersion { SemanticVersion(major: major, minor: minor, patch: patch) }

    /// Whether this is a pre-release.
    public var isPreRelease: Bool { !preRelease.isEmpty }

    public static func == (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) == (rhs.major, rhs.minor, rhs.patch) && lhs.preRelease == rhs.preRelease
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(major)
        hasher.combine(minor)
        hasher.combine(patch)
        hasher.combine(preRelease)
    }

    /// Semver §11: numbers first; a pre-release sorts before its release; pre-releases compare
    /// identifier by identifier (numeric ones numerically and before alphanumeric ones), and a
    /// shorter list that is a prefix of a longer one sorts first.
    public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        if (lhs.major, lhs.minor, lhs.patch) != (rhs.major, rhs.minor, rhs.patch) {
            return (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
        }
        switch (lhs.preRelease.isEmpty, rhs.preRelease.isEmpty) {
        case (true, _): return false
        case (false, true): return true
        case (false, false): break
        }
        for (left, right) in zip(lhs.preRelease, rhs.preRelease) where left != right {
            switch (numericIdentifier(left), numericIdentifier(right)) {
            case let (left?, right?): return left < right
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return left < right
            }
        }
        return lhs.preRelease.count < rhs.preRelease.count
    }

    /// The value of an identifier made of digits only (`"-1"` is alphanumeric, not minus one).
    private static func numericIdentifier(_ identifier: String) -> Int? {
        identifier.utf8.allSatisfy(isDigit) ? Int(identifier) : nil
    }

    /// As written by semver: `1.2.3-beta.2+build`.
    public var description: String {
        var text = "\(major).\(minor).\(patch)"
        if !preRelease.isEmpty { text += "-" + preRelease.joined(separator: ".") }
        if let build { text += "+" + build }
        return text
    }
}
