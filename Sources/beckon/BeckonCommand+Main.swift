import ArgumentParser
import BeckonDiagnostics
#if canImport(Glibc)
import Glibc
#endif

extension BeckonCommand {
    /// Runs the command line. Every error reads `beckon: error: …` on standard error: arguments
    /// that are not UTF-8 exit 65 before parsing; usage errors (an unknown option, a missing
    /// value, a bad enumeration value) exit 64, with where to find help; help and `--version`
    /// print on standard output as the argument parser does; an error nobody expected exits 70.
    /// The plain decision command lines (`tip status ID --config …`) are read without the
    /// argument parser's reflection, which would cost more than the decision on a cold start
    /// (see `DecisionFastPath`). The common options may come before the subcommand
    /// (`beckon --config X tip status t`): they are moved after it first (see `LeadingOptions`).
    static func main() {
        if let problem = CommandLineArguments.nonUTF8Problem() {
            Output.error(problem)
            Glibc.exit(ExitStatus.dataError.rawValue)
        }
        // `--version` alone answers as the argument parser would, without building the command tree.
        if CommandLine.arguments.dropFirst() == ["--version"] {
            Output.line(configuration.version)
            return
        }
        let arguments: [String]
        switch LeadingOptions.arrange(Array(CommandLine.arguments.dropFirst()), subcommands: { LeadingOptions.Tree(BeckonCommand.self) }) {
        case .arguments(let arranged):
            arguments = arranged
        case .usageError(let message):
            Output.error(message)
            Glibc.exit(ExitStatus.usage.rawValue)
        }
        do {
            var command = try DecisionFastPath.command(arguments) ?? parseAsRoot(arguments)
            try command.run()
        } catch {
            let status = exitCode(for: error)
            // Help, --version and the exit codes run() throws (their message already printed).
            if status == .success || error is ExitCode { exit(withError: error) }
            // The parser maps its own errors to 64; any other error is one run() did not expect.
            if status == .failure {
                Output.error("internal error: \(error)")
                Glibc.exit(ExitStatus.internalError.rawValue)
            }
            Output.error(UsageMessage.oneLine(message(for: error), fullText: fullMessage(for: error)))
            Glibc.exit(status.rawValue)
        }
    }
}
