public import BeckonCore

/// A subject's data as a whole, over any `Store`: list, export, import, erase, copy and expire.
/// Every operation pages through the store (`pageSize` subjects at a time) and holds one
/// subject's snapshot at once, so memory does not grow with the store. Hosts (the CLI, the C
/// API, the Swift library, the server) translate arguments in and these answers out.
public enum SubjectData {
    /// Subjects read from a store per page.
    public static let pageSize = 500

    /// The page sizes a host may ask a listing for (the CLI, the C API, the Swift library; the
    /// server keeps answers smaller, see its route).
    public static let pageLimits = 1...100_000

    /// Why `limit` is refused, nil when it is one of `pageLimits`.
    public static func pageLimitProblem(_ limit: Int64) -> String? {
        (Int64(pageLimits.lowerBound)...Int64(pageLimits.upperBound)).contains(limit)
            ? nil : "limit must be from \(pageLimits.lowerBound) to \(pageLimits.upperBound), not \(limit)"
    }

    /// How far a long operation has come, for a host's progress display.
    public struct Progress: Sendable, Equatable {
        /// Subjects (or lines) done so far.
        public var done: Int
        /// How many there are in all, when known.
        public var total: Int?
        /// What is being done ("exported", "checked", "imported", …).
        public var phase: String

        /// Creates a progress report.
        public init(done: Int, total: Int?, phase: String) {
            self.done = done
            self.total = total
            self.phase = phase
        }
    }

    /// A function told of progress (often: after each subject; a host throttles its display).
    public typealias ProgressHandler = (Progress) -> Void

    /// One page of stored subjects after `after`, at most `limit` (1 or more), in the stores'
    /// byte order of ids.
    public static func subjects(in store: any Store, after: String?, limit: Int) throws(SubjectDataError) -> [StoredSubject] {
        do { return try store.subjects(after: after, limit: max(limit, 1)) } catch { throw .store(error) }
    }

    /// Exports `subjects` (nil: every stored subject, in the store's order), one line each, to
    /// `sink`; a named subject that is not stored is skipped and counted in `missing`. Each
    /// subject's line is one consistent read (`Store.snapshot`).
    public static func export(from store: any Store, configuration: Configuration, subjects: [String]?,
                              to sink: ([UInt8]) throws -> Void, progress: ProgressHandler? = nil) throws -> ExportSummary {
        var summary = ExportSummary()
        func write(_ subject: String) throws {
            let snapshot: SubjectSnapshot?
            do { snapshot = try store.snapshot(subject: subject) } catch { throw SubjectDataError.store(error) }
            guard let snapshot else { return summary.missing.append(subject) }
            try sink(SubjectDataFormat.line(subject: subject, snapshot: snapshot, configuration: configuration))
            summary.exported += 1
            progress?(Progress(done: summary.exported, total: subjects?.count, phase: "exported"))
        }
        if let subjects {
            var seen: Set<String> = []
            for subject in subjects where seen.insert(subject).inserted { try write(subject) }
            return summary
        }
        var pages = SubjectPages(store: store)
        while true {
            let subject: String?
            do { subject = try pages.next() } catch { throw SubjectDataError.store(error) }
            guard let subject else { return summary }
            try write(subject)
        }
    }

    /// What an export wrote.
    public struct ExportSummary: Sendable, Equatable {
        /// Subjects written.
        public var exported = 0
        /// Subjects asked for by name that are not stored.
        public var missing: [String] = []
    }

    /// Erases every trace of `subject` from `store`; false when it was not stored.
    public static func erase(subject: String, from store: any Store) throws(SubjectDataError) -> Bool {
        do { return try store.erase(subject: subject, activeBefore: nil) } catch { throw .store(error) }
    }

    /// Whether two snapshots hold the same state, versions aside: the same line but for
    /// `version` (so state the configuration no longer declares does not count).
    static func sameState(_ left: SubjectSnapshot, _ right: SubjectSnapshot, subject: String, configuration: Configuration) -> Bool {
        if left.record == right.record && left.logs == right.logs { return true }
        return SubjectDataFormat.object(subject: subject, snapshot: left, configuration: configuration, withVersion: false)
            == SubjectDataFormat.object(subject: subject, snapshot: right, configuration: configuration, withVersion: false)
    }
}
