import BeckonTestSupport
import Foundation
import Testing

/// `beckon data …` end to end through the built binary: exit codes and messages on a memory
/// store (one process), and the whole cycle on SQLite (subjects, export validated against the
/// committed JSON Schema, erase, import into another store, copy, expire).
@Suite("beckon data")
struct DataCommandTests {
    static let configuration = """
        version: 1
        store: {backend: sqlite, path: a.db, expireSubjectsAfter: 30d}
        parameters:
          level: {type: int, default: 0}
        events:
          saved:
            info: {count: int}
        tips:
          welcome: {title: Welcome, rules: ["events.saved.count >= 1"]}

        """

    static var memory: String { configuration.replacingOccurrences(of: "backend: sqlite, path: a.db, expireSubjectsAfter: 30d", with: "backend: memory") }

    static let good = #"{"events":{"saved":{"count":1,"first":1,"last":1}},"format":1,"logs":{"saved":[{"at":1,"info":{"count":3}}]},"parameters":{"level":2},"scenarios":{},"subject":"u1","tips":{},"version":1,"whatsNew":{"presented":[]}}"#

    struct BadFile: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let expected: String
        var testDescription: String { name }
    }

    static let badFiles = [
        BadFile(name: "wrong type", text: good + "\n" + good.replacingOccurrences(of: #""count":3"#, with: #""count":"3""#).replacingOccurrences(of: "u1", with: "u2") + "\n",
                expected: #"line 2: /logs/saved/0/info/count: expected an int, got "3""#),
        BadFile(name: "duplicate subject", text: good + "\n" + good + "\n", expected: "line 2: /subject: subject 'u1' is already on line 1"),
        BadFile(name: "truncated", text: good + "\n" + good.prefix(40), expected: "line 2: not valid JSON"),
    ]

    @Test(arguments: badFiles)
    func aBadFileExits65WithItsLine(_ bad: BadFile) throws {
        let folder = try BeckonProcess.folder(configuration: Self.memory)
        try bad.text.write(to: folder.appendingPathComponent("in.jsonl"), atomically: true, encoding: .utf8)
        let result = try BeckonProcess.run(["data", "import", "in.jsonl"], in: folder)
        #expect(result.status == 65)
        #expect(result.standardError.contains(bad.expected), "\(result.standardError)")
        #expect(result.standardError.contains("nothing imported"))
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let status: Int32
        let expected: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let refusals = [
        Refusal(arguments: ["data", "import", "missing.jsonl"], status: 66, expected: "missing.jsonl: No such file or directory"),
        Refusal(arguments: ["data", "expire"], status: 65, expected: "sets no store.expireSubjectsAfter"),
        Refusal(arguments: ["data", "subjects", "--limit", "0"], status: 64, expected: "--limit must be from 1 to 100000"),
        Refusal(arguments: ["data", "erase"], status: 64, expected: "erase needs --subject"),
        Refusal(arguments: ["data", "copy", "--to", "missing.yaml"], status: 66, expected: "missing.yaml"),
        Refusal(arguments: ["data", "import", "."], status: 65, expected: ".: is a directory"),
        Refusal(arguments: ["data", "export", "--out", "missing/out.jsonl"], status: 66, expected: "cannot write missing/out.jsonl: No such file or directory"),
    ]

    @Test(arguments: refusals)
    func wrongUseIsRefusedWithItsExitCode(_ refusal: Refusal) throws {
        let folder = try BeckonProcess.folder(configuration: Self.memory)
        let result = try BeckonProcess.run(refusal.arguments, in: folder)
        #expect(result.status == refusal.status, "\(result.standardError)")
        #expect(result.standardError.contains(refusal.expected), "\(result.standardError)")
    }

    /// An import reads its input twice (checks, then writes); one that can be read only once
    /// (standard input as `-`, a pipe, a FIFO) is copied whole into a temporary file first, so the
    /// second pass writes what the first checked. Shell commands run where `two.jsonl` holds two
    /// good lines and `bad.jsonl` a good line and a bad one.
    static let inputsReadOnce = [
        #"cat two.jsonl | "$BECKON" data import - --json"#,
        #"cat two.jsonl | "$BECKON" data import /dev/stdin --json"#,
        #""$BECKON" data import - --json < two.jsonl"#,
        // The writer lets go of the test's pipes before it waits for a reader, and the reader is
        // given a minute: a FIFO opened twice would wait for a second writer for ever.
        #"mkfifo fifo && { (exec >/dev/null 2>&1; cat two.jsonl > fifo) & } && timeout 60 "$BECKON" data import fifo --json"#,
    ]

    @Test(arguments: inputsReadOnce)
    func anInputReadOnceIsImportedWhole(_ shell: String) throws {
        let result = try Self.importThroughShell(shell)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix(#"{"imported":2,"#), "\(result.standardOutput)")
    }

    @Test func aBadLineThroughAPipeIsRefusedByItsNumber() throws {
        let result = try Self.importThroughShell(#"cat bad.jsonl | "$BECKON" data import -"#)
        #expect(result.status == 65)
        #expect(result.standardError.contains(Self.badFiles[0].expected), "\(result.standardError)")
    }

    @Test func aTemporaryFolderThatCannotHoldTheCopyIsNamed() throws {
        let result = try Self.importThroughShell(#"cat two.jsonl | TMPDIR=/nonexistent "$BECKON" data import -"#)
        #expect(result.status == 65)
        #expect(result.standardError.contains("standard input: cannot be copied to a temporary file in /nonexistent: No such file or directory"),
                "\(result.standardError)")
    }

    /// Where `data export --out` writes, as shell commands that check what they find (run where
    /// `all.jsonl` is the store's export): `-` is standard output; a FIFO (as `/dev/stdout` on a
    /// pipe) is written in place and stays a FIFO; through a symbolic link the file it names is
    /// replaced and the link stays.
    static let exportTargets = [
        #""$BECKON" data export --out - > got.jsonl && cmp got.jsonl all.jsonl"#,
        #"mkfifo fifo && { timeout 60 cat fifo > got.jsonl & } && "$BECKON" data export --out fifo && wait && cmp got.jsonl all.jsonl && test -p fifo"#,
        #"ln -s real.jsonl link.jsonl && "$BECKON" data export --out link.jsonl && test -L link.jsonl && cmp real.jsonl all.jsonl"#,
        #"echo old > real.jsonl && ln -s real.jsonl link.jsonl && "$BECKON" data export --out link.jsonl && test -L link.jsonl && cmp real.jsonl all.jsonl"#,
        #"! "$BECKON" data export --out . 2> error.txt && grep -q "cannot write .: Is a directory" error.txt"#,
    ]

    @Test(arguments: exportTargets)
    func anExportGoesWhereItsPathLeads(_ shell: String) throws {
        let folder = try BeckonProcess.folder(configuration: Self.configuration)
        for arguments in [["event", "donate", "saved", "--subject", "a", "--info", "count=7"], ["data", "export", "--out", "all.jsonl"]] {
            let result = try BeckonProcess.run(arguments, in: folder)
            #expect(result.status == 0, "\(result.standardError)")
        }
        let result = try BeckonCLI.run(program: "/bin/sh", ["-c", shell], in: folder, environment: ["BECKON": BuiltProducts.beckon.path])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }

    static func importThroughShell(_ shell: String) throws -> ProcessResult {
        let folder = try BeckonProcess.folder(configuration: memory)
        let two = good + "\n" + good.replacingOccurrences(of: "u1", with: "u2") + "\n"
        try two.write(to: folder.appendingPathComponent("two.jsonl"), atomically: true, encoding: .utf8)
        try badFiles[0].text.write(to: folder.appendingPathComponent("bad.jsonl"), atomically: true, encoding: .utf8)
        return try BeckonCLI.run(program: "/bin/sh", ["-c", shell], in: folder, environment: ["BECKON": BuiltProducts.beckon.path])
    }

    @Test func importSkipBadReportsTheSkippedLines() throws {
        let folder = try BeckonProcess.folder(configuration: Self.memory)
        try Self.badFiles[0].text.write(to: folder.appendingPathComponent("in.jsonl"), atomically: true, encoding: .utf8)
        let result = try BeckonProcess.run(["data", "import", "in.jsonl", "--skip-bad", "--json"], in: folder)
        #expect(result.status == 0)
        #expect(result.standardOutput == #"{"imported":1,"refused":[],"replaced":0,"skippedLines":[2],"unchanged":0}"# + "\n")
        #expect(result.standardError.contains("skipped line 2: /logs/saved/0/info/count"))
    }

    @Test func theWholeCycleOnSQLite() throws {
        let folder = try BeckonProcess.folder(configuration: Self.configuration)
        func run(_ arguments: String...) throws -> ProcessResult {
            let result = try BeckonProcess.run(arguments, in: folder)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            return result
        }
        for subject in ["b", "a", "Ü"] {
            _ = try run("event", "donate", "saved", "--subject", subject, "--info", "count=7", "--now", "2026-01-01T00:00:00Z")
        }
        _ = try run("param", "set", "level", "3", "--subject", "a", "--now", "2026-01-02T00:00:00Z")
        #expect(try run("data", "subjects", "--json").standardOutput.split(separator: "\n").count == 3)
        #expect(try run("data", "subjects", "--limit", "1", "--after", "a").standardOutput.hasPrefix("b\t"))

        _ = try run("data", "export", "--out", "all.jsonl")
        let exported = try String(contentsOf: folder.appendingPathComponent("all.jsonl"), encoding: .utf8)
        #expect(exported.split(separator: "\n").map { $0.contains(#""subject":"a""#) } == [true, false, false], "in byte order: a, b, Ü")
        let validation = try SubjectDataValidator.validate(file: folder.appendingPathComponent("all.jsonl").path)
        #expect(validation.status == 0, "\(validation.output)\(validation.error)")

        // Into another store, then the same file again: the second import changes nothing.
        let other = """
            \(Self.configuration.replacingOccurrences(of: "a.db", with: "b.db"))
            """
        try other.write(to: folder.appendingPathComponent("other.yaml"), atomically: true, encoding: .utf8)
        _ = try run("data", "import", "all.jsonl", "--config", "other.yaml")
        #expect(try run("data", "import", "all.jsonl", "--config", "other.yaml").standardOutput.hasPrefix("0 imported, 3 unchanged"))
        #expect(try run("data", "export", "--config", "other.yaml").standardOutput == exported)
        // A file with a bad line leaves the store as it was, its good lines too.
        for bad in Self.badFiles {
            try bad.text.write(to: folder.appendingPathComponent("bad.jsonl"), atomically: true, encoding: .utf8)
            let refused = try BeckonProcess.run(["data", "import", "bad.jsonl", "--config", "other.yaml"], in: folder)
            #expect(refused.status == 65 && refused.standardError.contains(bad.expected), "\(bad.name): \(refused.standardError)")
            #expect(try run("data", "export", "--config", "other.yaml").standardOutput == exported, "\(bad.name)")
        }

        _ = try run("data", "erase", "--subject", "b")
        #expect(try run("data", "export", "--subject", "b").standardOutput.isEmpty)
        try Self.configuration.replacingOccurrences(of: "a.db", with: "c.db").write(to: folder.appendingPathComponent("third.yaml"), atomically: true, encoding: .utf8)
        #expect(try run("data", "copy", "--to", "third.yaml").standardOutput == "2 copied, 0 unchanged, 0 refused; check: 2 subjects, 0 differ\n")
        #expect(try run("data", "copy", "--to", "third.yaml").standardOutput.hasPrefix("0 copied, 2 unchanged"), "a rerun resumes: nothing to copy")
        let differing = try BeckonProcess.run(["data", "copy", "--to", "other.yaml"], in: folder)
        #expect(differing.status == 65 && differing.standardError.contains("the stores differ after the copy: 'b'"), "b is in other.yaml only")
        // Its own store, however the other configuration names the file, is not a target.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Self.configuration.replacingOccurrences(of: "a.db", with: "../a.db").write(to: folder.appendingPathComponent("sub/same.yaml"), atomically: true, encoding: .utf8)
        for same in ["beckon.yaml", "sub/same.yaml"] {
            let itself = try BeckonProcess.run(["data", "copy", "--to", same], in: folder)
            #expect(itself.status == 64 && itself.standardOutput.isEmpty, "\(same): \(itself.standardError)")
            #expect(itself.standardError.hasSuffix("names this configuration's own store (the SQLite file a.db); a store is not copied into itself\n"), "\(itself.standardError)")
        }

        let dry = try run("data", "expire", "--dry-run", "--now", "2100-01-01T00:00:00Z")
        #expect(dry.standardOutput.contains("would erase a") && dry.standardOutput.contains("2 inactive"))
        #expect(try run("data", "subjects").standardOutput.split(separator: "\n").count == 2, "a dry run erases nothing")
    }
}
