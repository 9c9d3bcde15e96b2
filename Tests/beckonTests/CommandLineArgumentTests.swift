import BeckonTestSupport
import Foundation
import Testing

/// The command line itself: arguments that are not UTF-8, usage errors in Beckon's one error
/// format, and negative numbers as positional values.
@Suite("beckon command line")
struct CommandLineArgumentTests {
    /// A folder with a small configuration and a SQLite store, so that refusals can be checked
    /// to leave the store as it was.
    static func folder() throws -> URL {
        return try BeckonProcess.folder(configuration: """
            version: 1
            store: {path: state.db}
            parameters:
              n: {type: int, default: 0}
              d: {type: double, default: 0}
              s: {type: string, default: none}
            events:
              e: {info: {place: string}}
            tips:
              t: {title: T}
            """)
    }

    /// Runs `beckon` with raw argument bytes: each `hex:` argument is sent as those bytes.
    static func runRaw(_ arguments: [String], in folder: URL) throws -> ProcessResult {
        let script = """
            import os, sys
            arguments = [bytes.fromhex(a[4:]) if a.startswith("hex:") else a.encode() for a in sys.argv[2:]]
            os.execv(sys.argv[1], [sys.argv[1].encode()] + arguments)
            """
        return try BeckonProcess.run([BuiltProducts.beckon.path] + arguments, in: folder, python: script)
    }

    // MARK: Arguments that are not UTF-8

    static let nonUTF8: [(arguments: [String], message: String)] = [
        (["status", "--subject", "hex:636166e9"], "argument 3 ('caf\\xE9', after --subject) is not UTF-8"),
        (["status", "hex:2d2d7375626a6563743d78ff"], "argument 2 ('--subject=x\\xFF') is not UTF-8"),
        (["param", "set", "s", "hex:c3a9c3"], "argument 4 ('é\\xC3') is not UTF-8"),
        (["event", "donate", "e", "--info", "hex:706c6163653dfe"], "argument 5 ('place=\\xFE', after --info) is not UTF-8"),
        (["tip", "status", "hex:74e9"], "argument 3 ('t\\xE9') is not UTF-8"),
        (["param", "get", "n", "--now", "hex:80"], "argument 5 ('\\x80', after --now) is not UTF-8"),
    ]

    @Test(arguments: nonUTF8)
    func argumentsThatAreNotUTF8AreRefusedByName(arguments: [String], message: String) throws {
        let folder = try Self.folder()
        let result = try Self.runRaw(arguments, in: folder)
        #expect(result.status == 65)
        #expect(result.standardError == "beckon: error: \(message); every argument must be UTF-8 text\n")
        #expect(result.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("state.db").path), "nothing was stored")
    }

    /// Two subjects that differ only in bytes that are not UTF-8 would have shared one state.
    @Test func subjectsThatDifferInBadBytesDoNotShareAState() throws {
        let folder = try Self.folder()
        #expect(try Self.runRaw(["param", "set", "n", "1", "--subject", "hex:61ff"], in: folder).status == 65)
        #expect(try Self.runRaw(["param", "set", "n", "2", "--subject", "hex:61fe"], in: folder).status == 65)
        let valid = try Self.runRaw(["param", "get", "n", "--subject", "hex:61efbfbd"], in: folder)  // "a\u{FFFD}"
        #expect(valid.status == 0, "\(valid.standardError)")
        #expect(valid.standardOutput == "n = 0\n")
    }

    // MARK: Usage errors

    static let usageErrors: [(arguments: [String], message: String)] = [
        (["tip", "status", "t", "--bogus"], "unknown option '--bogus' (see 'beckon tip status --help')"),
        (["tip", "status"], "missing expected argument '<id>' (see 'beckon tip status --help')"),
        (["status", "--now"], "missing value for '--now <instant>' (see 'beckon status --help')"),
        (["tip", "invalidate", "t", "--reason", "nah"],
         "the value 'nah' is invalid for '--reason <reason>'. Please provide one of 'actionPerformed' and 'tipClosed' (see 'beckon tip invalidate --help')"),
        (["reset"], "reset needs --all (to reset one tip: beckon tip reset ID) (see 'beckon reset --help')"),
        (["param", "set", "n", "--bogus"], "unknown option '--bogus' (see 'beckon param set --help')"),
        (["param", "set", "n"], "missing expected argument '<value>' (see 'beckon param set --help')"),
        (["param", "set", "n", "-5", "7"], "one value expected, not 2: '-5', '7' (see 'beckon param set --help')"),
        (["tip", "status", "t", "--subject", ""], "--subject: a subject is a non-empty id (see 'beckon tip status --help')"),
        (["event", "donate", "e", "--subject", ""], "--subject: a subject is a non-empty id (see 'beckon event donate --help')"),
        (["tip", "status", "t", "--subject", String(repeating: "é", count: 129)],
         "--subject: the subject has 258 UTF-8 bytes; at most 256 are accepted (see 'beckon tip status --help')"),
        (["status", "--log-level", "loud"],
         "the value 'loud' is invalid for '--log-level <level>'. Please provide one of 'debug', 'info', 'warning' or 'error' (see 'beckon status --help')"),
    ]

    @Test(arguments: usageErrors)
    func usageErrorsUseTheOneErrorFormatAndExit64(arguments: [String], message: String) throws {
        let folder = try Self.folder()
        let result = try BeckonProcess.run(arguments, in: folder)
        #expect(result.status == 64)
        #expect(result.standardError == "beckon: error: \(message)\n")
        #expect(result.standardOutput.isEmpty)
    }

    @Test(arguments: [["--help"], ["tip", "--help"], ["param", "set", "--help"], ["--version"]])
    func helpAndVersionStillPrintOnStandardOutput(arguments: [String]) throws {
        let result = try BeckonProcess.run(arguments)
        #expect(result.status == 0)
        #expect(!result.standardOutput.isEmpty)
        #expect(result.standardError.isEmpty)
    }

    // MARK: Negative numbers as positional values

    static let negativeValues: [(name: String, arguments: [String], stored: String)] = [
        ("n", ["-5"], "n = -5"),
        ("n", ["-5", "--json"], "n = -5"),
        ("n", ["--json", "-5"], "n = -5"),
        ("n", ["--", "-5"], "n = -5"),
        ("d", ["-2.5"], "d = -2.5"),
        ("d", ["-1e3"], "d = -1000.0"),
        ("s", ["-1"], "s = \"-1\""),
        ("s", ["--", "--not-an-option"], "s = \"--not-an-option\""),
    ]

    @Test(arguments: negativeValues)
    func aNegativeNumberIsAPositionalValue(name: String, arguments: [String], stored: String) throws {
        let folder = try Self.folder()
        let set = try BeckonProcess.run(["param", "set", name] + arguments, in: folder)
        #expect(set.status == 0, "\(set.standardError)")
        let get = try BeckonProcess.run(["param", "get", name], in: folder)
        #expect(get.standardOutput == stored + "\n")
    }
}
