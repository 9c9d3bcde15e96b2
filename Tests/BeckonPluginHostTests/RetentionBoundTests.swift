@testable import BeckonPluginHost
import BeckonCore
import BeckonRules
import BeckonTestSupport
import Testing

/// The header promises stores a `max_count` of at least 1. A Swift caller may still declare an
/// event whose bound is below 1; the host sends such an append as a clear of its event instead
/// (`PluginStore.boundedBelow`). Over seeded random commits, what it sends has no bound below 1
/// and leaves every log as the commit itself does on `MemoryStore`.
@Suite struct RetentionBoundTests {
    static let events = ["a", "b", "c"]

    @Test(arguments: 1...12)
    func sentCommitsKeepTheLogsOfTheOriginal(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed))
        let original = MemoryStore(), sent = MemoryStore()
        var version: Int64 = 0
        for step in 0..<60 {
            var changes = DonationChanges()
            if generator.below(10) == 0 { changes.clearedEvents = [generator.pick(Self.events)] }
            if generator.below(20) == 0 { changes.clearsAll = true }
            for _ in 0..<(1 + generator.below(4)) {
                let retention = Retention(maxCount: generator.pick([Int.min, -1, 0, 1, 2, 3, 1_000]), maxAge: generator.pick([nil, 5, 40]))
                let donation = Donation(time: Int64(step * 3 + generator.below(10)), info: [.int(Int64(step))])
                changes.appends.append((generator.pick(Self.events), donation, retention))
            }
            let bounded = PluginStore.boundedBelow(changes)
            #expect(bounded.appends.allSatisfy { $0.retention.maxCount >= 1 }, "seed \(seed), step \(step)")
            #expect(try original.commit(subject: "s", expectedVersion: version, record: SubjectRecord(), donations: changes))
            #expect(try sent.commit(subject: "s", expectedVersion: version, record: SubjectRecord(), donations: bounded))
            version += 1
            for event in Self.events {
                #expect(try sent.donations(subject: "s", event: event, since: nil) == original.donations(subject: "s", event: event, since: nil),
                        "seed \(seed), step \(step), event \(event)")
            }
        }
    }
}
