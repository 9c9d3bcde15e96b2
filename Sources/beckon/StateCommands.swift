import ArgumentParser
import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import BeckonRules
import BeckonRuntime

/// `beckon event donate ID [--info FIELD=VALUE …]`.
struct EventCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "event", abstract: "Record events.", subcommands: [Donate.self])

    struct Donate: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "donate", abstract: "Record one donation of an event at --now, with typed info fields.")
        @Argument(help: "The event's id.", completion: IdCompletion.of(.events)) var id: String
        @Option(name: .customLong("info"), help: ArgumentHelp("An info field: FIELD=VALUE, typed as declared (repeatable).", valueName: "field=value"))
        var info: [String] = []
        @OptionGroup var options: DecisionOptions
        @OptionGroup var changes: ChangesOption

        func run() throws {
            try options.perform(reportingChanges: changes.requested) { runtime in
                let fields = try info.map { try NameValueArgument.split($0, option: "--info", nameWord: "FIELD") }
                do throws(EngineError) {
                    return try runtime.donation(of: id, info: fields)
                } catch {
                    throw DecisionOptions.exit(for: error)
                }
            }
        }
    }
}

/// `beckon param set NAME VALUE` and `beckon param get NAME`.
struct ParamCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "param", abstract: "Set and read the subject's parameters.", subcommands: [Set.self, Get.self])

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Store a parameter's value for the subject, typed as declared (lists: comma-separated; null: back to the default).")
        @Argument(help: "The parameter's name.", completion: IdCompletion.of(.storedParameters)) var name: String
        // Unrecognized inputs are collected so that a negative number (-5, -2.5) is a value,
        // not an unknown option; validate() keeps exactly one value and refuses other options.
        @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The value (a negative number needs no '--').", valueName: "value"))
        var values: [String] = []
        @OptionGroup var options: DecisionOptions
        @OptionGroup var changes: ChangesOption

        func validate() throws {
            _ = try PositionalValue.value(of: values)
        }

        func run() throws {
            let value = try PositionalValue.value(of: values)
            try options.perform(reportingChanges: changes.requested) { runtime in
                do throws(EngineError) {
                    return try runtime.assignment(of: name, text: value)
                } catch {
                    throw DecisionOptions.exit(for: error)
                }
            }
        }
    }

    struct Get: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "get", abstract: "Print a parameter's value for the subject (its default when unset).")
        @Argument(help: "The parameter's name.", completion: IdCompletion.of(.parameters)) var name: String
        @OptionGroup var options: DecisionOptions

        func run() throws {
            let (request, runtime) = try options.requestAndRuntime()
            let report: OperationReport
            do {
                report = try OperationRunner.parameter(name, request, on: runtime.engine)
            } catch {
                throw DecisionOptions.exit(for: error)
            }
            if options.json {
                report.withJSONText(subject: request.subject, now: request.now) { Output.line(String(decoding: $0, as: UTF8.self)) }
            } else {
                Output.line("\(name) = \(report.answer)")
            }
        }
    }
}

/// `beckon reset --all`.
struct ResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Clear the subject's whole state: parameters, donations, tips, scenarios, what's new.")
    @Flag(help: "Required: clear everything Beckon remembers about the subject.") var all = false
    @OptionGroup var options: DecisionOptions
    @OptionGroup var changes: ChangesOption

    func validate() throws {
        guard all else { throw ValidationError("reset needs --all (to reset one tip: beckon tip reset ID)") }
    }

    func run() throws { try options.perform(reportingChanges: changes.requested) { _ in .resetAll } }
}
