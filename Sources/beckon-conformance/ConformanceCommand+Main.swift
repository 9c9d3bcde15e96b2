import ArgumentParser
import BeckonDiagnostics
#if canImport(Glibc)
import Glibc
#endif

extension ConformanceCommand {
    /// Runs the command line. Usage errors (an unknown option, a missing value, an unknown check)
    /// read `beckon-conformance: error: …` on standard error like every other error and exit 64;
    /// help prints on standard output as the argument parser does.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let status = exitCode(for: error)
            // Help and the exit codes run() throws (their message already printed).
            if status == .success || error is ExitCode { exit(withError: error) }
            Console.error(UsageMessage.oneLine(message(for: error), fullText: fullMessage(for: error)))
            Glibc.exit(status.rawValue)
        }
    }
}
