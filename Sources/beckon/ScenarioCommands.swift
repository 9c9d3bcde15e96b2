import ArgumentParser
import BeckonConfig
import BeckonRules

/// `beckon scenario …`: one-off actions with WaitForIt's checks.
struct ScenarioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenario",
        abstract: "Count a scenario's events and decide whether it runs.",
        subcommands: [Trigger.self, Try.self, Status.self, Reset.self]
    )

    struct Trigger: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "trigger", abstract: "Count one event of the scenario.")
        @Argument(help: "The scenario's id.", completion: IdCompletion.of(.scenarios)) var id: String
        @OptionGroup var options: DecisionOptions
        @OptionGroup var changes: ChangesOption

        func run() throws { try options.perform(reportingChanges: changes.requested) { _ in .scenarioTrigger(id) } }
    }

    struct Try: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "try",
            abstract: "Decide and commit: run the scenario if every check passes. Exit 0 if it executed, 1 if not (with every failed check).")
        @Argument(help: "The scenario's id.", completion: IdCompletion.of(.scenarios)) var id: String
        @OptionGroup var options: DecisionOptions
        @OptionGroup var changes: ChangesOption

        func run() throws { try options.perform(reportingChanges: changes.requested) { _ in .scenarioTry(id) } }
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: "The same checks as try, recording nothing. Exit 0 if it would execute, 1 if not.")
        @Argument(help: "The scenario's id.", completion: IdCompletion.of(.scenarios)) var id: String
        @OptionGroup var options: DecisionOptions

        func run() throws { try options.perform { _ in .scenarioStatus(id) } }
    }

    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "reset", abstract: "Clear the scenario's events and executions for the subject.")
        @Argument(help: "The scenario's id.", completion: IdCompletion.of(.scenarios)) var id: String
        @OptionGroup var options: DecisionOptions
        @OptionGroup var changes: ChangesOption

        func run() throws { try options.perform(reportingChanges: changes.requested) { _ in .scenarioReset(id) } }
    }
}

/// `beckon whatsnew …`: release notes.
struct WhatsNewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whatsnew",
        abstract: "Choose the release notes to present for the current app version.",
        subcommands: [Next.self, Mark.self, Present.self, Unmark.self]
    )

    struct Next: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "next",
            abstract: "Print the entries to present (records the version as seen, nothing else). Exit 0 if there are entries, 1 if not.")
        @OptionGroup var options: DecisionOptions
        @OptionGroup var changes: ChangesOption

        func run() throws { try options.perform(reportingChanges: changes.requested) { _ in .whatsNewNext } }
    }

    struct Mark: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "mark", abstract: "Record a version's entry as presented.")
        @Argument(help: "The version, e.g. 2.3.0.", completion: IdCompletion.of(.whatsNewVersions)) var version: String
        @OptionGroup var options: DecisionOptions
        @OptionGroup var changes: ChangesOption

        func run() throws {
            try options.perform(reportingChanges: changes.requested) { _ in .whatsNewMark(try WhatsNewCommand.version(version)) }
        }
    }

    struct Present: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "present",
            abstract: "next and mark in one atomic step: print the entries and record them as presented. Exit 0 if there were entries, 1 if not.")
        @OptionGroup var options: DecisionOptions
        @OptionGroup var changes: ChangesOption

        func run() throws { try options.perform(reportingChanges: changes.requested) { _ in .whatsNewPresent } }
    }

    struct Unmark: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "unmark", abstract: "Forget that a version (or, with --all, every version) was presented.")
        @Argument(help: "The version, e.g. 2.3.0.", completion: IdCompletion.of(.whatsNewVersions)) var version: String?
        @Flag(help: "Forget every presented version.") var all = false
        @OptionGroup var options: DecisionOptions
        @OptionGroup var changes: ChangesOption

        func validate() throws {
            guard (version != nil) != all else { throw ValidationError("give a version or --all (one of them)") }
        }

        func run() throws {
            try options.perform(reportingChanges: changes.requested) { _ in .whatsNewUnmark(try version.map(WhatsNewCommand.version)) }
        }
    }

    static func version(_ text: String) throws -> Version {
        guard let version = Version(text) else {
            Output.error(Version.problem(with: text))
            throw ExitStatus.dataError
        }
        return version
    }
}
