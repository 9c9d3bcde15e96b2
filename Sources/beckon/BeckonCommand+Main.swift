import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

extension BeckonCommand {
    /// Runs the command line. Every error reads `beckon: error: …` on standard error: arguments
    /// that are not UTF-8 exit 65 before parsing; usage errors (an unknown option, a missing
    /// value, a bad enumeration value) exit 64, with where to find help; help and `--version`
    /// print on standard output as the argument parser does.
    static func main() {
        if let problem = CommandLineArguments.nonUTF8Problem() {
            Output.error(problem)
            Glibc.exit(ExitStatus.dataError.rawValue)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let status = exitCode(for: error)
            // Help, --version and the exit codes run() throws (their message already printed).
            if status == .success || error is ExitCode { exit(withError: error) }
            Output.error(usageMessage(message(for: error), fullText: fullMessage(for: error)))
            Glibc.exit(status.rawValue)
        }
    }

    /// The argument parser's message as one line in Beckon's style — "unknown option '--x'"
    /// rather than "Unknown option '--x'" — followed by the help to read, when it names one.
    static func usageMessage(_ message: String, fullText: String) -> String {
        var sentence = message.split(separator: "\n").first.map(String.init) ?? "invalid command line"
        if let first = sentence.first, first.isUppercase, sentence.dropFirst().first?.isLowercase ?? false {
            sentence = first.lowercased() + sentence.dropFirst()
        }
        // The parser's usage text ends with "  See 'beckon tip --help' for more information."
        if sentence.hasSuffix(".") { sentence.removeLast() }
        guard let see = fullText.firstRange(of: "See '"), let end = fullText[see.upperBound...].firstIndex(of: "'") else { return sentence }
        return "\(sentence) (see '\(fullText[see.upperBound..<end])')"
    }
}
