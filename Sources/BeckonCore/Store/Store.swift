public import BeckonRules

/// Where subjects' state lives. The engine reads a subject's record with its version, decides,
/// and commits the new record only if the version is unchanged (compare-and-set), together with
/// the donation-log changes of the same operation. A SQL store implements `commit` as one
/// transaction; a key-value store as a conditional write. The contract is the
/// `BeckonStoreConformance` kit that every store is run through.
public protocol Store: AnyObject, Sendable {
    /// The subject's record and version; an empty record at version 0 if the subject is new.
    func load(subject: String) throws(StoreError) -> StoredRecord

    /// Writes `record` and applies `donations` atomically, if the subject's stored version is
    /// still `expectedVersion`; returns false (and changes nothing) when another writer got
    /// there first.
    func commit(subject: String, expectedVersion: Int64, record: SubjectRecord, donations: DonationChanges) throws(StoreError) -> Bool

    /// The logged donations of one event for one subject, oldest first, no older than `since`.
    func donations(subject: String, event: String, since: Int64?) throws(StoreError) -> [Donation]

    /// The same donations in the shape rules read (parallel arrays of times and infos). Stores
    /// that keep logs in that shape return them without copying; the default converts.
    func donationLog(subject: String, event: String, since: Int64?) throws(StoreError) -> DonationLog

    /// Whether a call may wait on something outside the process (a network round trip, a
    /// server's lock). A host that answers many requests on a few threads runs the decisions of
    /// such a store on threads of their own, so that its waits hold no other request up. False
    /// unless the store says so.
    var callsMayWait: Bool { get }

    // Users' data: listing, erasing and restoring whole subjects (export, import, erase, expiry,
    // copying between stores). A store that cannot (a plugin store older than ABI 1.3) keeps the
    // defaults, which refuse with `unsupportedSubjectData`.

    /// Stored subjects in ascending order of their ids' UTF-8 bytes: those after `after` (nil:
    /// from the first), at most `limit`, each with when it was last committed.
    func subjects(after: String?, limit: Int) throws(StoreError) -> [StoredSubject]

    /// Erases every trace of the subject (its record and every log), when it was last committed
    /// before `activeBefore` (nil: whenever). Returns whether anything was erased: false when
    /// the subject was never stored, or was active since.
    func erase(subject: String, activeBefore: Int64?) throws(StoreError) -> Bool

    /// Writes `snapshot` as the subject's whole state, replacing whatever is stored: the record
    /// at `snapshot.version` (greater than `expectedVersion`) and exactly its logs, with the
    /// subject's last commit at the store's clock. Returns false, changing nothing, when the
    /// stored version is not `expectedVersion`; refuses (`.invalidData`) a snapshot at a version
    /// below 1, which would read as never stored.
    func restore(subject: String, expectedVersion: Int64, snapshot: SubjectSnapshot) throws(StoreError) -> Bool
}

extension Store {
    public var callsMayWait: Bool { false }

    public func subjects(after: String?, limit: Int) throws(StoreError) -> [StoredSubject] {
        throw .unsupportedSubjectData("list subjects")
    }

    public func erase(subject: String, activeBefore: Int64?) throws(StoreError) -> Bool {
        throw .unsupportedSubjectData("erase subjects")
    }

    public func restore(subject: String, expectedVersion: Int64, snapshot: SubjectSnapshot) throws(StoreError) -> Bool {
        throw .unsupportedSubjectData("restore subjects")
    }

    public func donationLog(subject: String, event: String, since: Int64?) throws(StoreError) -> DonationLog {
        DonationLog(try donations(subject: subject, event: event, since: since))
    }
}

extension DonationLog {
    /// The log of these donations (in their order).
    public init(_ donations: [Donation]) {
        self.init(times: donations.map(\.time), infos: donations.map(\.info))
    }

    /// The log's donations, one value each, for stores that keep logs in this shape.
    public var donations: [Donation] {
        times.indices.map { Donation(time: times[$0], info: $0 < infos.count ? infos[$0] : []) }
    }
}

/// A subject's record with the version it was stored at (0 = never stored).
public struct StoredRecord: Sendable {
    public var record: SubjectRecord
    public var version: Int64

    /// Creates a stored record.
    public init(record: SubjectRecord, version: Int64) {
        self.record = record
        self.version = version
    }
}

/// One donation in the log.
public struct Donation: Hashable, Sendable {
    /// When it was donated (Unix ms).
    public var time: Int64
    /// The info values in the event's declared field order (missing fields are null).
    public var info: [Value]

    /// Creates a donation.
    public init(time: Int64, info: [Value] = []) {
        self.time = time
        self.info = info
    }
}

/// How long an event's log keeps donations.
public struct Retention: Hashable, Sendable {
    /// At most this many, the most recent; 0 or less keeps none (the log is emptied right
    /// after the append, the appended donation included).
    public var maxCount: Int
    /// None older than this (ms) before the newest donation in the log (not the one just
    /// appended, which may be backdated), if limited; nil, 0 or less sets no limit (as a plugin
    /// store's `max_age` <= 0 does).
    public var maxAge: Int64?

    /// Creates a retention policy.
    public init(maxCount: Int, maxAge: Int64? = nil) {
        self.maxCount = maxCount
        self.maxAge = maxAge
    }
}

/// Changes to the donation log that commit together with a record.
public struct DonationChanges: Sendable {
    /// Donations to append, each with its event and the retention to apply after appending.
    public var appends: [(event: String, donation: Donation, retention: Retention)] = []
    /// Events whose logs are cleared before appending.
    public var clearedEvents: [String] = []
    /// Clear every log of the subject before appending.
    public var clearsAll = false

    /// No changes.
    public static let none = DonationChanges()

    /// Creates changes.
    public init(appends: [(event: String, donation: Donation, retention: Retention)] = [], clearedEvents: [String] = [], clearsAll: Bool = false) {
        self.appends = appends
        self.clearedEvents = clearedEvents
        self.clearsAll = clearsAll
    }

    /// Whether there is nothing to do.
    public var isEmpty: Bool { appends.isEmpty && clearedEvents.isEmpty && !clearsAll }
}

/// Why a store could not do what it was asked.
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure (maps to the CLI's exit 69 for every kind but `.invalidData`).
    public enum Kind: String, Sendable, Hashable {
        /// Locked past the timeout, unreachable, read-only, full.
        case unavailable
        /// The stored data cannot be read (corrupt, written by a newer version).
        case corrupt
        /// The caller asked for something the store refuses.
        case invalidData
    }

    public var kind: Kind
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    /// What a store that cannot list, erase or restore subjects answers when asked to.
    public static func unsupportedSubjectData(_ operation: String, store: String = "this store") -> StoreError {
        StoreError(.unavailable, "\(store) cannot \(operation) (a plugin store needs ABI 1.3's list_subjects and erase_subject)")
    }
}
