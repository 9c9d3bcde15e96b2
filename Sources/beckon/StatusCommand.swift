import ArgumentParser
import BeckonCore
import BeckonRuntime

/// `beckon status`: everything the subject would see now, recording nothing.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Print every tip, group and scenario and the what's-new answer for the subject, recording nothing.")
    @Option(name: .customLong("tip"), help: ArgumentHelp("List only this tip (repeatable); groups and scenarios stay whole.", valueName: "id"),
            completion: IdCompletion.of(.tips))
    var tips: [String] = []
    @OptionGroup var options: DecisionOptions

    func run() throws {
        let (request, runtime) = try options.requestAndRuntime()
        let report: StatusReport
        do {
            report = try StatusReport.make(request, on: runtime.engine, tips: tips.isEmpty ? nil : tips)
        } catch {
            throw DecisionOptions.exit(for: error)
        }
        if options.json {
            report.withJSONText { Output.line(String(decoding: $0, as: UTF8.self)) }
        } else {
            for line in report.lines(configPath: options.configOptions.configPath) { Output.line(line) }
        }
    }
}
