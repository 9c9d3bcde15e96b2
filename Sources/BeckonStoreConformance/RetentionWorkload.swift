public import BeckonCore
import BeckonRules

/// Seeded random commits on two subjects, `s1` and `s2`, for comparing a store's logs with
/// `MemoryStore`'s (which holds each log exactly at its bound): each commit appends one to three
/// donations at random, some at equal or earlier instants than the last, with each event's
/// retention by count and by age drawn once for the whole run, and now and then clears one log or
/// all of a subject's. The stores' suites (SQLite, PostgreSQL) make each commit in their store and
/// in a `MemoryStore`, then compare what both read back.
public struct RetentionWorkload {
    /// The events donated to.
    public let events: [String]
    /// Each event's `maxCount`, drawn from the bounds given.
    public let maxCounts: [Int]
    /// Each event's `maxAge` (ms), or none.
    public let ages: [Int64?]
    /// The last donation's instant.
    public private(set) var clock: Int64 = 1000
    /// Each subject's version after the commits made so far.
    public private(set) var versions: [String: Int64] = ["s1": 0, "s2": 0]
    private let clearsAllBelow: Int
    private let clearsOneBelow: Int

    /// A run over `events`, each bounded by one of `bounds`; of 100 commits, `clearsAllBelow`
    /// clear all of a subject's logs and `clearsOneBelow - clearsAllBelow` clear one.
    public init(events: [String], bounds: [Int], clearsAllBelow: Int, clearsOneBelow: Int,
                using generator: inout some RandomNumberGenerator) {
        self.events = events
        maxCounts = events.map { _ in bounds[Int.random(in: 0..<bounds.count, using: &generator)] }
        ages = events.map { _ in Bool.random(using: &generator) ? nil : Int64.random(in: 5...200, using: &generator) }
        self.clearsAllBelow = clearsAllBelow
        self.clearsOneBelow = clearsOneBelow
    }

    /// A commit a store refused (its compare-and-set failed where it must hold).
    public struct RefusedCommit: Error, CustomStringConvertible {
        public let subject: String
        public let expectedVersion: Int64
        public var description: String { "the commit of \(subject) at version \(expectedVersion) was refused" }
    }

    /// Makes the next commit in each of `stores` (the store under test and a `MemoryStore`) and
    /// returns its subject; each donation's info is `step`. Throws when a store refuses it.
    public mutating func commitNext(step: Int, to stores: [any Store], using generator: inout some RandomNumberGenerator)
        throws -> String {
        let subject = Bool.random(using: &generator) ? "s1" : "s2"
        var changes = DonationChanges()
        let roll = Int.random(in: 0..<100, using: &generator)
        if roll < clearsAllBelow {
            changes.clearsAll = true
        } else if roll < clearsOneBelow {
            changes.clearedEvents = [events[Int.random(in: 0..<events.count, using: &generator)]]
        }
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let slot = Int.random(in: 0..<events.count, using: &generator)
            clock += Int64.random(in: -3...6, using: &generator)
            let retention = Retention(maxCount: maxCounts[slot], maxAge: ages[slot])
            changes.appends.append((events[slot], Donation(time: clock, info: [.int(Int64(step))]), retention))
        }
        let version = versions[subject]!
        for store in stores {
            guard try store.commit(subject: subject, expectedVersion: version, record: SubjectRecord(), donations: changes) else {
                throw RefusedCommit(subject: subject, expectedVersion: version)
            }
        }
        versions[subject] = version + 1
        return subject
    }
}
