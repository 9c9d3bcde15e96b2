import ArgumentParser
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
            Console.error(usageMessage(message(for: error), fullText: fullMessage(for: error)))
            Glibc.exit(status.rawValue)
        }
    }

    /// The argument parser's message as one line — "unknown option '--x'" rather than
    /// "Unknown option '--x'" — followed by the help to read, when it names one. (The same
    /// wording as `beckon`'s; the two programs share no module that imports the parser.)
    static func usageMessage(_ message: String, fullText: String) -> String {
        var sentence = message.split(separator: "\n").first.map(String.init) ?? "invalid command line"
        if let first = sentence.first, first.isUppercase, sentence.dropFirst().first?.isLowercase ?? false {
            sentence = first.lowercased() + sentence.dropFirst()
        }
        if sentence.hasSuffix(".") { sentence.removeLast() }
        guard let see = fullText.firstRange(of: "See '"), let end = fullText[see.upperBound...].firstIndex(of: "'") else { return sentence }
        return "\(sentence) (see '\(fullText[see.upperBound..<end])')"
    }
}
