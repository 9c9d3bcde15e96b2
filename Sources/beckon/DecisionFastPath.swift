import ArgumentParser

/// A command that decides about one id with the decision options: `tip status ID`, `group current ID`, …
protocol IdentifiedDecisionCommand: ParsableCommand {
    var id: String { get set }
    var options: DecisionOptions { get set }
}

/// An identified decision command that records, and so also takes `--changes`.
protocol RecordingDecisionCommand: IdentifiedDecisionCommand {
    var changes: ChangesOption { get set }
}

extension TipCommand.Status: IdentifiedDecisionCommand {}
extension TipCommand.Display: RecordingDecisionCommand {}
extension GroupCommand.Current: IdentifiedDecisionCommand {}
extension ScenarioCommand.Trigger: RecordingDecisionCommand {}
extension ScenarioCommand.Try: RecordingDecisionCommand {}
extension ScenarioCommand.Status: IdentifiedDecisionCommand {}

/// The decision commands that hosts run call after call, read straight from a plain command line:
/// the two command words, the id, then options of `DecisionOptions` (`--name value`, or a flag)
/// and `--changes` where the command records, each single option at most once.
///
/// swift-argument-parser finds a command's options by reflection and generic metadata built at
/// run time, which on a cold start costs more than loading the configuration and deciding. Any
/// other command line (help, `--name=value`, an option given twice, `--log-level`, an unknown or
/// misplaced word, a value that starts with `-`) is left to the argument parser, so its answers,
/// errors and help read exactly as before; the tests check that both readings agree. Common
/// options written before the subcommand (`beckon --config X tip status t`) are moved after the
/// id first (`LeadingOptions`), so such a line takes this path too.
enum DecisionFastPath {
    private typealias Maker = @Sendable (_ id: String, _ options: DecisionOptions, _ changes: Bool) -> (any ParsableCommand)?

    private static let commands: [String: Maker] = [
        "tip status": asking(TipCommand.Status.self),
        "tip display": recording(TipCommand.Display.self),
        "group current": asking(GroupCommand.Current.self),
        "scenario trigger": recording(ScenarioCommand.Trigger.self),
        "scenario try": recording(ScenarioCommand.Try.self),
        "scenario status": asking(ScenarioCommand.Status.self),
    ]

    /// Options that take one value. `--now` takes any value, as its declaration says (`.unconditional`).
    private static let singleValued: Set<String> = ["--config", "--subject", "--now", "--app-version", "--locale"]
    private static let repeatable: Set<String> = ["--transient", "--show-tip", "--hide-tip"]
    private static let flags: Set<String> = ["--json", "--show-all-tips", "--hide-all-tips", "--changes"]

    /// The command for `arguments` (without the program's name), or nil when the line is not of
    /// the plain shape and the argument parser must read it.
    static func command(_ arguments: [String]) -> (any ParsableCommand)? {
        guard arguments.count >= 3, let make = commands[arguments[0] + " " + arguments[1]] else { return nil }
        let id = arguments[2]
        guard !id.isEmpty, !id.hasPrefix("-"), id != "help" else { return nil }

        var values: [String: String] = [:]
        var lists: [String: [String]] = [:]
        var setFlags: Set<String> = []
        var index = 3
        while index < arguments.count {
            let name = arguments[index]
            if flags.contains(name) {
                guard setFlags.insert(name).inserted else { return nil }
                index += 1
                continue
            }
            guard singleValued.contains(name) || repeatable.contains(name), index + 1 < arguments.count else { return nil }
            let value = arguments[index + 1]
            guard !value.isEmpty, name == "--now" || !value.hasPrefix("-") else { return nil }
            if repeatable.contains(name) {
                lists[name, default: []].append(value)
            } else if values.updateValue(value, forKey: name) != nil {
                return nil
            }
            index += 2
        }

        var configOptions = ConfigOptions()
        configOptions.config = values["--config"]
        configOptions.json = setFlags.contains("--json")
        configOptions.logLevel = nil
        guard (try? configOptions.validate()) != nil else { return nil }

        var options = DecisionOptions()
        options.configOptions = configOptions
        options.subject = values["--subject"] ?? DecisionOptions.defaultSubject
        options.now = values["--now"]
        options.appVersion = values["--app-version"]
        options.locale = values["--locale"]
        // A malformed locale is a usage error, which the parser reports (`DecisionOptions.validate`).
        guard (try? options.validate()) != nil else { return nil }
        options.transients = lists["--transient"] ?? []
        options.showTips = lists["--show-tip"] ?? []
        options.hideTips = lists["--hide-tip"] ?? []
        options.showAllTips = setFlags.contains("--show-all-tips")
        options.hideAllTips = setFlags.contains("--hide-all-tips")
        return make(id, options, setFlags.contains("--changes"))
    }

    private static func asking<Command: IdentifiedDecisionCommand>(_: Command.Type) -> Maker {
        { id, options, changes in
            if changes { return nil }  // --changes is for the commands that record: the parser says so
            var command = Command()
            command.id = id
            command.options = options
            return command
        }
    }

    private static func recording<Command: RecordingDecisionCommand>(_: Command.Type) -> Maker {
        { id, options, changes in
            var command = Command()
            command.id = id
            command.options = options
            var changesOption = ChangesOption()
            changesOption.requested = changes
            command.changes = changesOption
            return command
        }
    }
}
