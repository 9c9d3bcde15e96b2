import ArgumentParser
import BeckonConfig
import BeckonCore
import Foundation

/// Loads a generated configuration of many tips and events from a file, end to end.
struct ConfigLoadBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config-load",
        abstract: "Load a generated configuration (read, parse with libyaml, validate) and print the time."
    )

    @Option(help: "Number of tips.") var tips = 10_000
    @Option(help: "Number of events.") var events = 1_000
    @Option(help: "Measured runs.") var runs = 20
    @Option(help: "Rules per tip (each is parsed, type-checked and compiled at load).") var rulesPerTip = 2
    @Option(help: ArgumentHelp("Also keep the generated configuration at this path.", valueName: "path"))
    var keep: String?

    func run() throws {
        let text = Self.generate(tips: tips, events: events, rulesPerTip: rulesPerTip)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("generated.yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        if let keep { try text.write(toFile: keep, atomically: true, encoding: .utf8) }

        var loadedTips = 0
        let measurement = try Measurement.run(runs: runs) {
            loadedTips = try ConfigurationLoader().load(path: path).configuration.tips.count
        }
        print("config-load: \(tips) tips, \(events) events, \(tips * rulesPerTip) rules, \(text.utf8.count / 1024) KiB of YAML")
        print("config-load: \(measurement.summary()) per load (\(loadedTips) tips loaded)")
    }

    /// A configuration shaped like a real one: typed parameters, events with info and retention,
    /// tips with content, actions and rules, groups and scenarios.
    /// Rules vary per tip, so that nothing can be shared between them.
    static func generate(tips: Int, events: Int, rulesPerTip: Int) -> String {
        var yaml = "version: 1\napp: {version: \"2.3.1\"}\ndisplay: {frequency: daily}\nstore: {backend: memory}\n"
        yaml += "parameters:\n  isLoggedIn: {type: bool, default: false}\n  plan: {type: string, default: free}\n"
        yaml += "events:\n"
        for index in 0..<events {
            yaml += "  event-\(index):\n    info: {kind: string, value: int}\n    retention: {maxCount: 500, maxAge: 30d}\n"
        }
        yaml += "tips:\n"
        for index in 0..<tips {
            let event = index % max(events, 1)
            yaml += """
              tip-\(index):
                title: Tip number \(index)
                message: "Something useful about feature \(index)."
                image: star.fill
                actions: [{id: learn-more, title: Learn more}]
                rules:\(rulesPerTip == 0 ? " []" : "")
            \((0..<rulesPerTip).map { rule in
                rule % 2 == 0
                    ? "      - events[\"event-\(event)\"].within(\(index % 7 + 1)d).count >= \(rule + 1 + index % 5)\n"
                    : "      - params.isLoggedIn && params.plan != \"plan-\(index)-\(rule)\"\n"
            }.joined())    maxDisplayCount: 3
                maxDisplayDuration: 2m

            """
        }
        yaml += "groups:\n"
        for index in stride(from: 0, to: min(tips, 1000), by: 10) {
            yaml += "  group-\(index / 10): {priority: ordered, tips: [tip-\(index), tip-\(index + 1)]}\n"
        }
        yaml += "scenarios:\n"
        for index in 0..<min(events, 100) {
            yaml += "  scenario-\(index): {event: event-\(index), minEventsRequired: 5, minTimeSinceFirstEvent: 7d, maxExecutionsPermitted: 1}\n"
        }
        return yaml
    }
}
