import BeckonCore
import BeckonDiagnostics
import BeckonRules
import Testing

/// SEMANTICS §3: events, donations, counters, the bounded log and window queries.
@Suite struct DonationTests {
    @Test func countFirstAndLast() throws {
        let harness = try Harness("events: {e: {}}")
        let first = try harness.engine.donate("e", at(t0))
        #expect(first == EventCounters(count: 1, first: t0, last: t0))
        _ = try harness.engine.donate("e", at(t0 + minute))
        let third = try harness.engine.donate("e", at(t0 + hour))
        #expect(third == EventCounters(count: 3, first: t0, last: t0 + hour))
        #expect(try harness.record().events["e"] == third)
        #expect(try harness.logTimes("e") == [t0, t0 + minute, t0 + hour])
    }

    /// A choice: `first` and `last` are the earliest and latest donation instants, so a donation
    /// at an earlier instant (a clock set back) moves `first` back and leaves `last`; the log
    /// stays in time order too.
    @Test func backdatedDonation() throws {
        let harness = try Harness("events: {e: {}}")
        _ = try harness.engine.donate("e", at(t0 + hour))
        let counters = try harness.engine.donate("e", at(t0))
        #expect(counters == EventCounters(count: 2, first: t0, last: t0 + hour))
        #expect(try harness.logTimes("e") == [t0, t0 + hour])
    }

    @Test func countersAndRulesSeeDonations() throws {
        let harness = try Harness("""
            events: {e: {}}
            tips:
              counted: {title: C, rules: ["events.e.count == 2", "events.e.first == now - 1h", "events.e.last == now"]}
              since: {title: S, rules: ["events.e.sinceFirst == 1h", "events.e.sinceLast == 0s"]}
              never: {title: N, rules: ["events.e.last == null"]}
            """)
        #expect(try harness.engine.tipStatus("never", at(t0)).status == .available)
        _ = try harness.engine.donate("e", at(t0))
        _ = try harness.engine.donate("e", at(t0 + hour))
        for tip in ["counted", "since"] {
            #expect(try harness.engine.tipStatus(tip, at(t0 + hour)).status == .available, "\(tip)")
        }
        #expect(try harness.engine.tipStatus("never", at(t0 + hour)).status == .pending)
    }

    @Test func defaultRetentionKeepsTheLatestThousand() throws {
        let harness = try Harness("""
            events: {e: {}}
            tips: {t: {title: T, rules: ["events.e.count == 1005", "events.e.within(1d).count == 1000"]}}
            """)
        for index in 0..<1005 { _ = try harness.engine.donate("e", at(t0 + Int64(index))) }
        let times = try harness.logTimes("e")
        #expect(times.count == 1000)
        #expect(times.first == t0 + 5)
        #expect(try harness.record().events["e"]?.count == 1005)
        #expect(try harness.engine.tipStatus("t", at(t0 + 2000)).status == .available)
    }

    @Test func maxCountPrunesTheLogButNotTheCount() throws {
        let harness = try Harness("""
            events: {e: {retention: {maxCount: 3}}}
            tips:
              lifetime: {title: L, rules: ["events.e.count == 5"]}
              window: {title: W, rules: ["events.e.within(30d).count == 3"]}
            """)
        for index in 0..<5 { _ = try harness.engine.donate("e", at(t0 + Int64(index) * minute)) }
        #expect(try harness.logTimes("e") == [t0 + 2 * minute, t0 + 3 * minute, t0 + 4 * minute])
        #expect(try harness.record().events["e"] == EventCounters(count: 5, first: t0, last: t0 + 4 * minute))
        #expect(try harness.engine.tipStatus("lifetime", at(t0 + hour)).status == .available)
        #expect(try harness.engine.tipStatus("window", at(t0 + hour)).status == .available)
    }

    @Test func maxAgePrunesByAge() throws {
        let harness = try Harness("""
            events: {e: {retention: {maxAge: 1d}}}
            tips:
              window: {title: W, rules: ["events.e.within(1d).count == 2"]}
              all: {title: A, rules: ["events.e.where(true).count == 2", "events.e.count == 3"]}
            """)
        _ = try harness.engine.donate("e", at(t0))
        _ = try harness.engine.donate("e", at(t0 + 12 * hour))
        _ = try harness.engine.donate("e", at(t0 + 25 * hour))
        #expect(try harness.logTimes("e") == [t0 + 12 * hour, t0 + 25 * hour])
        #expect(try harness.engine.tipStatus("window", at(t0 + 25 * hour)).status == .available)
        #expect(try harness.engine.tipStatus("all", at(t0 + 25 * hour)).status == .available)
    }

    @Test func donationsOlderThanMaxAgeAreNotReadBeforePruning() throws {
        let harness = try Harness("""
            events: {e: {retention: {maxAge: 1d}}}
            tips: {t: {title: T, rules: ["events.e.where(true).count == 0", "events.e.count == 1"]}}
            """)
        _ = try harness.engine.donate("e", at(t0))
        // No later donation pruned the log, but a query two days on must not see it.
        #expect(try harness.logTimes("e") == [t0])
        #expect(try harness.engine.tipStatus("t", at(t0 + day)).status == .pending)
        #expect(try harness.engine.tipStatus("t", at(t0 + day + 1)).status == .available)
    }

    @Test func extremeInstantsNeverCrash() throws {
        let harness = try Harness("""
            events: {e: {retention: {maxAge: 90d}}}
            tips: {t: {title: T, rules: ["events.e.where(true).count == 1", "events.e.within(1d).count == 1"]}}
            """)
        _ = try harness.engine.donate("e", at(Int64.min))
        _ = try harness.engine.donate("e", at(Int64.min + 1))
        #expect(try harness.logTimes("e") == [Int64.min, Int64.min + 1])
        #expect(try harness.engine.tipStatus("t", at(Int64.min)).status == .pending)
        _ = try harness.engine.donate("e", at(Int64.max))
        #expect(try harness.logTimes("e") == [Int64.max])
        #expect(try harness.engine.tipStatus("t", at(Int64.max)).status == .available)
    }

    @Test func windowLongerThanMaxAgeIsAConfigurationError() {
        let errors = loadErrors("""
            events: {e: {retention: {maxAge: 7d}}}
            tips: {t: {title: T, rules: ["events.e.within(8d).count >= 1"]}}
            """)
        #expect(errors.map(\.code) == ["rule.windowExceedsRetention"])
        // Equal to maxAge is fine.
        #expect(throws: Never.self) {
            try loadConfiguration("""
                events: {e: {retention: {maxAge: 7d}}}
                tips: {t: {title: T, rules: ["events.e.within(7d).count >= 1"]}}
                """)
        }
    }

    @Test func windowIsInclusive() throws {
        let harness = try Harness("""
            events: {e: {}}
            tips: {t: {title: T, rules: ["events.e.within(1h).count == 1"]}}
            """)
        _ = try harness.engine.donate("e", at(t0))
        #expect(try harness.engine.tipStatus("t", at(t0 + hour)).status == .available)
        #expect(try harness.engine.tipStatus("t", at(t0 + hour + 1)).status == .pending)
    }

    @Test func undeclaredEventWritesNothing() throws {
        let harness = try Harness("events: {appLaunched: {}}")
        #expect(engineError { try harness.engine.donate("appLaunch", at(t0)) } == .undeclared(kind: "event", id: "appLaunch", suggestion: "appLaunched"))
        #expect(try harness.stored().version == 0)
        #expect(try harness.logTimes("appLaunch") == [])
    }

    static let infoYAML = """
        events:
          viewed: {info: {landmark: string, fromSearch: bool, rating: int, price: double, seen: timestamp, spent: duration, build: version}}
        tips:
          search: {title: S, rules: ["events.viewed.where(info.fromSearch).count == 2"]}
          favorite: {title: F, rules: ["events.viewed.largestSubset(info.landmark).count == 2"]}
          cheap: {title: C, rules: ["events.viewed.where(info.price < 10.0).count == 2"]}
        """

    @Test func infoIsStoredInDeclaredOrderWithNulls() throws {
        let harness = try Harness(Self.infoYAML)
        _ = try harness.engine.donate("viewed", info: ["fromSearch": .bool(true), "landmark": .string("Tower"), "price": .int(5)], at(t0))
        _ = try harness.engine.donate("viewed", info: [
            "landmark": .string("Bridge"), "fromSearch": .bool(false), "rating": .int(4), "price": .double(12.5),
            "seen": .timestamp(t0), "spent": .duration(minute), "build": .version(Version(major: 2)),
        ], at(t0 + 1))
        _ = try harness.engine.donate("viewed", info: ["landmark": .string("Tower"), "fromSearch": .bool(true), "price": .double(9.99)], at(t0 + 2))
        let log = try harness.store.donations(subject: "default", event: "viewed", since: nil)
        #expect(log.map(\.info) == [
            [.string("Tower"), .bool(true), .null, .double(5), .null, .null, .null],
            [.string("Bridge"), .bool(false), .int(4), .double(12.5), .timestamp(t0), .duration(minute), .version(Version(major: 2))],
            [.string("Tower"), .bool(true), .null, .double(9.99), .null, .null, .null],
        ])
        for tip in ["search", "favorite", "cheap"] {
            #expect(try harness.engine.tipStatus(tip, at(t0 + 3)).status == .available, "\(tip)")
        }
    }

    struct BadInfoCase: Sendable, CustomTestStringConvertible {
        var info: [String: Value]
        var mentions: [String]
        var testDescription: String { "\(info)" }
    }

    @Test(arguments: [
        BadInfoCase(info: ["landmark": .int(3)], mentions: ["landmark", "viewed", "string", "int"]),
        BadInfoCase(info: ["fromSearch": .string("yes")], mentions: ["fromSearch", "bool", "string"]),
        BadInfoCase(info: ["rating": .double(4.5)], mentions: ["rating", "int", "double"]),
        BadInfoCase(info: ["seen": .int(t0)], mentions: ["seen", "timestamp", "int"]),
        BadInfoCase(info: ["colour": .string("red")], mentions: ["colour", "viewed", "landmark"]),
    ])
    func badInfoWritesNothing(_ test: BadInfoCase) throws {
        let harness = try Harness(Self.infoYAML)
        _ = try harness.engine.donate("viewed", info: ["landmark": .string("Tower")], at(t0))
        let before = try harness.stored()
        let error = engineError { try harness.engine.donate("viewed", info: test.info, at(t0 + 1)) }
        #expect(error?.isInvalidValue == true)
        for word in test.mentions {
            #expect(error?.message.contains(word) == true, "'\(word)' in \(error?.message ?? "")")
        }
        let after = try harness.stored()
        #expect(after.version == before.version)
        #expect(after.record == before.record)
        #expect(try harness.logTimes("viewed") == [t0])
    }

    @Test func eventsAreIndependent() throws {
        let harness = try Harness("events: {a: {retention: {maxCount: 1}}, b: {}}")
        _ = try harness.engine.donate("a", at(t0))
        _ = try harness.engine.donate("b", at(t0 + 1))
        _ = try harness.engine.donate("a", at(t0 + 2))
        #expect(try harness.record().events["a"]?.count == 2)
        #expect(try harness.record().events["b"]?.count == 1)
        #expect(try harness.logTimes("a") == [t0 + 2])
        #expect(try harness.logTimes("b") == [t0 + 1])
    }
}
