import BeckonTestSupport
import Foundation
import Testing

/// The schema agrees with `beckon check`: what it accepts validates, and structural mistakes it
/// refuses are refused by the schema too, with a validator from PyPI (see `SchemaValidator`).
@Suite("Configuration schema against beckon check")
struct SchemaValidationTests {
    /// The configuration files of the suite's fixtures: `Tests/BeckonConfigTests/Fixtures/good`
    /// (every level) and `Config/*.yaml` (its `traces/` hold traces, not configurations).
    static var fixtureFiles: [URL] {
        let root = Repository.root
        let good = root.appendingPathComponent("Tests/BeckonConfigTests/Fixtures/good")
        var files: [URL] = []
        if let walker = FileManager.default.enumerator(at: good, includingPropertiesForKeys: nil) {
            for case let file as URL in walker where file.pathExtension == "yaml" { files.append(file) }
        }
        let config = root.appendingPathComponent("Config")
        let examples = (try? FileManager.default.contentsOfDirectory(at: config, includingPropertiesForKeys: nil)) ?? []
        files += examples.filter { $0.pathExtension == "yaml" }
        return files.map { $0.resolvingSymlinksInPath() }.sorted { $0.path < $1.path }
    }

    /// Every fixture `beckon check` accepts, as a main file or as a file an accepted one includes
    /// (an included part alone lacks `version:` and its references), validates against the schema.
    @Test func everyConfigurationCheckAcceptsValidates() throws {
        let files = Self.fixtureFiles
        #expect(files.contains { $0.path.hasSuffix("Config/example.yaml") })
        #expect(files.contains { $0.path.hasSuffix("good/diamond/main.yaml") })
        var accepted: [URL] = []
        for file in files {
            let check = try BeckonProcess.run(["check", "--config", file.path])
            if check.status == 0 { accepted.append(file) }
        }
        #expect(accepted.contains { $0.path.hasSuffix("Config/example.yaml") })
        #expect(accepted.contains { $0.path.hasSuffix("good/diamond/main.yaml") })
        let outcome = try SchemaValidator.validate(accepted, followIncludes: true)
        #expect(outcome.status == 0, "\(outcome.output)")
        // Each fixture is accepted, as a main file or as a part of one.
        for file in files {
            #expect(outcome.validFiles.contains(file.path), "\(file.path) is neither accepted by `beckon check` nor included by a file it accepts")
        }
    }

    /// A structural mistake, written into an otherwise valid configuration.
    struct Mistake: CustomTestStringConvertible, Sendable {
        var name: String
        /// The configuration's sections after `version:`.
        var yaml: String
        var version = 1
        var testDescription: String { name }
        /// The whole file.
        var text: String { "version: \(version)\n\(yaml)\n" }
    }

    static let mistakes: [Mistake] = [
        Mistake(name: "unknown top-level key", yaml: "tipz: {}"),
        Mistake(name: "unknown tip key", yaml: "tips: {welcome: {title: Hello, titel: Hi}}"),
        Mistake(name: "unknown scenario key", yaml: "scenarios: {ask: {minEventRequired: 5}}"),
        Mistake(name: "unknown what's-new entry key", yaml: "whatsNew: {entries: [{version: 1.0.0, title: New, subtitle: x}]}"),
        Mistake(name: "unknown store key", yaml: "store: {backend: memory, pth: x.db}"),
        Mistake(name: "unknown retention key", yaml: "events: {opened: {retention: {maxCnt: 3}}}"),
        Mistake(name: "unknown action key", yaml: "tips: {welcome: {title: Hello, actions: [{id: ok, title: OK, url: x}]}}"),
        Mistake(name: "text for a number", yaml: "tips: {welcome: {title: Hello, maxDisplayCount: three}}"),
        Mistake(name: "quoted number for a count", yaml: "events: {opened: {retention: {maxCount: \"10\"}}}"),
        Mistake(name: "list for a mapping", yaml: "display: [daily]"),
        Mistake(name: "mapping for a list", yaml: "tips: {welcome: {title: Hello, rules: {all: true}}}"),
        Mistake(name: "text for a bool", yaml: "testing: {showAll: maybe}"),
        Mistake(name: "bad parameter type", yaml: "parameters: {plan: {type: integer}}"),
        Mistake(name: "bad info field type", yaml: "events: {opened: {info: {count: list<int>}}}"),
        Mistake(name: "bad what's-new mode", yaml: "whatsNew: {mode: latest}"),
        Mistake(name: "bad fresh-install policy", yaml: "whatsNew: {freshInstall: hide}"),
        Mistake(name: "bad store backend", yaml: "store: {backend: postgres}"),
        Mistake(name: "bad store synchronous", yaml: "store: {synchronous: extra}"),
        Mistake(name: "bad group priority", yaml: "tips: {welcome: {title: Hello}}\ngroups: {first: {priority: random, tips: [welcome]}}"),
        Mistake(name: "bad display frequency", yaml: "display: {frequency: fortnightly}"),
        Mistake(name: "missing tip title", yaml: "tips: {welcome: {title: Hello}, other: {message: Hi}}"),
        Mistake(name: "missing what's-new version", yaml: "whatsNew: {entries: [{title: New}]}"),
        Mistake(name: "missing parameter type", yaml: "parameters: {plan: {default: free}}"),
        Mistake(name: "missing group tips", yaml: "groups: {first: {priority: ordered}}"),
        Mistake(name: "missing action title", yaml: "tips: {welcome: {title: Hello, actions: [{id: ok}]}}"),
        Mistake(name: "empty group", yaml: "groups: {first: {tips: []}}"),
        Mistake(name: "malformed id", yaml: "tips: {welcome: {title: Hello}, 1st: {title: First}}"),
        Mistake(name: "bare number for a duration", yaml: "tips: {welcome: {title: Hello, maxDisplayDuration: 60}}"),
        Mistake(name: "malformed duration", yaml: "tips: {welcome: {title: Hello, maxDisplayDuration: 7 days}}"),
        Mistake(name: "malformed version", yaml: "app: {version: v1.2}"),
        Mistake(name: "negative count", yaml: "scenarios: {ask: {minEventsRequired: -1}}"),
        Mistake(name: "setting and its alias", yaml: "scenarios: {ask: {minTimeSinceFirstEvent: 1d, minSecondsSinceFirstEvent: 60}}"),
        Mistake(name: "parameter default of another type", yaml: "parameters: {count: {type: int, default: many}}"),
        Mistake(name: "unsupported format version", yaml: "", version: 2),
        Mistake(name: "malformed language tag", yaml: "tips: {welcome: {title: {en: Hello, en_GB: Hello}}}"),
        Mistake(name: "malformed default locale", yaml: "app: {defaultLocale: english_GB}"),
        Mistake(name: "list for a localized text", yaml: "tips: {welcome: {title: Hello, message: [Hi]}}"),
        Mistake(name: "mapping for a translation", yaml: "tips: {welcome: {title: {en: {text: Hello}}}}"),
    ]

    @Test(arguments: mistakes)
    func mistakeIsRefusedByCheckAndBySchema(_ mistake: Mistake) throws {
        let folder = try BeckonProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("beckon.yaml")
        try mistake.text.write(to: file, atomically: true, encoding: .utf8)
        let check = try BeckonProcess.run(["check", "--config", file.path])
        #expect(check.status == 65, "beckon check: \(check.standardOutput)\(check.standardError)")
        let outcome = try SchemaValidator.validate([file])
        #expect(outcome.status == 1, "the schema accepts it: \(outcome.output)")
        #expect(outcome.output.contains("invalid: "))
    }

    /// The baseline the mistakes are added to is valid for both.
    @Test func baselineIsAcceptedByCheckAndBySchema() throws {
        let folder = try BeckonProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("beckon.yaml")
        try Mistake(name: "none", yaml: "").text.write(to: file, atomically: true, encoding: .utf8)
        let check = try BeckonProcess.run(["check", "--config", file.path])
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        let outcome = try SchemaValidator.validate([file])
        #expect(outcome.status == 0, "\(outcome.output)")
    }
}
