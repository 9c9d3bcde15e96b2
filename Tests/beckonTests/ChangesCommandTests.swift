import BeckonTestSupport
import Foundation
import Testing

/// `--changes` on the commands that record (issue 13 item 6): the answers the operation changed
/// for the subject, with before and after, in `--json` and in text.
@Suite("beckon --changes")
struct ChangesCommandTests {
    static func folder() throws -> URL {
        return try BeckonProcess.folder(configuration: """
            version: 1
            store: {backend: sqlite, path: state/beckon.db, busyTimeout: 30s}
            events: {opened: {}}
            tips:
              welcome: {title: Welcome, rules: ["events.opened.within(1d).count >= 2"]}
              other: {title: Other}
            groups: {g: {priority: ordered, tips: [welcome, other]}}
            scenarios: {review: {event: opened, minEventsRequired: 2}}

            """)
    }

    static let now = ["--now", "2026-03-01T09:00:00Z"]

    /// The `changes` member of a JSON answer (nil when absent).
    static func changes(_ output: String) throws -> [String: Any]? {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        return object["changes"] as? [String: Any]
    }

    @Test func aDonationThatMakesATipAvailableReportsIt() throws {
        let folder = try Self.folder()
        #expect(try BeckonProcess.run(["event", "donate", "opened"] + Self.now, in: folder).status == 0)
        let result = try BeckonProcess.run(["event", "donate", "opened", "--changes", "--json"] + Self.now, in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let changes = try #require(try Self.changes(result.standardOutput))
        let tips = try #require(changes["tips"] as? [[String: Any]])
        #expect(tips.count == 1)
        #expect(tips.first?["id"] as? String == "welcome")
        #expect((tips.first?["before"] as? [String: String]) == ["status": "pending", "reasonCode": "rule"])
        #expect((tips.first?["after"] as? [String: String]) == ["status": "available", "reasonCode": "available"])
        let groups = try #require(changes["groups"] as? [[String: Any]])
        #expect(groups.first?["id"] as? String == "g")
        #expect((groups.first?["after"] as? [String: Any])?["current"] as? String == "welcome")
        #expect((groups.first?["before"] as? [String: Any])?["current"] is NSNull)
        let scenarios = try #require(changes["scenarios"] as? [[String: Any]])
        #expect((scenarios.first?["after"] as? [String: Bool]) == ["wouldRun": true])
    }

    /// Nothing asked, nothing reported; asked with nothing changed, empty lists.
    @Test(arguments: [(asked: false, member: false), (asked: true, member: true)])
    func theMemberIsThereOnlyWhenAsked(asked: Bool, member: Bool) throws {
        let folder = try Self.folder()
        let result = try BeckonProcess.run(["event", "donate", "opened", "--json"] + (asked ? ["--changes"] : []) + Self.now, in: folder)
        #expect(result.status == 0)
        let changes = try Self.changes(result.standardOutput)
        #expect((changes != nil) == member)
        if let changes {
            #expect(changes.values.allSatisfy { ($0 as? [Any])?.isEmpty == true })
        }
    }

    @Test(arguments: [
        (["tip", "invalidate", "other", "--reason", "tipClosed"], ["changed: tip other pending → invalidated (tipClosed)"]),
        (["event", "donate", "opened"], ["changed: nothing"]),
        (["reset", "--all"], ["changed: nothing"]),
    ])
    func textOutputListsEachChangeUnderTheAnswer(arguments: [String], lines: [String]) throws {
        let folder = try Self.folder()
        let result = try BeckonProcess.run(arguments + ["--changes"] + Self.now, in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let printed = result.standardOutput.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(printed == lines)
    }

    /// Reading commands have no `--changes`: nothing they do changes an answer.
    @Test func aReadingCommandRefusesTheFlag() throws {
        let result = try BeckonProcess.run(["tip", "status", "welcome", "--changes"] + Self.now, in: try Self.folder())
        #expect(result.status == 64)
    }

    /// Concurrent writers (processes on one SQLite store): exactly one donation took the window
    /// from one donation to two, and exactly one reports the tip becoming available.
    @Test func concurrentDonationsReportTheChangeOnce() throws {
        let folder = try Self.folder()
        #expect(try BeckonProcess.run(["event", "donate", "opened"] + Self.now, in: folder).status == 0)
        let reports = Reports()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let result = try? BeckonProcess.run(["event", "donate", "opened", "--changes", "--json"] + Self.now, in: folder)
            reports.add(result.map { $0.status == 0 ? $0.standardOutput : "failed: \($0.standardError)" } ?? "failed")
        }
        let all = reports.all
        #expect(all.count == 4)
        #expect(!all.contains { $0.hasPrefix("failed") }, "\(all)")
        let reporting = try all.filter { output in
            let tips = try Self.changes(output)?["tips"] as? [[String: Any]] ?? []
            return tips.contains { $0["id"] as? String == "welcome" }
        }
        #expect(reporting.count == 1)
    }
}

/// Outputs collected from concurrent runs.
private final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var outputs: [String] = []
    func add(_ output: String) { lock.withLock { outputs.append(output) } }
    var all: [String] { lock.withLock { outputs } }
}
