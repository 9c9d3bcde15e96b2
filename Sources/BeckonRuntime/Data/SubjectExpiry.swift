public import BeckonCore

/// Decides, one page of listed subjects at a time, which subjects have been inactive too long:
/// a host lists a page where `nextPage` says, erases what `received` answers (each with
/// `activeBefore`, so a subject active since its listing stays), and carries on when it likes,
/// so expiry never pauses anything for a time that grows with the store. One pass goes through
/// the store once; `restart` begins the next.
public struct SubjectExpiry: Sendable, Equatable {
    /// How long a subject may stay inactive (ms).
    public let inactivity: Int64
    /// Subjects listed per page.
    public let pageSize: Int
    /// Where the next page starts (nil: at the first subject).
    public private(set) var cursor: String?
    /// Whether this pass has gone through every subject.
    public private(set) var isFinished = false
    /// Subjects listed and found expired so far in this pass.
    public private(set) var listed = 0, expired = 0

    /// Starts a pass expiring subjects inactive for `inactivity` ms (more than 0).
    public init(inactivity: Int64, pageSize: Int = SubjectData.pageSize) {
        self.inactivity = max(inactivity, 1)
        self.pageSize = max(pageSize, 1)
    }

    /// The page to list next, nil when the pass is over.
    public var nextPage: (after: String?, limit: Int)? {
        isFinished ? nil : (cursor, pageSize)
    }

    /// The instant before which a subject's last activity makes it expired, at `now`.
    public func activeBefore(now: Int64) -> Int64 {
        now.subtractingReportingOverflow(inactivity).overflow ? Int64.min : now - inactivity
    }

    /// Takes the page listed at `nextPage` and the clock's `now`; returns the subjects to erase.
    public mutating func received(_ page: [StoredSubject], now: Int64) -> [String] {
        guard !isFinished else { return [] }
        listed += page.count
        cursor = SubjectData.nextCursor(after: page, limit: pageSize)
        if cursor == nil { isFinished = true }
        let before = activeBefore(now: now)
        let erase = page.filter { $0.lastActive < before }.map(\.subject)
        expired += erase.count
        return erase
    }

    /// One step of the pass against `store` at `now`: lists the next page, then erases each
    /// subject it finds expired (each with `activeBefore`, so one active since its listing
    /// stays; none with `dryRun`). Returns the subjects found expired and those erased, nil when
    /// the pass is over. Every host that expires (the CLI's whole pass, the server's service
    /// page by page) goes through here.
    public mutating func expireNextPage(in store: any Store, now: Int64, dryRun: Bool = false)
        throws(StoreError) -> (expired: [String], erased: [String])? {
        guard let page = nextPage else { return nil }
        let expired = received(try store.subjects(after: page.after, limit: page.limit), now: now)
        guard !dryRun else { return (expired, []) }
        var erased: [String] = []
        for subject in expired where try store.erase(subject: subject, activeBefore: activeBefore(now: now)) {
            erased.append(subject)
        }
        return (expired, erased)
    }

    /// Begins a new pass from the first subject.
    public mutating func restart() {
        cursor = nil
        isFinished = false
        listed = 0
        expired = 0
    }
}

extension SubjectData {
    /// What an expiry pass found and did.
    public struct ExpirySummary: Sendable, Equatable {
        /// Subjects listed.
        public var listed = 0
        /// Subjects inactive too long (erased unless a dry run).
        public var expired: [String] = []
        /// Subjects erased (fewer than expired when one was active again before its erasure).
        public var erased = 0
    }

    /// Runs one whole expiry pass over `store` at `now`: subjects last active before
    /// `now - inactivity` are erased (only listed with `dryRun`).
    public static func expire(store: any Store, inactivity: Int64, now: Int64, dryRun: Bool,
                              progress: ProgressHandler? = nil) throws(SubjectDataError) -> ExpirySummary {
        var expiry = SubjectExpiry(inactivity: inactivity)
        var summary = ExpirySummary()
        do throws(StoreError) {
            while let step = try expiry.expireNextPage(in: store, now: now, dryRun: dryRun) {
                summary.expired += step.expired
                summary.erased += step.erased.count
                progress?(Progress(done: expiry.listed, total: nil, phase: "checked"))
            }
        } catch {
            throw .store(error)
        }
        summary.listed = expiry.listed
        return summary
    }
}
