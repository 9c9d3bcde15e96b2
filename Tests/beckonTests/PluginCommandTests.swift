import BeckonTestSupport
import Foundation
import Testing

/// Plugins through the CLI: C plugins built from the header alone with plain `cc`, loaded by the
/// `beckon` binary, listed, called from rules and explained; and each way a plugin can fail,
/// with its message and exit code.
@Suite("beckon plugins")
struct PluginCommandTests {
    /// Builds `Tests/BeckonPluginHostTests/Fixtures/<fixture>.c` into `folder/lib<name>.so` with the
    /// plugin guide's build line.
    static func build(_ fixture: String, as name: String, in folder: URL) throws {
        let source = Repository.path("Tests/BeckonPluginHostTests/Fixtures/\(fixture).c")
        try compile(source, into: folder.appendingPathComponent("lib\(name).so").path)
    }

    /// `cc` with the plugin guide's build line (warnings as errors).
    static func compile(_ source: String, into library: String) throws {
        try CPlugin.compile([source], into: library)
    }

    /// A folder with `beckon.yaml` (the given YAML after `version: 1`) and the named fixtures built.
    static func folder(_ yaml: String, plugins: [(fixture: String, name: String)]) throws -> URL {
        let folder = try BeckonProcess.temporaryFolder()
        for plugin in plugins { try build(plugin.fixture, as: plugin.name, in: folder) }
        try ("version: 1\n" + yaml).write(to: folder.appendingPathComponent("beckon.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    static let greeting = """
        plugins:
          - path: libhello.so
        parameters:
          visits: {type: int, default: 0}
        tips:
          welcome-back:
            title: Welcome back
            rules:
              - greeting.atLeast(3)
              - greeting.isLongName()
        """

    /// Acceptance: a plugin written from the header alone loads, and its conditions work in `explain`.
    @Test func aPluginWrittenFromTheHeaderWorksInExplain() throws {
        let folder = try Self.folder(Self.greeting, plugins: [("good/hello", "hello")])
        let pending = try BeckonProcess.run(["explain", "tip", "welcome-back", "--subject", "ada", "--now", "2026-03-01T09:00:00Z"], in: folder)
        #expect(pending.status == 1, "\(pending.standardError)")
        #expect(pending.standardOutput.contains("✗ greeting.atLeast(3)"), "\(pending.standardOutput)")

        let subject = "ada-lovelace"
        #expect(try BeckonProcess.run(["param", "set", "visits", "3", "--subject", subject, "--now", "2026-03-01T09:00:00Z"], in: folder).status == 0)
        let available = try BeckonProcess.run(["explain", "tip", "welcome-back", "--subject", subject, "--now", "2026-03-01T09:00:00Z"], in: folder)
        #expect(available.status == 0, "\(available.standardOutput)")
        #expect(available.standardOutput.contains("✓ greeting.atLeast(3)"), "\(available.standardOutput)")
        #expect(available.standardOutput.contains("✓ greeting.isLongName()"), "\(available.standardOutput)")
    }

    /// The plugin guide's minimal plugin (`Docs/plugins.md`), taken from the guide itself, builds
    /// with the guide's line and does what the guide shows.
    @Test func theGuidesMinimalPluginWorksAsShown() throws {
        let folder = try Self.guideMinimalPlugin(rule: "quiet.isQuietHour(22, 6)")
        let night = try BeckonProcess.run(["explain", "tip", "night", "--now", "2026-03-01T23:00:00Z"], in: folder)
        #expect(night.status == 0, "\(night.standardError)")
        #expect(night.standardOutput.contains("✓ quiet.isQuietHour(22, 6)  = true"), "\(night.standardOutput)")
        let noon = try BeckonProcess.run(["tip", "status", "night", "--now", "2026-03-01T12:00:00Z"], in: folder)
        #expect(noon.status == 1)
    }

    /// A folder holding the plugin guide's minimal plugin, taken from the guide itself and built
    /// with the guide's line as `libquiet.so`, and a `beckon.yaml` whose tip `night` has `rule`.
    static func guideMinimalPlugin(rule: String) throws -> URL {
        let guide = try String(contentsOf: Repository.url("Docs/plugins.md"), encoding: .utf8)
        let start = try #require(guide.range(of: "<!-- minimal-plugin -->\n```c\n"))
        let end = try #require(guide.range(of: "```\n<!-- /minimal-plugin -->", range: start.upperBound..<guide.endIndex))
        let folder = try BeckonProcess.temporaryFolder()
        let source = folder.appendingPathComponent("quiet.c")
        try String(guide[start.upperBound..<end.lowerBound]).write(to: source, atomically: true, encoding: .utf8)
        try compile(source.path, into: folder.appendingPathComponent("libquiet.so").path)
        try """
            version: 1
            store: {backend: memory}
            plugins: [{path: libquiet.so}]
            tips:
              night: {title: Night mode, rules: ["\(rule)"]}
            """.write(to: folder.appendingPathComponent("beckon.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func listsEachPluginWithItsConditionsAndStores() throws {
        let yaml = Self.greeting.replacingOccurrences(of: "  - path: libhello.so", with: "  - path: libhello.so\n  - path: libfrozen.so")
        let folder = try Self.folder(yaml, plugins: [("good/hello", "hello"), ("bad/store_unavailable", "frozen")])
        let listed = try BeckonProcess.run(["plugins"], in: folder)
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(listed.standardOutput.hasPrefix("""
            greeting: greeting 1.0.0 — greets subjects with long names and regular visitors
              file: libhello.so
              ABI: built for 1.3, needs host 1.0 or newer
              condition greeting.isLongName() -> bool (pure) — whether the subject's id has more than 8 bytes
              condition greeting.atLeast(int) -> bool (pure) — whether parameter 'visits' is at least the argument

            """), "\(listed.standardOutput)")

        let json = try BeckonProcess.run(["plugins", "--json"], in: folder)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(document["hostABI"] as? String == "1.3")
        let plugins = try #require(document["plugins"] as? [[String: Any]])
        #expect(plugins.map { $0["namespace"] as? String } == ["greeting", "frozen"])
        let conditions = try #require(plugins[0]["conditions"] as? [[String: Any]])
        #expect(conditions.map { $0["signature"] as? String } == ["() -> bool", "(int) -> bool"])
        let stores = try #require(plugins[1]["stores"] as? [[String: Any]])
        #expect(stores.map { $0["name"] as? String } == ["readonly"])
    }

    @Test func aConditionThatFailsLeavesTheTipPendingAndExplainSaysWhy() throws {
        let folder = try Self.folder("""
            store: {backend: memory}
            plugins: [{path: libweather.so}]
            tips:
              sunny: {title: Go out, rules: [weather.isSunny()]}
            """, plugins: [("bad/evaluate_error", "weather")])
        let status = try BeckonProcess.run(["tip", "status", "sunny", "--now", "2026-03-01T09:00:00Z"], in: folder)
        #expect(status.status == 1)
        #expect(status.standardOutput.contains("pending"), "\(status.standardOutput)")
        let explained = try BeckonProcess.run(["explain", "tip", "sunny", "--now", "2026-03-01T09:00:00Z"], in: folder)
        #expect(explained.standardOutput.contains("weather.isSunny failed: the weather service answered 503"), "\(explained.standardOutput)")
    }

    @Test func aStoreThatIsUnavailableExits69AndTheHostKeepsRunning() throws {
        let folder = try Self.folder("""
            store: {backend: frozen.readonly, options: {replica: false}}
            plugins: [{path: libfrozen.so}]
            events:
              opened: {}
            """, plugins: [("bad/store_unavailable", "frozen")])
        let donated = try BeckonProcess.run(["event", "donate", "opened", "--now", "2026-03-01T09:00:00Z"], in: folder)
        #expect(donated.status == 69)
        #expect(donated.standardError.contains("store 'frozen.readonly' failed to commit: the database is read-only until maintenance ends"), "\(donated.standardError)")
        // Reading still works: nothing was half-written.
        let count = try BeckonProcess.run(["status", "--now", "2026-03-01T09:00:01Z"], in: folder)
        #expect(count.status == 0, "\(count.standardError)")
    }

    @Test func aMissingPluginExits69AtItsDeclaration() throws {
        let folder = try Self.folder("plugins:\n  - path: plugins/libgone.so\n", plugins: [])
        let checked = try BeckonProcess.run(["check"], in: folder)
        #expect(checked.status == 69)
        #expect(checked.standardError.hasPrefix("beckon.yaml:3:11: error: plugin 'plugins/libgone.so': cannot open: no such file [plugin.unavailable]"), "\(checked.standardError)")
    }

    @Test func aConfigThePluginRefusesIsShownAtTheValue() throws {
        let folder = try Self.folder("""
            plugins:
              - path: libpicky.so
                config:
                  holidays: ["2026-12-25", "2026-02-30"]
            tips:
              closed: {title: Closed, rules: [picky.isClosed()]}
            """, plugins: [("bad/config_rejected", "picky")])
        let checked = try BeckonProcess.run(["check"], in: folder)
        #expect(checked.status == 65)
        #expect(checked.standardError.hasPrefix("beckon.yaml:5:32: error: plugin 'libpicky.so' refused its config at /holidays/1: '2026-02-30' is not a date [plugin.config]"), "\(checked.standardError)")
        // The rule calling the refused plugin adds no "unknown name" of its own.
        #expect(!checked.standardError.contains("unknown name"), "\(checked.standardError)")
        #expect(checked.standardError.hasSuffix("beckon: error: beckon.yaml is not valid: 1 error\n"), "\(checked.standardError)")
    }
}
