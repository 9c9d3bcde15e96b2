import Beckon
import BeckonTestSupport
import Foundation
import Testing

/// One request's locale through every host: the same locale input (one string) asked of the
/// same tip of `LocalizedConfiguration` through the Swift library (in process), the CLI
/// (`--locale`), the C API (a C host built with plain `cc`, `request.locale`), `beckon serve`
/// (`locale=` and `Accept-Language`) and OFREP (the context's `locale`) chooses the same locale
/// and the same title everywhere, along the whole fallback chain (`LocalizedConfiguration.rows`).
///
/// The other hosts run as their users run them: the built `beckon` (CLI and server), and
/// `libbeckon.so` linked into a C program.
@Suite("one locale, every host", .serialized)
struct LocaleAcrossHostsTests {
    /// What one host answered for each row: its chosen `locale` and title, by row.
    typealias Answers = [String: [String?]]

    @Test func everyHostChoosesTheSameLocaleAndText() throws {
        let folder = try LocalizedConfiguration.folder()
        let configuration = folder.appendingPathComponent("beckon.yaml").path
        let rows = LocalizedConfiguration.rows
        let expected = Dictionary(uniqueKeysWithValues: rows.map { ($0.name, [$0.locale, $0.title] as [String?]) })

        var hosts: [(name: String, answers: Answers)] = []
        hosts.append(("Swift library", try Self.library(rows)))
        hosts.append(("CLI --locale", try Self.commandLine(rows, configuration: configuration)))
        hosts.append(("C request.locale", try Self.embedded(rows, configuration: configuration)))
        let server = try ServeProcess(folder)
        defer { server.stop() }
        for (name, answers) in try Self.served(rows, port: server.port) { hosts.append((name, answers)) }

        for (name, answers) in hosts {
            for row in rows {
                #expect(answers[row.name] == expected[row.name], "\(name), \(row.name) (\(row.input ?? "none")): \(answers[row.name] ?? [])")
            }
        }
        #expect(hosts.count == 6)
    }

    // MARK: The hosts

    /// The Swift library, in process.
    static func library(_ rows: [LocalizedConfiguration.Row]) throws -> Answers {
        let beckon = try BeckonEngine(yaml: LocalizedConfiguration.yaml, name: "beckon.yaml", storage: .memory)
        var answers: Answers = [:]
        for row in rows {
            let answer = try beckon.tipStatus("welcome", BeckonRequest(subject: "ada", milliseconds: LocalizedConfiguration.now, locale: row.input))
            answers[row.name] = [answer.locale, answer.content.title]
        }
        return answers
    }

    /// `beckon tip status welcome --json --locale …`.
    static func commandLine(_ rows: [LocalizedConfiguration.Row], configuration: String) throws -> Answers {
        let beckon = try BuiltProducts.beckon.path
        var answers: Answers = [:]
        for row in rows {
            let arguments = ["tip", "status", "welcome", "--config", configuration, "--json", "--subject", "ada",
                             "--now", String(LocalizedConfiguration.now)] + (row.input.map { ["--locale", $0] } ?? [])
            let (_, output, _) = try ProcessRunner.run(beckon, arguments)
            answers[row.name] = Self.chosen(Self.object(output))
        }
        return answers
    }

    /// `beckon_tip_status` with `request.locale` (empty for none), from Fixtures/locale_host.c of BeckonCTests.
    static func embedded(_ rows: [LocalizedConfiguration.Row], configuration: String) throws -> Answers {
        let host = try EmbeddingLibrary.compileHost(Repository.path("Tests/BeckonCTests/Fixtures/locale_host.c"), named: "locale_host_all")
        let (status, output, error) = try ProcessRunner.run(
            host, [configuration, "welcome", String(LocalizedConfiguration.now)] + rows.map { $0.input ?? "" })
        try #require(status == 0, "locale_host: \(error)")
        let lines = output.split(separator: "\n").map(String.init)
        try #require(lines.count == rows.count, "\(output)")
        return Dictionary(uniqueKeysWithValues: zip(rows, lines).map { ($0.name, Self.chosen(Self.object($1))) })
    }

    /// `beckon serve`: `GET …/tips/welcome?locale=…`, the same with `Accept-Language: …`, and
    /// OFREP's `tips.welcome` with the context's `locale` (its metadata's `locale` and `title`).
    static func served(_ rows: [LocalizedConfiguration.Row], port: Int) throws -> [(String, Answers)] {
        let path = "/v1/subjects/ada/tips/welcome?now=\(LocalizedConfiguration.now)"
        var requests: [[String: Any]] = []
        for row in rows {
            let query = row.input.map { "&locale=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0) } ?? ""
            requests.append(["path": path + query, "headers": [String: String]()])
            requests.append(["path": path, "headers": row.input.map { ["Accept-Language": $0] } ?? [:]])
            var context: [String: Any] = ["targetingKey": "ada", "now": LocalizedConfiguration.now]
            if let input = row.input { context["locale"] = input }
            requests.append(["path": "/ofrep/v1/evaluate/flags/tips.welcome", "headers": ["Content-Type": "application/json"],
                             "body": String(decoding: try JSONSerialization.data(withJSONObject: ["context": context]), as: UTF8.self)])
        }
        let bodies = try Self.http(requests, port: port)
        try #require(bodies.count == requests.count)
        var byQuery: Answers = [:], byHeader: Answers = [:], byOFREP: Answers = [:]
        for (index, row) in rows.enumerated() {
            byQuery[row.name] = Self.chosen(Self.object(bodies[3 * index]))
            byHeader[row.name] = Self.chosen(Self.object(bodies[3 * index + 1]))
            byOFREP[row.name] = Self.chosen(Self.object(bodies[3 * index + 2])["metadata"] as? [String: Any] ?? [:])
        }
        return [("serve locale=", byQuery), ("serve Accept-Language", byHeader), ("OFREP context locale", byOFREP)]
    }

    // MARK: Helpers

    /// Sends `requests` (each a `path`, `headers` and, for a POST, a `body`) to 127.0.0.1:`port`
    /// with Python's standard library, one after the other; their response bodies.
    static func http(_ requests: [[String: Any]], port: Int) throws -> [String] {
        let script = """
            import json, sys, urllib.request
            answers = []
            for request in json.loads(sys.argv[2]):
                body = request.get("body")
                sent = urllib.request.Request("http://127.0.0.1:" + sys.argv[1] + request["path"], headers=request["headers"],
                                              data=body.encode() if body is not None else None, method="POST" if body is not None else "GET")
                with urllib.request.urlopen(sent) as response:
                    answers.append(response.read().decode())
            print(json.dumps(answers))
            """
        let encoded = String(decoding: try JSONSerialization.data(withJSONObject: requests), as: UTF8.self)
        let (status, output, error) = try ProcessRunner.run("python3", ["-c", script, String(port), encoded])
        try #require(status == 0, "\(error)")
        return try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String])
    }

    /// A JSON object's text as a dictionary (empty when it is none).
    static func object(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    /// An answer's (or OFREP metadata's) `locale` and `title`.
    static func chosen(_ object: [String: Any]) -> [String?] {
        [object["locale"] as? String, object["title"] as? String]
    }
}
