import BeckonTestSupport
import Foundation
import Testing

/// The README and the guides in `Docs/`: every relative link resolves and every example runs or
/// checks (`Fixtures/docs_check.py`; `Docs/layout.md` says how each kind of block is checked).
/// Each failure is recorded with the document's file and line.
@Suite("The documents: links resolve, examples run or check")
struct DocumentationTests {
    /// What one run of the checker printed: its exit status, the failures (`FAIL FILE:LINE: …`,
    /// each with the lines that follow it) and its last line.
    struct Outcome {
        var status: Int32
        var failures: [String]
        var summary: String
    }

    /// Runs the checker over `files` (the README and every guide when empty).
    static func check(_ files: [String] = []) async throws -> Outcome {
        guard TestTools.has(module: "yaml") else {
            return Outcome(status: -1, failures: [TestTools.missing("PyYAML")], summary: "")
        }
        _ = BeckonProcess.examplePlugin  // the copies of Config/ hold the example's plugin
        let bin = try BuiltProducts.beckon.deletingLastPathComponent().path
        let result = try await ProcessRunner.run(TestTools.python, [Repository.path("Tests/beckonTests/Fixtures/docs_check.py"), Repository.root.path, bin] + files)
        var failures: [String] = []
        for line in result.output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("FAIL ") {
                failures.append(String(line.dropFirst(5)))
            } else if !line.hasPrefix("ok "), !failures.isEmpty, !line.contains(" checked, ") {
                failures[failures.count - 1] += "\n" + line
            }
        }
        let summary = result.output.split(separator: "\n").last.map(String.init) ?? ""
        return Outcome(status: result.status, failures: failures + (result.error.isEmpty ? [] : [result.error]), summary: summary)
    }

    @Test(.timeLimit(.minutes(10)))
    func everyLinkResolvesAndEveryExampleRunsOrChecks() async throws {
        let outcome = try await Self.check()
        for failure in outcome.failures { Issue.record(Comment(rawValue: failure)) }
        #expect(outcome.status == 0, "\(outcome.summary)")
        // The README and the guides hold dozens of examples and hundreds of links: a checker that
        // found none would pass vacuously.
        let counts = outcome.summary.split(separator: " ").compactMap { Int($0) }
        #expect(counts.count == 3 && counts[0] >= 50 && counts[1] >= 200, "\(outcome.summary)")
    }

    /// A document's mistakes, one of each kind the checker catches, each with what it must say
    /// (the links name the repository's files by absolute path: the documents are elsewhere).
    static var mistakes: [(markdown: String, finding: String)] { [
        ("[the configuration](\(Repository.root.path)/Docs/configuration.md#no-such-heading)", "Docs/configuration.md has no heading #no-such-heading"),
        ("[a guide](\(Repository.root.path)/Docs/no-such-guide.md)", "Docs/no-such-guide.md does not exist"),
        ("```sh\nif then\n```", "sh does not parse"),
        ("```sh\nbash Scripts/no-such-script.sh\n```", "sh names Scripts/no-such-script.sh"),
        ("```sh\nswift build --product no-such-product\n```", "--product no-such-product, which Package.swift does not declare"),
        ("```sh\nbeckon no-such-command --config Config/example.yaml\n```", "'beckon no-such-command', which is not a subcommand"),
        ("<!-- docs: run -->\n```sh\nbeckon tip status no-such-tip --config Config/example.yaml\n```", "sh exited 65"),
        ("<!-- docs: run with a server -->\n```sh\ncurl -sf http://127.0.0.1:8080/v1/subjects/ada/tips/no-such-tip\n```", "sh exited 22"),
        ("```yaml\ntips:\n  welcome: {title: Hello, rules: [params.noSuchParameter]}\n```", "unknown parameter 'noSuchParameter'"),
        ("```yaml\nversion: 1\nstore: {backend: memory}\ntips: {a: {title: A, rules: [\"1 +\"]}}\n```", "beckon check failed"),
        ("<!-- docs: schema: a test -->\n```yaml\ntips:\n  welcome: {title: Hello, maxDisplayCount: many}\n```", "the JSON Schema, merged into Config/example.yaml finds"),
        ("<!-- docs: trace -->\n```yaml\nsubject: ada\nsteps:\n  - {at: 2026-03-01T09:00:00Z, tip.status: no-such-tip}\n```", "the trace does not simulate"),
        ("```c\nint main(void) { return beckon_no_such_function(); }\n```", "c does not compile"),
        ("```swift\nimport Beckon\nlet engine = try BeckonEngine(noSuchLabel: 1)\n```", "swift does not type-check"),
        ("```python\nimport no_such_module\n```", "python imports no_such_module, which is not installed"),
        ("<!-- docs: run -->\n```python\nraise SystemExit(3)\n```", "python exited 3"),
    ] }

    /// Each mistake, in a document of its own, fails naming the document's file and the line.
    @Test(.timeLimit(.minutes(10)))
    func eachMistakeFailsNamingItsFileAndLine() async throws {
        let folder = try TemporaryFolder("docs")
        let mistakes = Self.mistakes
        for (index, mistake) in mistakes.enumerated() {
            let file = "\(folder.path)/mistake-\(index).md"
            try "# A mistake\n\n\(mistake.markdown)\n".write(toFile: file, atomically: true, encoding: .utf8)
        }
        let documents = mistakes.indices.map { "\(folder.path)/mistake-\($0).md" }
        let outcome = try await Self.check(documents)
        #expect(outcome.status == 1)
        for (index, mistake) in mistakes.enumerated() {
            // The link's line, or the fence's: after a heading, a blank line and any directive.
            let line = mistake.markdown.hasPrefix("<!--") ? 4 : 3
            let findings = outcome.failures.filter { $0.hasPrefix("\(folder.path)/mistake-\(index).md:\(line):") }
            #expect(findings.count == 1 && findings[0].contains(mistake.finding),
                    "mistake \(index) (\(mistake.markdown)): \(findings)")
        }
    }
}
