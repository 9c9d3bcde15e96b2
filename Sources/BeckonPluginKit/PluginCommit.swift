public import CBeckonPlugin

/// Everything one commit writes, all or nothing: a Swift copy of `beckon_commit`.
public struct PluginCommit: Hashable, Sendable {
    /// The subject.
    public var subject: String
    /// The version the engine read; store only if the stored version is still this.
    public var expectedVersion: Int64
    /// The new record's bytes, to store at `expectedVersion + 1` (or at `version`, when set).
    public var record: [UInt8]
    /// Applied first: remove every logged donation of the subject.
    public var clearsAll: Bool
    /// Applied next: remove these events' logs.
    public var clearedEvents: [String]
    /// Applied last, in order: append each, then apply its retention.
    public var appends: [Append]
    /// The host's clock at the commit (Unix ms), for stores that expire idle subjects. A store
    /// with `PluginSubjectDataBackend` keeps it as the subject's last activity.
    public var now: Int64
    /// nil for an ordinary commit (the record at `expectedVersion + 1`); a restore's exact
    /// version (ABI 1.3), which the host sends only to a `PluginSubjectDataBackend`, together
    /// with `clearsAll` and every donation as an append that keeps everything.
    public var version: Int64?

    /// The version the record is stored at: `version`, or `expectedVersion + 1`.
    public var storedVersion: Int64 { version ?? expectedVersion + 1 }

    /// One donation to append, with the retention of its event's log.
    public struct Append: Hashable, Sendable {
        /// The event's id.
        public var event: String
        /// When it was donated (Unix ms).
        public var time: Int64
        /// The info bytes to keep with it.
        public var info: [UInt8]
        /// Keep at most this many donations of the event, the most recent. A host sends 1 or more
        /// (`Int64.max` in a restore); a backend need not handle less.
        public var maxCount: Int64
        /// When above 0: drop the donations older than the newest one's time in the log (not
        /// the appended one's, which may be backdated) minus this (ms).
        public var maxAge: Int64

        /// Creates an append.
        public init(event: String, time: Int64, info: [UInt8] = [], maxCount: Int64, maxAge: Int64 = 0) {
            self.event = event
            self.time = time
            self.info = info
            self.maxCount = maxCount
            self.maxAge = maxAge
        }
    }

    /// Creates a commit.
    public init(subject: String, expectedVersion: Int64, record: [UInt8], clearsAll: Bool = false,
                clearedEvents: [String] = [], appends: [Append] = [], now: Int64 = 0, version: Int64? = nil) {
        self.subject = subject
        self.expectedVersion = expectedVersion
        self.record = record
        self.clearsAll = clearsAll
        self.clearedEvents = clearedEvents
        self.appends = appends
        self.now = now
        self.version = version
    }

    /// Copies the host's commit (every string and byte array), so nothing borrowed outlives
    /// the call. Reads only the fields the commit's `struct_size` covers: a 1.0-1.2 host's
    /// commit has no `version`.
    public init(_ pointer: UnsafePointer<beckon_commit>) {
        let size = min(Int(UnsafeRawPointer(pointer).load(as: UInt32.self)), MemoryLayout<beckon_commit>.size)
        var commit = beckon_commit()
        withUnsafeMutableBytes(of: &commit) { $0.copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: size)) }
        self.init(commit)
        let versionEnd = MemoryLayout<beckon_commit>.offset(of: \.version)! + MemoryLayout<Int64>.size
        if size < versionEnd { version = nil }
    }

    /// Copies a commit value whose every field is set (see `init(_: UnsafePointer<beckon_commit>)`
    /// for a commit the host passed).
    public init(_ commit: beckon_commit) {
        subject = String(commit.subject)
        expectedVersion = commit.expected_version
        record = copyBytes(commit.record, commit.record_len)
        clearsAll = commit.clears_all
        clearedEvents = commit.cleared_events.map { events in
            (0..<commit.cleared_event_count).map { String(events[$0]) }
        } ?? []
        appends = commit.appends.map { appends in
            (0..<commit.append_count).map { index in
                let append = appends[index]!.pointee
                return Append(event: String(append.event), time: append.time, info: copyBytes(append.info, append.info_len),
                              maxCount: append.max_count, maxAge: append.max_age)
            }
        } ?? []
        now = commit.now
        version = commit.version > 0 ? commit.version : nil
    }
}

/// `length` bytes at `bytes` (none when the pointer is NULL).
private func copyBytes(_ bytes: UnsafePointer<UInt8>?, _ length: Int) -> [UInt8] {
    guard let bytes, length > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: bytes, count: length))
}
