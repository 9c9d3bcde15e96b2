/// "Did you mean": the closest of some names to a mistyped one, when it is close enough.
enum NameHint {
    /// The name among `names` at the smallest edit distance from `written` (case-insensitive),
    /// if that distance is at most a third of the longer name's length (and at least 1 allowed).
    static func closest(to written: String, among names: [String]) -> String? {
        let target = Array(written.lowercased())
        var best: (name: String, distance: Int)?
        for name in names {
            let candidate = Array(name.lowercased())
            let distance = editDistance(target, candidate)
            let allowed = max(1, max(target.count, candidate.count) / 3)
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (name, distance) }
        }
        return best?.name
    }

    /// Levenshtein distance.
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
