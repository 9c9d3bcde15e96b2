import BeckonCore
import BeckonRules

/// Data the checks write: small and readable, but reaching every kind and every edge a store
/// could mangle (integer limits, doubles that are not whole, NUL and newlines in strings).
enum Samples {
    /// A retention that never prunes what the checks write.
    static let unbounded = Retention(maxCount: 1_000_000)

    /// A record with a little of everything, for checks about versions rather than data.
    static let smallRecord: SubjectRecord = {
        var record = SubjectRecord()
        record.parameters["isLoggedIn"] = .bool(true)
        record.events["appLaunched"] = EventCounters(count: 2, first: 100, last: 200)
        return record
    }()

    /// One value of each kind, and the edges of each.
    static let values: [(name: String, value: Value)] = [
        ("null", .null),
        ("boolTrue", .bool(true)),
        ("boolFalse", .bool(false)),
        ("intZero", .int(0)),
        ("intNegative", .int(-42)),
        ("intMax", .int(.max)),
        ("intMin", .int(.min)),
        ("doubleWhole", .double(3)),
        ("doubleFraction", .double(0.1)),
        ("doubleNegative", .double(-2.5e-8)),
        ("doubleLargest", .double(.greatestFiniteMagnitude)),
        ("doubleSubnormal", .double(.leastNonzeroMagnitude)),
        ("stringEmpty", .string("")),
        ("stringPlain", .string("pro")),
        ("stringUnicode", .string("ünïcødé 🎉 中文")),
        ("stringEscapes", .string("quote \" apostrophe ' backslash \\ newline \n tab \t nul \u{0} end")),
        ("stringJSONLike", .string("{\"a\": [1, null]}")),
        ("durationZero", .duration(0)),
        ("duration", .duration(90 * 86_400_000)),
        ("durationNegative", .duration(-1)),
        ("timestamp", .timestamp(1_767_225_600_000)),
        ("timestampBefore1970", .timestamp(-86_400_000)),
        ("timestampMax", .timestamp(.max)),
        ("version", .version(Version(major: 2, minor: 10, patch: 3))),
        ("versionZero", .version(Version(major: 0))),
        ("versionLarge", .version(Version(major: 999_999_999, minor: 0, patch: 1))),
        ("listEmpty", .list([])),
        ("listOfStrings", .list([.string("a"), .string(""), .string("c,d")])),
        ("listOfInts", .list([.int(1), .int(-1), .int(.max)])),
        ("listOfDoubles", .list([.double(1), .double(0.5)])),
        ("listOfVersions", .list([.version(Version(major: 1)), .version(Version(major: 1, minor: 2, patch: 3))])),
        ("listOfDurations", .list([.duration(1), .duration(0)])),
        ("listOfTimestamps", .list([.timestamp(0), .timestamp(1)])),
        ("listOfBools", .list([.bool(false), .bool(true)])),
        ("listWithNull", .list([.null, .string("x")])),
    ]

    /// Every field of a subject record set, with every invalidation reason.
    static let fullRecord: SubjectRecord = {
        var record = SubjectRecord()
        for (name, value) in values { record.parameters[name] = value }
        record.events = [
            "appLaunched": EventCounters(count: 3, first: 1_000, last: 3_000),
            "landmarkViewed": EventCounters(count: Int64.max, first: -5, last: Int64.max),
            "neverDonated": EventCounters(),
            "onlyFirst": EventCounters(count: 1, first: 7, last: nil),
        ]
        record.tips = [
            "welcome": TipRecord(displayCount: 2, firstDisplay: 10, lastDisplay: 20, displayDuration: 1_500, invalidation: nil),
            "never": TipRecord(),
        ]
        for (index, reason) in InvalidationReason.allCases.enumerated() {
            record.tips["tip-\(reason.rawValue)"] = TipRecord(displayCount: Int64(index + 1), firstDisplay: Int64(index), lastDisplay: Int64(index + 100),
                                                             displayDuration: Int64(index * 1000), invalidation: reason)
        }
        record.scenarios = [
            "review": ScenarioRecord(events: 5, firstEvent: 100, lastEvent: 500, executions: 1, lastExecution: 600),
            "offer": ScenarioRecord(events: 0, firstEvent: 700, lastEvent: 800, executions: 2, lastExecution: 900, resetAt: 650, eventCountAtReset: 12),
            "untouched": ScenarioRecord(),
        ]
        record.lastNewTipDisplay = 1_234_567
        record.whatsNew = WhatsNewRecord(presented: [Version(major: 1), Version(major: 1, minor: 1), Version(major: 2, minor: 0, patch: 5)],
                                         lastSeenAppVersion: Version(major: 2, minor: 3, patch: 1),
                                         previousAppVersion: Version(major: 2, minor: 2))
        return record
    }()

    /// The fields in which two records differ, for messages that say more than "not equal".
    static func differences(_ actual: SubjectRecord, _ expected: SubjectRecord) -> [String] {
        var lines: [String] = []
        func compare<K: Hashable & Comparable, V: Equatable>(_ what: String, _ a: [K: V], _ b: [K: V]) {
            for key in Set(a.keys).union(b.keys).sorted() where a[key] != b[key] {
                lines.append("\(what)[\(key)]: expected \(b[key].map { "\($0)" } ?? "nothing"), got \(a[key].map { "\($0)" } ?? "nothing")")
            }
        }
        compare("parameters", actual.parameters, expected.parameters)
        compare("events", actual.events, expected.events)
        compare("tips", actual.tips, expected.tips)
        compare("scenarios", actual.scenarios, expected.scenarios)
        if actual.lastNewTipDisplay != expected.lastNewTipDisplay {
            lines.append("lastNewTipDisplay: expected \(expected.lastNewTipDisplay.map(String.init) ?? "nil"), got \(actual.lastNewTipDisplay.map(String.init) ?? "nil")")
        }
        if actual.whatsNew != expected.whatsNew {
            lines.append("whatsNew: expected \(expected.whatsNew), got \(actual.whatsNew)")
        }
        return lines
    }
}
