/// Finds the closest known name to a misspelt one, for "did you mean" hints.
public enum NameSuggester {
    /// The candidate closest to `name` by edit distance (case-insensitive, adjacent swaps count
    /// as one edit), if it is close enough to be a plausible typo.
    public static func suggestion(for name: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(name.lowercased().unicodeScalars)
        let limit = max(1, min(3, target.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let other = Array(candidate.lowercased().unicodeScalars)
            guard abs(other.count - target.count) <= limit else { continue }
            let distance = editDistance(target, other)
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// `"; did you mean 'x'?"` or an empty string, ready to append to a message.
    public static func hint(for name: String, among candidates: some Sequence<String>) -> String {
        guard let match = suggestion(for: name, among: candidates) else { return "" }
        return "; did you mean '\(match)'?"
    }

    /// Optimal-string-alignment distance: insertions, deletions, substitutions, adjacent swaps.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
