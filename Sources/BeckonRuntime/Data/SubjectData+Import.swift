public import BeckonCore

extension SubjectData {
    /// How an import treats what it cannot import.
    public struct ImportOptions: Sendable, Equatable {
        /// Overwrite stored subjects whose data differs from the file's.
        public var replace: Bool
        /// Skip bad lines (and, without `replace`, subjects stored with other data) and import the
        /// rest, instead of importing nothing.
        public var skipBad: Bool

        /// Creates options.
        public init(replace: Bool = false, skipBad: Bool = false) {
            self.replace = replace
            self.skipBad = skipBad
        }
    }

    /// What an import did.
    public struct ImportSummary: Sendable, Equatable {
        /// Subjects that were not stored, written at the line's version.
        public var imported = 0
        /// Subjects stored with the same data, left as they were.
        public var unchanged = 0
        /// Subjects stored with other data, overwritten (`replace`).
        public var replaced = 0
        /// Subjects stored with other data, left as they were (`skipBad` without `replace`).
        public var refused: [String] = []
        /// Bad lines skipped (`skipBad`).
        public var skipped: [SubjectDataLineError] = []
    }

    /// Imports a subject data file into `store`, checking it against `configuration`.
    ///
    /// A first pass reads the whole source and checks every line (and whether each subject is
    /// stored with other data): without `skipBad`, any fault refuses the whole file and nothing
    /// is written. The second pass writes each subject with `Store.restore`: one not stored at
    /// the line's version; one stored with the same data is left alone (so the same file twice
    /// changes nothing); one stored with other data only with `replace`, at a version above both
    /// the line's and the stored one, so that engines holding the old record see a conflict.
    public static func importData(from source: SubjectDataSource, into store: any Store, configuration: Configuration,
                                  options: ImportOptions = ImportOptions(), progress: ProgressHandler? = nil) throws -> ImportSummary {
        var summary = ImportSummary()
        var bad: [Int: SubjectDataLineError] = [:]
        var badCount = 0
        var refused: [String] = []
        var firstLine: [String: Int] = [:]
        var lines = 0
        func reject(_ error: SubjectDataLineError) {
            badCount += 1
            bad[error.line] = error
        }
        try source.forEachLine { number, bytes in
            lines += 1
            let decoded: (subject: String, snapshot: SubjectSnapshot)
            do { decoded = try SubjectDataFormat.decode(bytes, line: number, configuration: configuration) } catch let error as SubjectDataLineError {
                return reject(error)
            }
            if let earlier = firstLine[decoded.subject] {
                return reject(SubjectDataLineError(line: number, path: "/subject",
                                                   message: "subject '\(decoded.subject)' is already on line \(earlier)"))
            }
            firstLine[decoded.subject] = number
            if !options.replace, try differs(decoded.subject, decoded.snapshot, in: store, configuration: configuration) {
                refused.append(decoded.subject)
            }
            progress?(Progress(done: lines, total: nil, phase: "checked"))
        }
        if !options.skipBad {
            if badCount > 0 {
                let listed = bad.keys.sorted().prefix(SubjectDataError.listedFaults).compactMap { bad[$0] }
                throw SubjectDataError.badLines(listed, count: badCount)
            }
            if !refused.isEmpty {
                throw SubjectDataError.refused(Array(refused.prefix(SubjectDataError.listedFaults)), count: refused.count)
            }
        }
        summary.skipped = bad.keys.sorted().compactMap { bad[$0] }
        let total = lines
        var done = 0
        try source.forEachLine { number, bytes in
            done += 1
            defer { progress?(Progress(done: done, total: total, phase: "imported")) }
            guard bad[number] == nil,
                  let decoded = try? SubjectDataFormat.decode(bytes, line: number, configuration: configuration),
                  firstLine[decoded.subject] == number else { return }
            try write(decoded.subject, decoded.snapshot, into: store, configuration: configuration, replace: options.replace, summary: &summary)
        }
        return summary
    }

    /// Whether the subject is stored with data other than `snapshot`'s.
    private static func differs(_ subject: String, _ snapshot: SubjectSnapshot, in store: any Store, configuration: Configuration) throws -> Bool {
        let stored: SubjectSnapshot?
        do { stored = try store.snapshot(subject: subject) } catch { throw SubjectDataError.store(error) }
        guard let stored else { return false }
        return !sameState(stored, snapshot, subject: subject, configuration: configuration)
    }

    /// Writes one subject, retrying when a commit lands between the read and the write.
    private static func write(_ subject: String, _ snapshot: SubjectSnapshot, into store: any Store, configuration: Configuration,
                              replace: Bool, summary: inout ImportSummary) throws {
        do {
            for _ in 0..<16 {
                guard let stored = try store.snapshot(subject: subject) else {
                    if try store.restore(subject: subject, expectedVersion: 0, snapshot: snapshot) {
                        summary.imported += 1
                        return
                    }
                    continue
                }
                if sameState(stored, snapshot, subject: subject, configuration: configuration) {
                    summary.unchanged += 1
                    return
                }
                guard replace else {
                    summary.refused.append(subject)
                    return
                }
                var written = snapshot
                written.version = max(snapshot.version, stored.version + 1)
                if try store.restore(subject: subject, expectedVersion: stored.version, snapshot: written) {
                    summary.replaced += 1
                    return
                }
            }
        } catch {
            throw SubjectDataError.store(error)
        }
        throw SubjectDataError.store(StoreError(.unavailable, "subject '\(subject)' changed during each of 16 writes; try again"))
    }
}
