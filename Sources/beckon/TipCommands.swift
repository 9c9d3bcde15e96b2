public import ArgumentParser  // public: HostInvalidationReason conforms to ExpressibleByArgument below
import BeckonConfig
import BeckonCore
import BeckonRules

/// `beckon tip …`: one tip's status and what the host did with it.
struct TipCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tip",
        abstract: "Ask about a tip and record what the host did with it.",
        subcommands: [Status.self, Display.self, Shown.self, Invalidate.self, Reset.self]
    )

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: "Print the tip's status and why. Exit 0 if available, 1 if not.")
        @Argument(help: "The tip's id.", completion: IdCompletion.of(.tips)) var id: String
        @OptionGroup var options: DecisionOptions

        func run() throws { try options.perform { _ in .tipStatus(id) } }
    }

    struct Display: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "display",
            abstract: "Record that the host displayed the tip, if it is available. Exit 0 if recorded, 1 if not (and why).")
        @Argument(help: "The tip's id.", completion: IdCompletion.of(.tips)) var id: String
        @OptionGroup var options: DecisionOptions
        @OptionGroup var changes: ChangesOption

        func run() throws { try options.perform(reportingChanges: changes.requested) { _ in .tipDisplay(id) } }
    }

    struct Shown: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "shown", abstract: "Add on-screen time to the tip (maxDisplayDuration).")
        @Argument(help: "The tip's id.", completion: IdCompletion.of(.tips)) var id: String
        @Option(name: .customLong("for"), parsing: .unconditional,
                help: ArgumentHelp("How long it was on screen: 45s, 2m, 1m30s.", valueName: "duration"))
        var duration: String
        @OptionGroup var options: DecisionOptions
        @OptionGroup var changes: ChangesOption

        func run() throws {
            try options.perform(reportingChanges: changes.requested) { _ in
                switch DurationSyntax.parse(duration) {
                case .success(let milliseconds): return .tipShown(id, duration: milliseconds)
                case .failure(let error):
                    Output.error("--for: \(error.message)")
                    throw ExitStatus.dataError
                }
            }
        }
    }

    struct Invalidate: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "invalidate", abstract: "Invalidate the tip until it is reset.")
        @Argument(help: "The tip's id.", completion: IdCompletion.of(.tips)) var id: String
        @Option(help: "Why: actionPerformed (the user did it) or tipClosed (the user closed it).") var reason: HostInvalidationReason
        @OptionGroup var options: DecisionOptions
        @OptionGroup var changes: ChangesOption

        func run() throws { try options.perform(reportingChanges: changes.requested) { _ in .tipInvalidate(id, reason: reason.reason) } }
    }

    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "reset", abstract: "Clear the tip's status, counts and durations for the subject.")
        @Argument(help: "The tip's id.", completion: IdCompletion.of(.tips)) var id: String
        @OptionGroup var options: DecisionOptions
        @OptionGroup var changes: ChangesOption

        func run() throws { try options.perform(reportingChanges: changes.requested) { _ in .tipReset(id) } }
    }
}

extension HostInvalidationReason: ExpressibleByArgument {}

/// `beckon group current ID`.
struct GroupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "group", abstract: "Ask about a tip group.", subcommands: [Current.self])

    struct Current: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "current", abstract: "Print the group's current tip. Exit 0 if it has one, 1 if not.")
        @Argument(help: "The group's id.", completion: IdCompletion.of(.groups)) var id: String
        @OptionGroup var options: DecisionOptions

        func run() throws { try options.perform { _ in .groupCurrent(id) } }
    }
}

/// `beckon explain tip|scenario ID`.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain", abstract: "Explain a decision check by check, with the value of every part of every rule.",
        subcommands: [Tip.self, Scenario.self])

    struct Tip: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "tip", abstract: "Explain a tip's status. Exit 0 if available, 1 if not.")
        @Argument(help: "The tip's id.", completion: IdCompletion.of(.tips)) var id: String
        @OptionGroup var options: DecisionOptions

        func run() throws { try options.perform { _ in .explainTip(id) } }
    }

    struct Scenario: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "scenario", abstract: "Explain whether a scenario would run. Exit 0 if it would, 1 if not.")
        @Argument(help: "The scenario's id.", completion: IdCompletion.of(.scenarios)) var id: String
        @OptionGroup var options: DecisionOptions

        func run() throws { try options.perform { _ in .explainScenario(id) } }
    }
}
