import BeckonConfig
public import BeckonCore
import BeckonPluginHost
import BeckonSQLite
import Synchronization

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
        do {
            // A page at a time, its subjects spread over `copyWorkers` threads: a server store's
            // round trips (reads, a restore, its commit's flush) wait rather than compute.
            while let listed = try pages.nextPage() {
                let page = listed.map(\.subject)
                let outcomes = try concurrently(page) { subject throws(StoreError) in try copyOne(subject, from: source, to: target) }
                for (subject, outcome) in zip(page, outcomes) {
                    switch outcome {
                    case .copied: summary.copied += 1
                    case .unchanged: summary.unchanged += 1
                    case .refused:
                        summary.refusedCount += 1
                        if summary.refused.count < SubjectDataError.listedFaults { summary.refused.append(subject) }
                    case .gone: break
                    }
                }
                progress?(Progress(done: summary.copied + summary.unchanged + summary.refusedCount, total: nil, phase: "copied"))
            }
            try check(source, target, into: &summary, progress: progress)
        } catch {
            throw .store(error)
        }
        return summary
    }

    /// Whether two runtimes' stores are known to be one: the same store, or one SQLite file
    /// however each names it (by its device and inode). Copied into itself, a store would answer
    /// "0 copied" and a check of nothing, so each host refuses such a copy before it starts
    /// (`oneStoreRefusal`). Two plugin stores are not taken for one even with the same options,
    /// which need not name one place (a store kept in the plugin's memory): refusing a real copy
    /// would be worse than answering "unchanged" for one that copies nothing.
    public static func areOneStore(_ first: Runtime, _ second: Runtime) -> Bool {
        let (firstStore, secondStore) = (first.engine.store, second.engine.store)
        if firstStore === secondStore { return true }
        guard let firstFile = firstStore as? SQLiteStore, let secondFile = secondStore as? SQLiteStore,
              let firstIdentity = FileIdentity(path: firstFile.path), let secondIdentity = FileIdentity(path: secondFile.path)
        else { return false }
        return firstIdentity.isSameFile(as: secondIdentity)
    }

    /// Why a copy of `runtime`'s store into itself is refused, `target` being how the host named
    /// the other side.
    public static func oneStoreRefusal(_ runtime: Runtime, target: String) -> String {
        let store = runtime.engine.store
        let named = if let file = store as? SQLiteStore { "the SQLite file \(file.path)" }
            else if store is MemoryStore { "its memory store" }
            else { "its \(runtime.loaded.configuration.store.backend) store" }
        return "\(target) names this configuration's own store (\(named)); a store is not copied into itself"
    }

    /// Threads a copy (and its check) spreads each page over.
    public static let copyWorkers = 8

    /// What copying one subject did.
    private enum CopyOutcome: Sendable {
        case copied, unchanged, refused
        /// Erased from the source since it was listed.
        case gone
    }

    private static func copyOne(_ subject: String, from source: any Store, to target: any Store) throws(StoreError) -> CopyOutcome {
        guard let snapshot = try source.snapshot(subject: subject) else { return .gone }
        if let existing = try target.snapshot(subject: subject) {
            return existing.record == snapshot.record && existing.logs == snapshot.logs ? .unchanged : .refused
        }
        // False: written by someone else between the read and the write; the check says whether it matches.
        return try target.restore(subject: subject, expectedVersion: 0, snapshot: snapshot) ? .copied : .refused
    }

    /// `body` of each item, on up to `copyWorkers` threads, in the items' order; the first error
    /// thrown is thrown once all have finished.
    private static func concurrently<T: Sendable>(_ items: [String], _ body: @escaping @Sendable (String) throws(StoreError) -> T) throws(StoreError) -> [T] {
        let results = Mutex<[T?]>(Array(repeating: nil, count: items.count))
        let failure = Mutex<StoreError?>(nil)
        let workers = min(copyWorkers, items.count)
        ChunkThreads.run(workers) { worker in
            for index in stride(from: worker, to: items.count, by: workers) {
                guard failure.withLock({ $0 == nil }) else { return }
                do throws(StoreError) {
                    let result = try body(items[index])
                    results.withLock { $0[index] = result }
                } catch {
                    failure.withLock { if $0 == nil { $0 = error } }
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return results.withLock { $0.map { $0! } }
    }

    /// Walks both stores' lists side by side (both in the same byte order) and compares the
    /// snapshots of each subject both hold, a page of them at a time across threads.
    private static func check(_ source: any Store, _ target: any Store, into summary: inout CopySummary,
                              progress: ProgressHandler?) throws(StoreError) {
        var left = SubjectPages(store: source), right = SubjectPages(store: target)
        var one = try left.next(), other = try right.next()
        var both: [String] = []
        func mismatch(_ subject: String) {
            summary.mismatchCount += 1
            if summary.mismatches.count < SubjectDataError.listedFaults { summary.mismatches.append(subject) }
        }
        func compare() throws(StoreError) {
            let equal = try concurrently(both) { subject throws(StoreError) in
                let first = try source.snapshot(subject: subject), second = try target.snapshot(subject: subject)
                return first?.record == second?.record && first?.logs == second?.logs
            }
            for (subject, same) in zip(both, equal) where !same { mismatch(subject) }
            both.removeAll(keepingCapacity: true)
            progress?(Progress(done: summary.checked, total: nil, phase: "checked"))
        }
        while one != nil || other != nil {
            summary.checked += 1
            if let a = one, let b = other, a == b {
                both.append(a)
                if both.count == pageSize { try compare() }
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
        try compare()
    }
}
