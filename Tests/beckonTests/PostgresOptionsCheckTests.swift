import BeckonTestSupport
import Foundation
import Testing

/// The PostgreSQL store's options through `beckon check`: checked at load by the plugin's
/// `check_options`, each problem at its line and column, all at once, with no server anywhere;
/// a password (in a `password:` key, or in a URL) never appears in any output.
@Suite("beckon check: postgres.store options")
struct PostgresOptionsCheckTests {
    /// `libbeckon-postgres-store.so`, built by SwiftPM next to the tests.
    static func plugin() throws -> String {
        try BuiltProducts.path("libbeckon-postgres-store.so")
    }

    static func folder(options: String) throws -> URL {
        try BeckonProcess.folder(configuration: """
            version: 1
            plugins: [{path: \(try plugin())}]
            store:
              backend: postgres.store
              options:
            \(options)
            tips: {hello: {title: Hello}}

            """)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// The lines under `options:` (indented by 4), starting at line 6.
        var options: String
        /// `line:col` and a part of the message, per problem, in order.
        var expected: [(String, String)]
        /// Text that must appear in no output.
        var secret: String?
        var testDescription: String { name }
    }

    static let prefix = "error: 'store.options' of 'postgres.store' at"

    static let cases: [Case] = [
        Case(name: "an unknown key, at the key, with did-you-mean",
             options: "    host: localhost\n    statmentTimeout: 5s",
             expected: [("7:5", "/statmentTimeout: unknown key 'statmentTimeout' (postgres.store takes url, host, port, dbname, user, sslmode, passwordEnv, passwordFile, schema, poolSize, connectTimeout, statementTimeout, isolation); did you mean 'statementTimeout'?")]),
        Case(name: "poolSize 0, at the value",
             options: "    poolSize: 0",
             expected: [("6:15", "/poolSize: poolSize must be from 1 to 256, not 0")]),
        Case(name: "isolation misspelt, at the value, with did-you-mean",
             options: "    isolation: serialisable",
             expected: [("6:16", "/isolation: isolation 'serialisable' is not one of read committed, serializable; did you mean 'serializable'?")]),
        Case(name: "a url with a password: masked",
             options: "    url: \"postgresql://ada:s3cr3t-pw@localhost:5432/beckon\"",
             expected: [("6:10", "/url: url must not carry a password")], secret: "s3cr3t-pw"),
        Case(name: "a password: key: masked",
             options: "    host: localhost\n    password: hunter2-pw",
             expected: [("7:5", "/password: unknown key 'password': a password is never written in the configuration; use passwordEnv or passwordFile")],
             secret: "hunter2-pw"),
        Case(name: "every problem at once, in the order written",
             options: "    url: postgres://ada:pw-9f3k@db/beckon\n    poolSize: 0\n    isolation: serialisable\n    passwd: pw-7c1x\n    statmentTimeout: 5s",
             expected: [("6:10", "/url: url must not carry a password"), ("7:15", "/poolSize: poolSize must be from 1 to 256"),
                        ("8:16", "/isolation: isolation 'serialisable' is not one of"), ("9:5", "/passwd: unknown key 'passwd'"),
                        ("10:5", "/statmentTimeout: unknown key 'statmentTimeout'")],
             secret: "pw-"),
    ]

    @Test(arguments: cases)
    func badOptionsAreRefusedAtTheirPositions(_ test: Case) throws {
        let folder = try Self.folder(options: test.options)
        let checked = try BeckonProcess.run(["check"], in: folder)
        #expect(checked.status == 65, "\(checked.standardError)")
        let lines = checked.standardError.split(separator: "\n").map(String.init).filter { $0.hasPrefix("beckon.yaml:") }
        #expect(lines.count == test.expected.count, "\(checked.standardError)")
        for (line, (position, message)) in zip(lines, test.expected) {
            #expect(line.hasPrefix("beckon.yaml:\(position): \(Self.prefix) \(message)"), "\(line)")
            #expect(line.hasSuffix("[config.value]"), "\(line)")
        }
        let json = try BeckonProcess.run(["check", "--json"], in: folder)
        #expect(json.status == 65)
        let document = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]]
        #expect((document ?? []).map { "\($0["line"] as? Int ?? 0):\($0["column"] as? Int ?? 0)" } == test.expected.map(\.0))
        if let secret = test.secret {
            for output in [checked.standardOutput, checked.standardError, json.standardOutput, json.standardError] {
                #expect(!output.contains(secret), "\(output)")
            }
            #expect(checked.standardError.contains("*****"), "\(checked.standardError)")
        }
    }

    @Test func goodOptionsPassTheCheckWithoutAServer() throws {
        let folder = try Self.folder(options: "    host: 127.0.0.1\n    port: 1\n    passwordEnv: BECKON_PG_PASSWORD\n    poolSize: 2\n    isolation: serializable")
        let checked = try BeckonProcess.run(["check"], in: folder)
        #expect(checked.status == 0, "\(checked.standardError)")
    }
}
