import Foundation
import BeckonConfig
import BeckonCore
import BeckonRules
import BeckonRuntime

/// A configuration declaring a value of every type, an event with info fields of every type, a
/// tip and a scenario, and a subject's snapshot that sets every member of the data format.
enum SubjectDataFixture {
    static let yaml = """
        version: 1
        store: {backend: memory}
        parameters:
          plan: {type: string, default: free}
          level: {type: int, default: 0}
          ratio: {type: double, default: 0.5}
          wait: {type: duration, default: 1h}
          since: {type: timestamp}
          seen: {type: version}
          tags: {type: list<string>, default: []}
          probe: {type: bool, transient: true, default: false}
        events:
          opened: {}
          saved:
            info: {count: int, name: string, size: double, at: timestamp, took: duration}
        tips:
          welcome: {title: Welcome}
        scenarios:
          review: {minEventsRequired: 1}
        """

    static let configuration: Configuration = try! Runtime.load(yaml: yaml, path: "data.yaml").loaded.configuration

    static let t0: Int64 = 1_767_225_600_000

    /// A snapshot that sets every member, with values at the edges of their types.
    static var snapshot: SubjectSnapshot {
        var record = SubjectRecord()
        record.parameters = [
            "plan": .string("pro \"x\"/ü\n"), "level": .int(.max), "ratio": .double(0.1), "wait": .duration(3_600_000),
            "since": .timestamp(t0 + 123), "seen": .version(Version(major: 1, minor: 2, patch: 3)), "tags": .list([.string("a"), .string("b")]),
        ]
        record.events = ["opened": EventCounters(count: 2, first: t0, last: t0 + 5), "saved": EventCounters(count: 1, first: t0, last: t0)]
        record.tips = ["welcome": TipRecord(displayCount: 1, firstDisplay: t0, lastDisplay: t0, displayDuration: 1500, invalidation: .tipClosed)]
        record.scenarios = ["review": ScenarioRecord(events: 3, firstEvent: t0, lastEvent: t0 + 1, executions: 1, lastExecution: t0 + 1)]
        record.lastNewTipDisplay = t0
        record.whatsNew = WhatsNewRecord(presented: [Version(major: 1), Version(major: 2, minor: 3)],
                                         lastSeenAppVersion: Version(major: 2, minor: 3), previousAppVersion: Version(major: 1))
        let logs: [String: [Donation]] = [
            "opened": [Donation(time: t0, info: []), Donation(time: t0 + 5, info: [])],
            "saved": [Donation(time: t0, info: [.int(-3), .string("n"), .double(1e-7), .timestamp(t0), .duration(5)])],
        ]
        return SubjectSnapshot(record: record, version: 7, logs: logs)
    }

    /// The fixture's line for `subject`, as text without its `\n`.
    static func line(_ subject: String = "u", snapshot: SubjectSnapshot = snapshot) -> String {
        String(decoding: SubjectDataFormat.line(subject: subject, snapshot: snapshot, configuration: configuration).dropLast(), as: UTF8.self)
    }

    /// Everything `store` holds, exported.
    static func exported(_ store: any Store) throws -> [UInt8] {
        var bytes: [UInt8] = []
        _ = try SubjectData.export(from: store, configuration: configuration, subjects: nil) { bytes += $0 }
        return bytes
    }
}
