/// The versions of a plugin a configuration accepts (`version: ">=1.2, <2"`), written as Cargo
/// writes requirements: comparators separated by commas, every one of which must hold.
///
/// | written | means |
/// | --- | --- |
/// | `1.2.3`, `^1.2.3` | `>=1.2.3, <2.0.0` (`^0.2.3`: `<0.3.0`; `^0.0.3`: `<0.0.4`) |
/// | `~1.2.3`, `~1.2` | `>=1.2.3, <1.3.0` / `>=1.2.0, <1.3.0` (`~1`: `<2.0.0`) |
/// | `=1.2.3` | exactly 1.2.3 (`=1.2`: any 1.2.x) |
/// | `>1.2.3`, `>=1.2`, `<2`, `<=1.4` | as compared, missing parts 0 (`>1.2`: `>=1.3.0`; `<=1.4`: `<1.5.0`) |
/// | `*`, `1.*`, `1.2.*` | any / any 1.x / any 1.2.x |
///
/// A pre-release (`2.0.0-rc.1`) matches only a range with a comparator that names a pre-release
/// of the same `MAJOR.MINOR.PATCH` (`>=2.0.0-rc.1`), so that `>=1.2` never picks an unreleased 2.0.
public struct VersionRange: Hashable, Sendable, CustomStringConvertible {
    /// The range as written.
    public var text: String
    /// Every bound a version must meet, the comparators desugared.
    private var bounds: [Bound]
    /// The releases whose pre-releases the range admits (the comparators naming a pre-release).
    private var preReleasesOf: Set<SemanticVersion>

    private struct Bound: Hashable, Sendable {
        enum Relation: Hashable, Sendable { case lessThan, atMost, equal, atLeast, greaterThan }
        var relation: Relation
        var version: SemanticVersion

        func admits(_ candidate: SemanticVersion) -> Bool {
            switch relation {
            case .lessThan: candidate < version
            case .atMost: candidate <= version
            case .equal: candidate == version
            case .atLeast: candidate >= version
            case .greaterThan: candidate > version
            }
        }
    }

    /// Parses a range; the error is a sentence naming the comparator at fault.
    public static func parse(_ text: String) -> Result<VersionRange, VersionRangeError> {
        let comparators = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
        var bounds: [Bound] = []
        var preReleasesOf: Set<SemanticVersion> = []
        for comparator in comparators {
            guard let parsed = Comparator(comparator) else {
                let shown = comparator.isEmpty ? "an empty comparator" : "'\(comparator)'"
                return .failure(VersionRangeError(message: "'\(text)' is not a version range: \(shown) is not OP VERSION "
                    + "(OP one of =, >, >=, <, <=, ~, ^ or none; VERSION like 1, 1.2, 1.2.3, 1.2.3-beta.1 or 1.*), e.g. \">=1.2, <2\""))
            }
            bounds += parsed.bounds
            if let full = parsed.fullVersion, full.isPreRelease { preReleasesOf.insert(full.release) }
        }
        return .success(VersionRange(text: text, bounds: bounds, preReleasesOf: preReleasesOf))
    }

    /// Whether `version` is in the range.
    public func contains(_ version: SemanticVersion) -> Bool {
        if version.isPreRelease, !preReleasesOf.contains(version.release) { return false }
        return bounds.allSatisfy { $0.admits(version) }
    }

    public var description: String { text }

    /// One comparator: an operator and a version that may leave out its minor and patch.
    private struct Comparator {
        var bounds: [Bound]
        /// The version when written whole (`1.2.3`, `1.2.3-rc.1`).
        var fullVersion: SemanticVersion?

        init?(_ text: Substring) {
            var rest = text
            var written: String?
            for symbol in [">=", "<=", ">", "<", "=", "~", "^"] where rest.hasPrefix(symbol) {
                written = symbol
                rest = rest.dropFirst(symbol.count).trimmingSpaces
                break
            }
            var op = written ?? "^"
            // `*`, `1.*` and `1.2.*` stand alone, with no operator.
            if rest == "*" {
                guard written == nil else { return nil }
                bounds = []
                return
            }
            let wildcard = rest.hasSuffix(".*")
            if wildcard {
                guard written == nil else { return nil }
                rest = rest.dropLast(2)
                op = "="
            }
            if let full = SemanticVersion(String(rest)), !wildcard {
                fullVersion = full
                bounds = Self.bounds(op, full)
                return
            }
            let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count) else { return nil }
            var numbers: [Int] = []
            for part in parts {
                guard let number = SemanticVersion.number(part) else { return nil }
                numbers.append(number)
            }
            bounds = Self.partialBounds(op, major: numbers[0], minor: numbers.count > 1 ? numbers[1] : nil)
        }

        /// A whole version's comparator.
        private static func bounds(_ op: String, _ version: SemanticVersion) -> [Bound] {
            let (major, minor, patch) = (version.major, version.minor, version.patch)
            switch op {
            case "=": return [Bound(relation: .equal, version: version)]
            case ">": return [Bound(relation: .greaterThan, version: version)]
            case ">=": return [Bound(relation: .atLeast, version: version)]
            case "<": return [Bound(relation: .lessThan, version: version)]
            case "<=": return [Bound(relation: .atMost, version: version)]
            case "~": return [Bound(relation: .atLeast, version: version), below(major, minor + 1, 0)]
            default:
                let upper = major > 0 ? below(major + 1, 0, 0) : minor > 0 ? below(0, minor + 1, 0) : below(0, 0, patch + 1)
                return [Bound(relation: .atLeast, version: version), upper]
            }
        }

        /// A comparator of `MAJOR` or `MAJOR.MINOR` (minor nil when left out).
        private static func partialBounds(_ op: String, major: Int, minor: Int?) -> [Bound] {
            let lowest = SemanticVersion(major: major, minor: minor ?? 0, patch: 0)
            // The first version past every version the partial one names: 1.2 -> 1.3.0, 1 -> 2.0.0.
            let pastNamed = minor.map { below(major, $0 + 1, 0) } ?? below(major + 1, 0, 0)
            switch op {
            case "=", "~": return [Bound(relation: .atLeast, version: lowest), pastNamed]
            case ">": return [Bound(relation: .atLeast, version: pastNamed.version)]
            case ">=": return [Bound(relation: .atLeast, version: lowest)]
            case "<": return [Bound(relation: .lessThan, version: lowest)]
            case "<=": return [pastNamed]
            default:
                let upper = major > 0 || minor == nil ? below(major + 1, 0, 0) : below(0, minor! + 1, 0)
                return [Bound(relation: .atLeast, version: lowest), upper]
            }
        }

        private static func below(_ major: Int, _ minor: Int, _ patch: Int) -> Bound {
            Bound(relation: .lessThan, version: SemanticVersion(major: major, minor: minor, patch: patch))
        }
    }
}

/// Why text is not a version range.
public struct VersionRangeError: Error, Hashable, Sendable {
    /// A sentence naming the range and the comparator at fault.
    public var message: String
}

extension Substring {
    /// Without leading and trailing spaces.
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
