import BeckonCore
import BeckonRules

/// The donation log: order, `since`, retention, and clearing together with the record.
enum DonationChecks {
    static let all: [StoreConformanceCheck] = [
        StoreConformanceCheck("donations-oldest-first", "Donations are read oldest first, each event's log on its own; `since` keeps those at or after the instant.") { probe in
            var version: Int64 = 0
            // Several appends in one commit, then one per commit.
            let batch = [10, 20, 30].map { ("views", Donation(time: $0, info: [.int($0)]), Samples.unbounded) }
            try probe.mustCommit("s", expectedVersion: version, SubjectRecord(), DonationChanges(appends: batch + [("launches", Donation(time: 15), Samples.unbounded)]))
            version = try probe.load("s").version
            for time in [40, 50] as [Int64] {
                try probe.mustCommit("s", expectedVersion: version, SubjectRecord(),
                                     DonationChanges(appends: [("views", Donation(time: time, info: [.int(time)]), Samples.unbounded)]))
                version = try probe.load("s").version
            }
            let reader = try probe.reader()
            let views = try probe.donations("s", "views", from: reader)
            probe.expectEqual(views.map(\.time), [10, 20, 30, 40, 50], "times of 'views'")
            probe.expectEqual(views.map(\.info), [10, 20, 30, 40, 50].map { [Value.int($0)] }, "infos of 'views'")
            probe.expectEqual(try probe.times("s", "launches", from: reader), [15], "times of 'launches'")
            probe.expectEqual(try probe.times("s", "other", from: reader), [], "times of an event never donated")
            let cases: [(Int64?, [Int64])] = [(nil, [10, 20, 30, 40, 50]), (Int64.min, [10, 20, 30, 40, 50]), (0, [10, 20, 30, 40, 50]),
                                              (10, [10, 20, 30, 40, 50]), (11, [20, 30, 40, 50]), (30, [30, 40, 50]), (50, [50]), (51, []), (Int64.max, [])]
            for (since, expected) in cases {
                probe.expectEqual(try probe.times("s", "views", since: since, from: reader), expected, "times of 'views' since \(since.map(String.init) ?? "nil")")
            }
        },

        StoreConformanceCheck("retention-max-count", "After each append the log keeps only the maxCount newest donations, also within one commit and at the default of 1,000.") { probe in
            let keepThree = Retention(maxCount: 3)
            var version: Int64 = 0
            for time in 1...5 as ClosedRange<Int64> {
                try probe.mustCommit("s", expectedVersion: version, SubjectRecord(), DonationChanges(appends: [("e", Donation(time: time), keepThree)]))
                version = try probe.load("s").version
            }
            probe.expectEqual(try probe.times("s", "e", from: try probe.reader()), [3, 4, 5], "log with maxCount 3 after 5 commits")
            let oneCommit = (1...7 as ClosedRange<Int64>).map { ("f", Donation(time: $0), keepThree) }
            try probe.mustCommit("s", expectedVersion: version, SubjectRecord(), DonationChanges(appends: oneCommit))
            version = try probe.load("s").version
            probe.expectEqual(try probe.times("s", "f", from: try probe.reader()), [5, 6, 7], "log with maxCount 3 after 7 appends in one commit")
            probe.expectEqual(try probe.times("s", "e"), [3, 4, 5], "log of another event after pruning 'f'")
            let thousand = Retention(maxCount: 1000)
            let many = (1...1100 as ClosedRange<Int64>).map { ("g", Donation(time: $0), thousand) }
            try probe.mustCommit("s", expectedVersion: version, SubjectRecord(), DonationChanges(appends: many))
            let kept = try probe.times("s", "g", from: try probe.reader())
            probe.expectEqual(kept.count, 1000, "size of a log with maxCount 1000 after 1100 appends")
            probe.expectEqual(kept.first, 101, "oldest kept of 1100 appends with maxCount 1000")
            probe.expectEqual(kept.last, 1100, "newest kept of 1100 appends with maxCount 1000")
            // One more keeps the bound.
            let bound = Retention(maxCount: 1)
            try probe.put("t", SubjectRecord(), DonationChanges(appends: [("e", Donation(time: 1), bound)]))
            try probe.put("t", SubjectRecord(), DonationChanges(appends: [("e", Donation(time: 2, info: [.bool(true)]), bound)]))
            probe.expectEqual(try probe.donations("t", "e", from: try probe.reader()), [Donation(time: 2, info: [.bool(true)])], "log with maxCount 1")
        },

        StoreConformanceCheck("retention-max-age", "After each append the log drops donations older than maxAge before the newest donation in the log (one exactly maxAge old is kept), leaving other events alone; without maxAge nothing is too old.") { probe in
            let thirty = Retention(maxCount: 1000, maxAge: 30)
            for time in stride(from: Int64(0), through: 60, by: 10) {
                try probe.put("s", SubjectRecord(), DonationChanges(appends: [("e", Donation(time: time), thirty), ("keep", Donation(time: time), Samples.unbounded)]))
            }
            let reader = try probe.reader()
            probe.expectEqual(try probe.times("s", "e", from: reader), [30, 40, 50, 60], "log with maxAge 30 after appends at 0…60 (30 is exactly 30 old)")
            probe.expectEqual(try probe.times("s", "keep", from: reader), [0, 10, 20, 30, 40, 50, 60], "log without maxAge")
            // A jump in time empties the log but for the newest.
            try probe.put("s", SubjectRecord(), DonationChanges(appends: [("e", Donation(time: 1_000), thirty)]))
            probe.expectEqual(try probe.times("s", "e", from: try probe.reader()), [1_000], "log with maxAge 30 after an append 940 later")
            // maxAge and maxCount together: both apply.
            let both = Retention(maxCount: 2, maxAge: 100)
            try probe.put("t", SubjectRecord(), DonationChanges(appends: [0, 50, 90, 120].map { ("e", Donation(time: $0), both) }))
            probe.expectEqual(try probe.times("t", "e", from: try probe.reader()), [90, 120], "log with maxCount 2 and maxAge 100")
            // Extreme instants and ages neither trap nor wrap: near Int64.min nothing is too old; the
            // last append's cutoff is (Int64.max - 1) - Int64.max = -1.
            let huge = Retention(maxCount: 10, maxAge: Int64.max)
            try probe.put("u", SubjectRecord(), DonationChanges(appends: [Int64.min, Int64.min + 1, -5].map { ("e", Donation(time: $0), huge) }))
            probe.expectEqual(try probe.times("u", "e", from: try probe.reader()), [Int64.min, Int64.min + 1, -5], "log with maxAge Int64.max after appends near Int64.min")
            try probe.put("u", SubjectRecord(), DonationChanges(appends: [0, Int64.max - 1].map { ("e", Donation(time: $0), huge) }))
            probe.expectEqual(try probe.times("u", "e", from: try probe.reader()), [0, Int64.max - 1], "log with maxAge Int64.max after an append at Int64.max - 1")
            // An event without maxAge (the plugin ABI's max_age 0) keeps donations of any age.
            try probe.put("v", SubjectRecord(), DonationChanges(appends: [10, 2_000_000_000].map { ("e", Donation(time: $0), Retention(maxCount: 10)) }))
            probe.expectEqual(try probe.times("v", "e", from: try probe.reader()), [10, 2_000_000_000], "log without maxAge after appends 2e9 ms apart")
        },

        StoreConformanceCheck("retention-max-age-counts-from-the-newest", "maxAge counts back from the newest donation in the log, not from the one just appended: a backdated donation neither keeps older ones alive nor survives when it is already too old.") { probe in
            let thirty = Retention(maxCount: 1000, maxAge: 30)
            for time in [100, 80] as [Int64] {
                try probe.put("s", SubjectRecord(), DonationChanges(appends: [("e", Donation(time: time), thirty)]))
            }
            probe.expectEqual(try probe.times("s", "e", from: try probe.reader()), [80, 100], "log with maxAge 30 after appending 100, then a backdated 80 (within 30 of 100)")
            // 60 is 40 before the newest (100): too old, though it is the donation just appended.
            try probe.put("s", SubjectRecord(), DonationChanges(appends: [("e", Donation(time: 60), thirty)]))
            probe.expectEqual(try probe.times("s", "e", from: try probe.reader()), [80, 100], "log with maxAge 30 after a backdated 60 (40 before the newest, 100)")
            // A backdated 175 over 130, 150 and 200: the cutoff is 170 (200 - 30), not 145 (175 - 30).
            try probe.put("t", SubjectRecord(), DonationChanges(appends: [130, 200, 150].map { ("e", Donation(time: $0), Retention(maxCount: 1000)) }))
            try probe.put("t", SubjectRecord(), DonationChanges(appends: [("e", Donation(time: 175), thirty)]))
            probe.expectEqual(try probe.times("t", "e", from: try probe.reader()), [175, 200], "log with maxAge 30 after a backdated 175 over 130, 150, 200")
        },

        StoreConformanceCheck("backdated-donation-stays-sorted", "A donation at an earlier instant than the last is read in time order; equal instants keep their append order; maxCount keeps the newest by time.") { probe in
            for time in [10, 30, 20, 5, 30] as [Int64] {
                try probe.put("s", SubjectRecord(), DonationChanges(appends: [("e", Donation(time: time, info: [.int(time)]), Samples.unbounded)]))
            }
            let reader = try probe.reader()
            probe.expectEqual(try probe.times("s", "e", from: reader), [5, 10, 20, 30, 30], "times after appending 10, 30, 20, 5, 30")
            probe.expectEqual(try probe.times("s", "e", since: 15, from: reader), [20, 30, 30], "times since 15 after a backdated append")
            let equal = [Donation(time: 7, info: [.string("first")]), Donation(time: 7, info: [.string("second")]), Donation(time: 7, info: [.string("third")])]
            try probe.put("t", SubjectRecord(), DonationChanges(appends: [("e", equal[0], Samples.unbounded), ("e", equal[1], Samples.unbounded)]))
            try probe.put("t", SubjectRecord(), DonationChanges(appends: [("e", equal[2], Samples.unbounded)]))
            probe.expectEqual(try probe.donations("t", "e", from: try probe.reader()), equal, "donations at the same instant")
            let two = Retention(maxCount: 2)
            for time in [10, 20, 5] as [Int64] {
                try probe.put("u", SubjectRecord(), DonationChanges(appends: [("e", Donation(time: time), two)]))
            }
            probe.expectEqual(try probe.times("u", "e", from: try probe.reader()), [10, 20], "maxCount 2 after appending 10, 20, then a backdated 5")
        },

        StoreConformanceCheck("clears-commit-with-the-record", "clearedEvents and clearsAll empty the logs before that commit's appends, in the same commit as its record.") { probe in
            let old = (1...3 as ClosedRange<Int64>).flatMap { time in ["a", "b", "c"].map { ($0, Donation(time: time), Samples.unbounded) } }
            try probe.put("s", SubjectRecord(), DonationChanges(appends: old))
            var record = Samples.smallRecord
            record.parameters["cleared"] = .string("a")
            try probe.put("s", record, DonationChanges(appends: [("a", Donation(time: 9), Samples.unbounded)], clearedEvents: ["a", "b"]))
            var reader = try probe.reader()
            probe.expectEqual(try probe.load("s", from: reader).record, record, "record committed with clearedEvents")
            probe.expectEqual(try probe.times("s", "a", from: reader), [9], "log of 'a', cleared then appended to")
            probe.expectEqual(try probe.times("s", "b", from: reader), [], "log of 'b', cleared")
            probe.expectEqual(try probe.times("s", "c", from: reader), [1, 2, 3], "log of 'c', not cleared")
            record.parameters["cleared"] = .string("all")
            try probe.put("s", record, DonationChanges(appends: [("b", Donation(time: 11), Samples.unbounded)], clearsAll: true))
            reader = try probe.reader()
            probe.expectEqual(try probe.load("s", from: reader).record, record, "record committed with clearsAll")
            probe.expectEqual(try probe.times("s", "a", from: reader), [], "log of 'a' after clearsAll")
            probe.expectEqual(try probe.times("s", "b", from: reader), [11], "log of 'b', cleared by clearsAll then appended to")
            probe.expectEqual(try probe.times("s", "c", from: reader), [], "log of 'c' after clearsAll")
            // Clearing a log that never existed is fine.
            try probe.put("fresh", SubjectRecord(), DonationChanges(clearedEvents: ["nothing"], clearsAll: true))
            probe.expectEqual(try probe.times("fresh", "nothing"), [], "log cleared before it existed")
        },
    ]
}
