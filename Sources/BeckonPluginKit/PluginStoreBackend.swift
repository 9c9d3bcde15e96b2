/// A store backend written in Swift: what `store.backend: NAMESPACE.NAME` selects.
///
/// The kit generates the C callbacks of `beckon_store` around it: `open` creates an instance
/// with `init(options:)` and hands the host a retained pointer to it, `load`, `commit` and
/// `read_log` call the methods below, and `close` releases it (so `deinit` is where a backend
/// frees what it holds). Every `PluginError` becomes the call's status and message.
///
/// One instance serves every thread of the host at once (unless the store is declared
/// `serialized`), hence `Sendable`: guard its state with a `Mutex` or use a thread-safe client.
///
/// The semantics are the header's (see "Stores" in `beckon_plugin.h`):
/// - a subject's record is versioned; 0 means never stored, and a successful commit stores
///   `expectedVersion + 1` (`commit.storedVersion`);
/// - `commit` is all or nothing: when the stored version is not `expectedVersion` it returns
///   false and changes nothing, and any error it throws must leave everything unchanged too;
/// - logs are per subject and event, ordered by time, then by order of appending.
public protocol PluginStoreBackend: AnyObject, Sendable {
    /// Opens the store. `options` is the configuration's `store.options` as canonical JSON
    /// (`null` when absent). Throw `.invalidArgument` for bad options, `.unavailable` when the
    /// storage cannot be reached.
    init(options: String) throws(PluginError)

    /// The subject's record and its version, or nil when the subject was never stored.
    func load(subject: String) throws(PluginError) -> PluginRecord?

    /// Applies `commit` atomically when the stored version is `commit.expectedVersion`: the
    /// record at `commit.storedVersion`, then `clearsAll`, then `clearedEvents`, then each
    /// append followed by its retention. Returns false, changing nothing, on a version conflict.
    func commit(_ commit: PluginCommit) throws(PluginError) -> Bool

    /// The logged donations of one event for one subject with `time >= since`, oldest first
    /// (equal times in the order appended).
    func readLog(subject: String, event: String, since: Int64) throws(PluginError) -> [PluginDonation]
}

/// A subject's stored record: opaque bytes at a version.
public struct PluginRecord: Hashable, Sendable {
    /// The version it was stored at (1 or more).
    public var version: Int64
    /// The record's bytes, returned exactly as committed.
    public var bytes: [UInt8]

    /// Creates a record.
    public init(version: Int64, bytes: [UInt8]) {
        self.version = version
        self.bytes = bytes
    }
}

/// One logged donation: when, and its opaque info bytes.
public struct PluginDonation: Hashable, Sendable {
    /// When it was donated (Unix ms).
    public var time: Int64
    /// The info bytes, returned exactly as appended (may be empty).
    public var info: [UInt8]

    /// Creates a donation.
    public init(time: Int64, info: [UInt8]) {
        self.time = time
        self.info = info
    }
}
