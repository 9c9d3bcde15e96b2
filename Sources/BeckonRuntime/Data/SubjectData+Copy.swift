public import BeckonCore

extension SubjectData {
    /// What a copy did, and what its check found.
    public struct CopySummary: Sendable, Equatable {
        /// Subjects written to the target (absent there before).
        public var copied = 0
        /// Subjects the target already held with the same data (a rerun skips them).
        public var unchanged = 0
        /// Subjects the target holds with other data, left as they were (the first ones named).
        public var refused: [String] = []
        /// Subjects refused in all.
        public var refusedCount = 0
        /// Subjects the final check compared.
        public var checked = 0
        /// Subjects the check found in one store only, or with other data (the first ones named).
        public var mismatches: [String] = []
        /// Mismatches in all: 0 when both stores list the same subjects with equal snapshots.
        public var mismatchCount = 0
    }

    /// Copies every subject of `source` to `target` as it is stored (state of ids a configuration
    /// no longer declares included), each at its version, then checks that both stores list the
    /// same subjects with equal snapshots. Resumable: a subject the target already holds with
    /// the same data is skipped; one it holds with other data is refused, never overwritten.
    public static func copy(from source: any Store, to target: any Store, progress: ProgressHandler? = nil) throws(SubjectDataError) -> CopySummary {
        var summary = CopySummary()
        var pages = SubjectPages(store: source)
        var done = 0
        do {
            while let subject = try pages.next() {
                done += 1
                defer { progress?(Progress(done: done, total: nil, phase: "copied")) }
                guard let snapshot = try source.snapshot(subject: subject) else { continue }
                if let existing = try target.snapshot(subject: subject) {
                    if existing.record == snapshot.record && existing.logs == snapshot.logs {
                        summary.unchanged += 1
                    } else {
                        summary.refusedCount += 1
                        if summary.refused.count < SubjectDataError.listedFaults { summary.refused.append(subject) }
                    }
                } else if try target.restore(subject: subject, expectedVersion: 0, snapshot: snapshot) {
                    summary.copied += 1
                } else {
                    // Written by someone else between the read and the write: the check says whether it matches.
                    summary.refusedCount += 1
                    if summary.refused.count < SubjectDataError.listedFaults { summary.refused.append(subject) }
                }
            }
            try check(source, target, into: &summary, progress: progress)
        } catch {
            throw .store(error)
        }
        return summary
    }

    /// Walks both stores' lists side by side (both in the same byte order) and compares each
    /// subject's snapshot.
    private static func check(_ source: any Store, _ target: any Store, into summary: inout CopySummary,
                              progress: ProgressHandler?) throws(StoreError) {
        var left = SubjectPages(store: source), right = SubjectPages(store: target)
        var one = try left.next(), other = try right.next()
        func mismatch(_ subject: String) {
            summary.mismatchCount += 1
            if summary.mismatches.count < SubjectDataError.listedFaults { summary.mismatches.append(subject) }
        }
        while one != nil || other != nil {
            summary.checked += 1
            progress?(Progress(done: summary.checked, total: nil, phase: "checked"))
            if let a = one, let b = other, a == b {
                let first = try source.snapshot(subject: a), second = try target.snapshot(subject: b)
                if first?.record != second?.record || first?.logs != second?.logs { mismatch(a) }
                one = try left.next()
                other = try right.next()
            } else if let a = one, other.map({ StoredSubject.precedes(a, $0) }) ?? true {
                mismatch(a)
                one = try left.next()
            } else if let b = other {
                mismatch(b)
                other = try right.next()
            }
        }
    }
}

/// A store's subjects one at a time, read a page at a time.
struct SubjectPages {
    let store: any Store
    private var page: [StoredSubject] = []
    private var index = 0
    private var cursor: String?
    private var finished = false

    init(store: any Store) { self.store = store }

    mutating func next() throws(StoreError) -> String? {
        if index == page.count {
            guard !finished else { return nil }
            page = try store.subjects(after: cursor, limit: SubjectData.pageSize)
            index = 0
            finished = page.count < SubjectData.pageSize
            cursor = page.last?.subject
            guard !page.isEmpty else { return nil }
        }
        defer { index += 1 }
        return page[index].subject
    }
}
