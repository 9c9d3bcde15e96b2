import BeckonTestSupport
import Foundation
import Testing

/// One table of answer members per operation (`Docs/cli.md`'s "Answer members"), true for the
/// CLI's `--json`, the C API (libbeckon.so, driven from Python) and `simulate --json`: every
/// operation runs through each surface, and its answer's members must be the table's row plus
/// the surface's request members, no more and no less.
@Suite("answer members")
struct AnswerMembersTests {
    /// What a host shows for a tip: in every answer naming one (`message`, `image` and `actions`
    /// only when declared, which they are here).
    static let contentMembers: Set<String> = ["title", "message", "image", "actions"]
    static let tipMembers = Set(["status", "reason", "reasonCode", "changed", "displayCount", "displayDurationMs", "invalidation",
                                 "revisitAt", "locale"])
        .union(contentMembers)
    static let scenarioMembers: Set<String> = ["wouldRun", "events", "executions", "revisitAt", "checks"]
    static let whatsNewMembers: Set<String> = ["version", "entries", "reason", "freshInstall", "presented", "locale"]

    /// The table: each operation's answer members.
    static let answerMembers: [String: Set<String>] = [
        "set": ["stored"],
        "parameter.get": ["parameter", "value"],
        "donate": ["count", "first", "last"],
        "tip.status": tipMembers,
        "tip.display": tipMembers.subtracting(["changed"]).union(["displayed"]),
        "tip.shown": tipMembers.subtracting(["changed"]).union(["recorded"]),
        "tip.invalidate": tipMembers,
        "tip.reset": tipMembers,
        "reset": ["cleared"],
        "group.current": Set(["current", "priority", "members", "revisitAt", "locale"]).union(contentMembers),
        "scenario.trigger": scenarioMembers,
        "scenario.try": scenarioMembers.subtracting(["wouldRun"]).union(["executed"]),
        "scenario.status": scenarioMembers,
        "scenario.reset": scenarioMembers,
        "whatsNew.next": whatsNewMembers,
        "whatsNew.present": whatsNewMembers,
        "whatsNew.mark": ["presented"],
        "whatsNew.unmark": ["presented"],
        "explain.tip": tipMembers.union(["checks"]),
        "explain.scenario": scenarioMembers,
    ]

    /// Members about the request in every answer of the CLI and the C API (`id` and `arguments`
    /// only when the operation has them).
    static let requestMembers: Set<String> = ["op", "subject", "now"]
    /// Members about the step in every object of `simulate --json` (`id`, `arguments` likewise).
    static let stepMembers: Set<String> = ["step", "line", "at", "now", "subject", "op"]

    static let configuration = """
        version: 1
        app: {version: 2.3.0}
        store: {backend: memory}
        parameters:
          flag: {type: bool, default: true}
        events:
          opened:
            info: {screen: string}
        tips:
          welcome:
            title: Welcome
            message: Glad you came.
            image: hand.wave
            actions: [{id: start, title: Start}]
            rules: [params.flag]
        groups:
          onboarding: {tips: [welcome]}
        scenarios:
          tour: {minEventsRequired: 1}
        whatsNew:
          entries: [{version: 2.3.0, title: Release 2.3.0}]
        """

    /// One operation as the CLI runs it, with the request members beyond op, subject and now.
    struct Operation: Sendable, CustomTestStringConvertible {
        var op: String
        var command: [String]
        var extra: Set<String> = []
        var testDescription: String { op }
    }

    static let operations: [Operation] = [
        Operation(op: "set", command: ["param", "set", "flag", "true"], extra: ["arguments"]),
        Operation(op: "parameter.get", command: ["param", "get", "flag"]),
        Operation(op: "donate", command: ["event", "donate", "opened", "--info", "screen=home"], extra: ["id", "arguments"]),
        Operation(op: "tip.status", command: ["tip", "status", "welcome"], extra: ["id"]),
        Operation(op: "tip.display", command: ["tip", "display", "welcome"], extra: ["id"]),
        Operation(op: "tip.shown", command: ["tip", "shown", "welcome", "--for", "5s"], extra: ["id", "arguments"]),
        Operation(op: "tip.invalidate", command: ["tip", "invalidate", "welcome", "--reason", "tipClosed"], extra: ["id", "arguments"]),
        Operation(op: "tip.reset", command: ["tip", "reset", "welcome"], extra: ["id"]),
        Operation(op: "reset", command: ["reset", "--all"]),
        Operation(op: "group.current", command: ["group", "current", "onboarding"], extra: ["id"]),
        Operation(op: "scenario.trigger", command: ["scenario", "trigger", "tour"], extra: ["id"]),
        Operation(op: "scenario.try", command: ["scenario", "try", "tour"], extra: ["id"]),
        Operation(op: "scenario.status", command: ["scenario", "status", "tour"], extra: ["id"]),
        Operation(op: "scenario.reset", command: ["scenario", "reset", "tour"], extra: ["id"]),
        Operation(op: "whatsNew.next", command: ["whatsnew", "next"]),
        Operation(op: "whatsNew.present", command: ["whatsnew", "present"]),
        Operation(op: "whatsNew.mark", command: ["whatsnew", "mark", "2.3.0"], extra: ["arguments"]),
        Operation(op: "whatsNew.unmark", command: ["whatsnew", "unmark", "2.3.0"], extra: ["arguments"]),
        Operation(op: "explain.tip", command: ["explain", "tip", "welcome"], extra: ["id"]),
        Operation(op: "explain.scenario", command: ["explain", "scenario", "tour"], extra: ["id"]),
    ]

    /// The same operations as trace steps (every one but `parameter.get`, which no step performs).
    static let trace = """
        subject: ada
        start: 2026-03-01T09:00:00Z
        steps:
          - set: {flag: true}
          - {donate: opened, info: {screen: home}}
          - {tip.status: welcome}
          - {tip.display: welcome}
          - {tip.shown: welcome, for: 5s}
          - {tip.invalidate: welcome, reason: tipClosed}
          - {tip.reset: welcome}
          - {group.current: onboarding}
          - {scenario.trigger: tour}
          - {scenario.try: tour}
          - {scenario.status: tour}
          - {scenario.reset: tour}
          - whatsNew.next: true
          - whatsNew.present: true
          - {whatsNew.mark: 2.3.0}
          - {whatsNew.unmark: 2.3.0}
          - {explain.tip: welcome}
          - {explain.scenario: tour}
          - {reset: all}
        """

    static func folder() throws -> URL {
        try BeckonProcess.folder(configuration: configuration)
    }

    /// The members of each JSON object printed one per line.
    static func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
    }

    /// The operation's expected members on a surface whose request members are `request`.
    static func expected(_ op: String, request: Set<String>, extra: Set<String>) throws -> Set<String> {
        try #require(answerMembers[op], "the table has no row for \(op)").union(request).union(extra)
    }

    @Test(arguments: operations)
    func theCLIAnswersWithTheTableMembers(_ operation: Operation) throws {
        let folder = try Self.folder()
        let result = try BeckonProcess.run(operation.command + ["--subject", "ada", "--now", "2026-03-01T09:00:00Z", "--json"], in: folder)
        #expect(result.status == 0 || result.status == 1, "\(result.standardError)")
        let object = try #require(try Self.objects(result.standardOutput).first)
        #expect(object["op"] as? String == operation.op)
        #expect(Set(object.keys) == (try Self.expected(operation.op, request: Self.requestMembers, extra: operation.extra)))
    }

    @Test func simulateAnswersEveryTraceOperationWithTheTableMembers() throws {
        let folder = try Self.folder()
        try Self.trace.write(to: folder.appendingPathComponent("trace.yaml"), atomically: true, encoding: .utf8)
        let result = try BeckonProcess.run(["simulate", "trace.yaml", "--json"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let objects = try Self.objects(result.standardOutput)
        let ops = objects.compactMap { $0["op"] as? String }
        #expect(Set(ops) == Set(Self.answerMembers.keys).subtracting(["parameter.get"]))
        for (object, op) in zip(objects, ops) {
            let extra = Self.operations.first { $0.op == op }?.extra ?? []
            #expect(Set(object.keys) == (try Self.expected(op, request: Self.stepMembers, extra: extra)), "\(op)")
        }
    }

    @Test func theCAPIAnswersEveryOperationWithTheTableMembers() throws {
        let folder = try Self.folder()
        let script = Repository.path("Tests/BeckonCTests/Fixtures/answer_members.py")
        let result = try BeckonProcess.run([try Self.library(), folder.appendingPathComponent("beckon.yaml").path],
                                           in: folder, python: "import runpy, sys; sys.argv[0] = '\(script)'; runpy.run_path('\(script)', run_name='__main__')")
        #expect(result.status == 0, "\(result.standardError)")
        let objects = try Self.objects(result.standardOutput)
        let ops = objects.compactMap { $0["op"] as? String }
        #expect(Set(ops) == Set(Self.answerMembers.keys))
        for (object, op) in zip(objects, ops) {
            let extra = try #require(Self.operations.first { $0.op == op }).extra
            #expect(Set(object.keys) == (try Self.expected(op, request: Self.requestMembers, extra: extra)), "\(op)")
        }
    }

    /// The built embedding library, `libBeckonC.so`, next to the tests.
    static func library() throws -> String {
        try BuiltProducts.path("libBeckonC.so")
    }
}
