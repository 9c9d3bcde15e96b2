import BeckonCore
import BeckonRules
import Synchronization

/// What a check works with: the store under test, and a record of failed expectations.
///
/// Expectations record and keep going, so one run reports every broken clause of a check;
/// `require` and store errors stop the check, because what follows would only repeat them.
/// Threads of the concurrency checks record through the same probe, hence the lock.
final class Probe: Sendable {
    /// Thrown to end a check early; the reason is already recorded.
    struct Stop: Error {}

    let store: any Store
    private let reopenHandle: (@Sendable (any Store) throws -> any Store)?
    private let recorded = Mutex<[String]>([])
    private let refusals = Mutex(0)
    private let skipReason = Mutex<String?>(nil)

    init(store: any Store, reopen: ((any Store) throws -> any Store)?) {
        self.store = store
        // Called only from the thread running the check (handles for workers are opened before
        // they start), and only during `StoreConformance.run`, which owns the closure.
        self.reopenHandle = reopen.map { closure in
            let box = UncheckedBox(closure)
            return { store in try box.value(store) }
        }
    }

    var failures: [String] { recorded.withLock { $0 } }

    /// Why the check did not apply to this store, when it did not.
    var skipped: String? { skipReason.withLock { $0 } }

    /// Ends the check as not applicable to this store (not a failure).
    func skip(_ reason: String) throws(Stop) -> Never {
        skipReason.withLock { $0 = reason }
        throw Stop()
    }

    /// Skips the check when the store does not list, erase and restore subjects (a plugin store
    /// older than ABI 1.3, or one that leaves them out): those are optional.
    func requireSubjectData() throws(Stop) {
        do throws(StoreError) {
            _ = try store.subjects(after: nil, limit: 1)
        } catch where Self.isUnsupported(error) {
            try skip("the store does not list, erase or restore subjects (\(error.message))")
        } catch {
            fail("subjects(after: nil, limit: 1) threw: \(error)")
            throw Stop()
        }
    }

    /// Whether `error` is `StoreError.unsupportedSubjectData`'s, told by the reason it gives.
    static func isUnsupported(_ error: StoreError) -> Bool {
        let sample = StoreError.unsupportedSubjectData("do it", store: "it").message
        return error.message.hasSuffix(String(sample.dropFirst("it cannot do it".count)))
    }

    func fail(_ message: String) {
        recorded.withLock { $0.append(message) }
    }

    /// Counts a commit refused under contention; past `limit` records a failure and returns false,
    /// because a fair store lets retrying writers through long before that.
    func countRefusal(limit: Int) -> Bool {
        let count = refusals.withLock { count in
            count += 1
            return count
        }
        if count == limit + 1 { fail("compare-and-set kept refusing commits: over \(limit) refused under contention") }
        return count <= limit
    }

    /// Records `message` when `condition` is false; returns the condition.
    @discardableResult
    func expect(_ condition: Bool, _ message: @autoclosure () -> String) -> Bool {
        if !condition { fail(message()) }
        return condition
    }

    /// Records `what` with both values when they differ.
    @discardableResult
    func expectEqual<T: Equatable>(_ actual: T, _ expected: T, _ what: @autoclosure () -> String) -> Bool {
        expect(actual == expected, "\(what()): expected \(expected), got \(actual)")
    }

    /// Records `message` and stops the check when `condition` is false.
    func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(Stop) {
        if !condition {
            fail(message())
            throw Stop()
        }
    }

    /// Another handle on the store's data when the runner can open one, else the store itself:
    /// reading through it shows what a later process would see.
    func reader() throws(Stop) -> any Store {
        guard let reopenHandle else { return store }
        do {
            return try reopenHandle(store)
        } catch {
            fail("could not reopen the store: \(error)")
            throw Stop()
        }
    }

    // MARK: Store calls that stop the check when the store throws

    func load(_ subject: String, from store: (any Store)? = nil) throws(Stop) -> StoredRecord {
        do {
            return try (store ?? self.store).load(subject: subject)
        } catch {
            fail("load(subject: \(quoted(subject))) threw: \(error)")
            throw Stop()
        }
    }

    @discardableResult
    func commit(_ subject: String, expectedVersion: Int64, _ record: SubjectRecord,
                _ donations: DonationChanges = .none, on store: (any Store)? = nil) throws(Stop) -> Bool {
        do {
            return try (store ?? self.store).commit(subject: subject, expectedVersion: expectedVersion, record: record, donations: donations)
        } catch {
            fail("commit(subject: \(quoted(subject)), expectedVersion: \(expectedVersion)) threw: \(error)")
            throw Stop()
        }
    }

    /// Commits and records a failure (stopping the check) when the store refuses.
    func mustCommit(_ subject: String, expectedVersion: Int64, _ record: SubjectRecord,
                    _ donations: DonationChanges = .none) throws(Stop) {
        try require(try commit(subject, expectedVersion: expectedVersion, record, donations),
                    "commit(subject: \(quoted(subject)), expectedVersion: \(expectedVersion)) returned false on an unchanged subject")
    }

    /// Commits `record` over whatever is stored (reading the version first) and returns the new version.
    @discardableResult
    func put(_ subject: String, _ record: SubjectRecord, _ donations: DonationChanges = .none) throws(Stop) -> Int64 {
        let version = try load(subject).version
        try mustCommit(subject, expectedVersion: version, record, donations)
        return try load(subject).version
    }

    func subjects(after: String?, limit: Int, from store: (any Store)? = nil) throws(Stop) -> [StoredSubject] {
        do {
            return try (store ?? self.store).subjects(after: after, limit: limit)
        } catch {
            fail("subjects(after: \(after.map(quoted) ?? "nil"), limit: \(limit)) threw: \(error)")
            throw Stop()
        }
    }

    func erase(_ subject: String, activeBefore: Int64? = nil) throws(Stop) -> Bool {
        do {
            return try store.erase(subject: subject, activeBefore: activeBefore)
        } catch {
            fail("erase(subject: \(quoted(subject)), activeBefore: \(activeBefore.map(String.init) ?? "nil")) threw: \(error)")
            throw Stop()
        }
    }

    func restore(_ subject: String, expectedVersion: Int64, _ snapshot: SubjectSnapshot) throws(Stop) -> Bool {
        do {
            return try store.restore(subject: subject, expectedVersion: expectedVersion, snapshot: snapshot)
        } catch {
            fail("restore(subject: \(quoted(subject)), expectedVersion: \(expectedVersion), version: \(snapshot.version)) threw: \(error)")
            throw Stop()
        }
    }

    /// The log as `donations` reads it, checked against `donationLog` (what rules read), which
    /// a store may implement on its own: the two must always agree.
    func donations(_ subject: String, _ event: String, since: Int64? = nil, from store: (any Store)? = nil) throws(Stop) -> [Donation] {
        let store = store ?? self.store
        let call = "(subject: \(quoted(subject)), event: \(quoted(event)), since: \(since.map(String.init) ?? "nil"))"
        let donations: [Donation], log: DonationLog
        do {
            donations = try store.donations(subject: subject, event: event, since: since)
        } catch {
            fail("donations\(call) threw: \(error)")
            throw Stop()
        }
        do {
            log = try store.donationLog(subject: subject, event: event, since: since)
        } catch {
            fail("donationLog\(call) threw: \(error)")
            throw Stop()
        }
        expect(log.times == donations.map(\.time), "donationLog\(call) times \(log.times) differ from donations\(call) \(donations.map(\.time))")
        let infosAgree = log.infos.isEmpty ? donations.allSatisfy(\.info.isEmpty) : log.infos == donations.map(\.info)
        expect(infosAgree, "donationLog\(call) infos \(log.infos) differ from donations\(call) \(donations.map(\.info))")
        return donations
    }

    /// The instants of an event's log.
    func times(_ subject: String, _ event: String, since: Int64? = nil, from store: (any Store)? = nil) throws(Stop) -> [Int64] {
        try donations(subject, event, since: since, from: store).map(\.time)
    }
}

/// A subject id as it appears in messages, with invisible characters made visible.
func quoted(_ text: String) -> String {
    Value.string(text).description
}

/// Carries a non-Sendable value to where the caller guarantees it is used safely.
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
