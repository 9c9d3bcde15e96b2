import BeckonClock
import BeckonConfig
import BeckonCore
import BeckonRuntime

/// Users' data as a whole (`beckon data …` for a Swift host): list, export, import, erase,
/// expire and copy subjects, over any store that can list, erase and restore them (memory,
/// SQLite, and plugin stores with plugin ABI 1.3's functions). The format is `Docs/cli.md`'s
/// "The subject data format": JSON Lines, one subject a line, each line ending in `\n`.
///
/// Errors: a store that fails, or cannot list, erase or restore subjects, throws
/// `storeUnavailable`; a bad import (every bad line named, `line 7: /path: what`) and a store
/// that refuses what it is given throw `invalidValue`; an import that would overwrite subjects
/// stored with other data (without `replace`), expiry with no `store.expireSubjectsAfter`, and
/// a copy into this engine's own store throw `notApplicable` (the C API answers
/// `BECKON_CONFLICT` for the first). Nothing is written when an import throws.
extension BeckonEngine {
    /// The stored subjects after `after` (nil: from the first), at most `limit` (1 to 100000),
    /// in the byte order of their ids, each with its last activity. Page on with `next`.
    public func subjects(after: String? = nil, limit: Int = 100) throws(BeckonError) -> BeckonSubjectPage {
        if let problem = SubjectData.pageLimitProblem(Int64(limit)) { throw .invalidValue(problem) }
        let store = runtimes.current.engine.store
        do {
            return BeckonSubjectPage(try SubjectData.subjects(in: store, after: after, limit: limit), limit: limit)
        } catch {
            throw BeckonError(error)
        }
    }

    /// The subject's data as one line of the data format (with its `\n`), read consistently;
    /// nil when the subject is not stored.
    public func exportSubject(_ subject: String) throws(BeckonError) -> String? {
        var line: String?
        do {
            try exportSubjects([subject]) { line = $0 }
        } catch let error as BeckonError {
            throw error
        } catch {
            // The closure above throws nothing.
            throw .storeUnavailable("\(error)")
        }
        return line
    }

    /// Streams subjects' data to `body`, one line (with its `\n`) per call: the subjects named
    /// in `ids` (each once; `[]` exports none), or every stored subject (nil) in the order of
    /// `subjects(after:limit:)`, a page at a time, so memory stays that of one subject. Returns
    /// the named subjects that are not stored (left out).
    ///
    /// - Throws: `BeckonError`, or what `body` throws, which stops the export there.
    @discardableResult
    public func exportSubjects(_ ids: [String]? = nil, to body: (String) throws -> Void) throws -> [String] {
        let runtime = runtimes.current
        do {
            let summary = try SubjectData.export(from: runtime.engine.store, configuration: runtime.loaded.configuration,
                                                 subjects: ids, to: { try body(String(decoding: $0, as: UTF8.self)) })
            return summary.missing
        } catch let error as SubjectDataError {
            throw BeckonError(error)
        }
    }

    /// Imports subjects' data (lines of the data format, as `exportSubjects` writes them),
    /// checking every line against the configuration first: a bad line refuses the whole text
    /// (`invalidValue` naming each, at most the first 20), as does a subject stored with other
    /// data (`notApplicable`), and nothing is written; `skipBad` imports the rest instead. A
    /// subject stored with the same data is left as it is (the same text twice changes nothing);
    /// `replace` overwrites one stored with other data.
    @discardableResult
    public func importSubjects(_ text: String, replace: Bool = false, skipBad: Bool = false) throws(BeckonError) -> BeckonImportSummary {
        let runtime = runtimes.current
        do {
            return BeckonImportSummary(try SubjectData.importData(from: .bytes(Array(text.utf8)), into: runtime.engine.store,
                                                                  configuration: runtime.loaded.configuration,
                                                                  options: .init(replace: replace, skipBad: skipBad)))
        } catch let error as SubjectDataError {
            throw BeckonError(error)
        } catch {
            throw .storeUnavailable("\(error)")
        }
    }

    /// Erases every trace of the subject from the store (its record and every log; the store's
    /// guarantees are in `Docs/users-data.md`); false when it was not stored.
    @discardableResult
    public func eraseSubject(_ subject: String) throws(BeckonError) -> Bool {
        do {
            return try SubjectData.erase(subject: subject, from: runtimes.current.engine.store)
        } catch {
            throw BeckonError(error)
        }
    }

    /// Erases the subjects last active before `milliseconds` (Unix ms; nil: the host's clock,
    /// as stores record activity) minus the configuration's `store.expireSubjectsAfter`, one
    /// page at a time; a subject active again since its listing stays. A `dryRun` erases
    /// nothing and names them. Throws `notApplicable` when `store.expireSubjectsAfter` is unset.
    @discardableResult
    public func expireSubjects(dryRun: Bool = false, at milliseconds: Int64? = nil) throws(BeckonError) -> BeckonExpirySummary {
        let runtime = runtimes.current
        guard let inactivity = runtime.loaded.configuration.store.expireSubjectsAfter else {
            throw .notApplicable("the configuration sets no store.expireSubjectsAfter: nothing expires")
        }
        do {
            let summary = try SubjectData.expire(store: runtime.engine.store, inactivity: inactivity, now: milliseconds ?? HostClock.now(),
                                                 dryRun: dryRun)
            return BeckonExpirySummary(summary, dryRun: dryRun)
        } catch {
            throw BeckonError(error)
        }
    }

    /// Copies every subject of this engine's store into `other`'s, each as stored (its version,
    /// and state of ids the configuration no longer declares), then checks that both stores
    /// list the same subjects with equal data (`mismatchCount` 0). Resumable: a subject `other`
    /// already holds with the same data is skipped; one it holds with other data is refused,
    /// never overwritten. An engine whose store is this one's (itself, or another on the same
    /// SQLite file) is `notApplicable`: a store is not copied into itself.
    public func copySubjects(to other: BeckonEngine) throws(BeckonError) -> BeckonCopySummary {
        let (runtime, otherRuntime) = (runtimes.current, other.runtimes.current)
        guard !SubjectData.areOneStore(runtime, otherRuntime) else {
            throw .notApplicable(SubjectData.oneStoreRefusal(runtime, target: "the other engine's configuration"))
        }
        do {
            return BeckonCopySummary(try SubjectData.copy(from: runtime.engine.store, to: otherRuntime.engine.store))
        } catch {
            throw BeckonError(error)
        }
    }
}
