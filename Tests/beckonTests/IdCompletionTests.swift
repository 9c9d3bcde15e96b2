import BeckonTestSupport
import Foundation
@testable import beckon
import Testing

/// The completion callbacks, called as the shells' scripts call them
/// (`beckon ---completion <subcommand path> -- <argument> <word index> <cursor> <words…>`):
/// they answer the ids of the configuration the typed line names, and nothing (printing nothing)
/// when it does not load.
@Suite("id completion")
struct IdCompletionTests {
    static let configuration = """
        version: 1
        parameters:
          plan: {type: string, default: free}
          brightness: {type: double, default: 1.0, transient: true}
        events:
          appLaunched: {}
          purchaseCompleted: {}
        tips:
          welcome: {title: Welcome, message: Hello.}
          offline-maps: {title: Offline maps, message: Download a region.}
        groups:
          onboarding: {tips: [welcome, offline-maps]}
        scenarios:
          ask-for-review: {minEventsRequired: 5}
          offer-subscription: {event: appLaunched, minEventsRequired: 10}
        whatsNew:
          entries:
            - {version: 2.3.0, title: Two three}
            - {version: 2.2.0, title: Two two}

        """

    static let tips = ["welcome", "offline-maps"]
    static let scenarios = ["ask-for-review", "offer-subscription"]
    static let versions = ["2.3.0", "2.2.0"]

    /// Every argument that completes from the configuration, with what it offers.
    static let arguments: [(path: [String], argument: String, ids: [String])] = [
        (["status"], "--tip", tips),
        (["status"], "--show-tip", tips),
        (["status"], "--hide-tip", tips),
        (["tip", "status"], "positional@0", tips),
        (["tip", "status"], "--show-tip", tips),
        (["tip", "status"], "--hide-tip", tips),
        (["tip", "display"], "positional@0", tips),
        (["tip", "shown"], "positional@0", tips),
        (["tip", "invalidate"], "positional@0", tips),
        (["tip", "reset"], "positional@0", tips),
        (["group", "current"], "positional@0", ["onboarding"]),
        (["event", "donate"], "positional@0", ["appLaunched", "purchaseCompleted"]),
        (["param", "set"], "positional@0", ["plan"]),
        (["param", "get"], "positional@0", ["plan", "brightness"]),
        (["scenario", "trigger"], "positional@0", scenarios),
        (["scenario", "try"], "positional@0", scenarios),
        (["scenario", "status"], "positional@0", scenarios),
        (["scenario", "reset"], "positional@0", scenarios),
        (["whatsnew", "mark"], "positional@0", versions),
        (["whatsnew", "unmark"], "positional@0", versions),
        (["explain", "tip"], "positional@0", tips),
        (["explain", "scenario"], "positional@0", scenarios),
    ]

    /// `beckon ---completion PATH -- ARGUMENT …` for the line `beckon PATH TYPED… <cursor>`,
    /// the cursor at the start of a new empty word, as bash passes it.
    static func complete(_ path: [String], _ argument: String, typed: [String] = [], in folder: URL,
                         environment: [String: String] = [:]) throws -> ProcessResult {
        let words = ["beckon"] + path + typed + (argument.hasPrefix("--") ? [argument] : []) + [""]
        return try BeckonProcess.run(["---completion"] + path + ["--", argument, String(words.count - 1), "0"] + words,
                                     in: folder, environment: environment)
    }

    static func offered(_ result: ProcessResult) -> [String] {
        result.standardOutput.split(separator: "\n").map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    static func folder(configurationNamed name: String = "beckon.yaml", _ text: String = configuration) throws -> URL {
        let folder = try BeckonProcess.temporaryFolder()
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        return folder
    }

    @Test(arguments: arguments.indices)
    func argumentOffersTheConfigurationsIds(index: Int) throws {
        let (path, argument, ids) = Self.arguments[index]
        let result = try Self.complete(path, argument, in: try Self.folder())
        #expect(result.status == 0)
        #expect(Self.offered(result) == ids, "\(path) \(argument)")
        #expect(result.standardError.isEmpty)
    }

    /// The decision options every deciding command shares; the table tests them under two commands.
    static let sharedOptions: Set<String> = ["--show-tip", "--hide-tip"]

    /// The table above is every argument that completes from the configuration: an id argument
    /// added without a completion test, or a completion lost, fails here.
    @Test func everyCustomCompletionOfTheCommandTreeIsTested() throws {
        let commands = try CommandTree.load().commands
        let declared = commands.flatMap { command in
            command.customCompletions.filter { !Self.sharedOptions.contains($0) }.map { "\(command.path.joined(separator: " ")) \($0)" }
        }
        let tested = Self.arguments.filter { !Self.sharedOptions.contains($0.argument) }.map { "\($0.path.joined(separator: " ")) \($0.argument)" }
        #expect(declared.sorted() == tested.sorted())
        // The shared options complete wherever they are accepted.
        for command in commands where command.options.contains("--show-tip") {
            #expect(Set(command.customCompletions).isSuperset(of: Self.sharedOptions), "\(command.path)")
        }
    }

    /// Where the configuration is found: `--config PATH` or `--config=PATH` among the typed
    /// words (quoted as typed, or after `~/`), else `$BECKON_CONFIG`, else `./beckon.yaml`.
    @Test(arguments: [
        (typed: ["--config", "other.yaml"], environment: [:]),
        (typed: ["--config=other.yaml"], environment: [:]),
        (typed: ["--config", "'other.yaml'"], environment: [:]),
        (typed: ["--config", "\"other.yaml\""], environment: [:]),
        (typed: ["--config", "missing.yaml", "--subject", "ada", "--config", "other.yaml"], environment: [:]),
        (typed: [], environment: ["BECKON_CONFIG": "other.yaml"]),
        (typed: ["--config", "other.yaml"], environment: ["BECKON_CONFIG": "missing.yaml"]),
    ] as [(typed: [String], environment: [String: String])])
    func configurationNamedOnTheLineIsRead(typed: [String], environment: [String: String]) throws {
        let folder = try Self.folder(configurationNamed: "other.yaml")
        let result = try Self.complete(["tip", "status"], "positional@0", typed: typed, in: folder, environment: environment)
        #expect(Self.offered(result) == Self.tips)
        #expect(result.standardError.isEmpty)
    }

    @Test func homeFolderIsExpanded() throws {
        let home = try Self.folder(configurationNamed: "other.yaml")
        let result = try Self.complete(["tip", "status"], "positional@0", typed: ["--config", "~/other.yaml"],
                                       in: try BeckonProcess.temporaryFolder(), environment: ["HOME": home.path])
        #expect(Self.offered(result) == Self.tips)
    }

    /// A missing file, a folder, an invalid configuration: nothing offered, nothing printed, exit 0.
    @Test(arguments: [
        (typed: ["--config", "missing.yaml"], configuration: configuration),
        (typed: ["--config", "."], configuration: configuration),
        (typed: [], configuration: "version: 1\ntips: {welcome: {title: Welcome, message: Hi., colour: red}}\n"),
        (typed: [], configuration: "version: 1\ntips: [welcome\n"),
        (typed: [], configuration: "version: 1\ntips:\n  welcome: {title: W, message: M, rules: [params.undeclared]}\n"),
    ] as [(typed: [String], configuration: String)])
    func nothingIsOfferedWithoutAValidConfiguration(typed: [String], configuration: String) throws {
        let folder = try Self.folder(configuration)
        let result = try Self.complete(["tip", "status"], "positional@0", typed: typed, in: folder)
        #expect(result.status == 0)
        #expect(Self.offered(result) == [])
        #expect(result.standardError.isEmpty)
    }

    @Test func noConfigurationAtAllOffersNothing() throws {
        let result = try Self.complete(["scenario", "try"], "positional@0", in: try BeckonProcess.temporaryFolder())
        #expect(result.status == 0)
        #expect(Self.offered(result) == [])
        #expect(result.standardError.isEmpty)
    }

    /// Plugins are not loaded to complete: a plugin that cannot be loaded, or one known only by
    /// the name inside its `.so`, does not stop the ids from being offered, and prints nothing.
    @Test(arguments: [
        "plugins:\n  - {path: plugins/absent.so, as: clock}\ntips:\n  welcome: {title: W, message: M, rules: [clock.isWeekend()]}\n",
        "plugins:\n  - {path: plugins/absent.so}\ntips:\n  welcome: {title: W, message: M, rules: [clock.isWeekend()]}\n",
        "plugins:\n  - {path: plugins/absent.so, as: pg}\nstore: {backend: pg.store}\ntips:\n  welcome: {title: W, message: M}\n",
    ])
    func pluginsAreNotLoaded(declarations: String) throws {
        let folder = try Self.folder("version: 1\n" + declarations)
        let result = try Self.complete(["tip", "status"], "positional@0", in: folder)
        #expect(Self.offered(result) == ["welcome"])
        #expect(result.standardError.isEmpty)
    }

    @Test func exampleConfigurationCompletesWithItsIncludesAndPlugin() throws {
        let result = try Self.complete(["tip", "status"], "positional@0", typed: ["--config", "Config/example.yaml"],
                                       in: Repository.root)
        #expect(Self.offered(result).starts(with: ["welcome", "favorite-landmark", "offline-maps"]))
        #expect(result.standardError.isEmpty)
    }

    /// The word being completed is never read as the configuration, and `--` ends the options.
    @Test func configPathIgnoresTheCompletedWordAndWordsAfterTheTerminator() {
        let environment: [String: String] = [:]
        #expect(IdCompletion.configPath(words: ["beckon", "tip", "status", "--config"], completing: 3, environment: environment) == "beckon.yaml")
        #expect(IdCompletion.configPath(words: ["beckon", "tip", "status", "--config", ""], completing: 4, environment: environment) == "beckon.yaml")
        #expect(IdCompletion.configPath(words: ["beckon", "--", "--config", "a.yaml", ""], completing: 4, environment: environment) == "beckon.yaml")
        #expect(IdCompletion.configPath(words: ["beckon", "--config", "a.yaml", "tip", ""], completing: 4, environment: environment) == "a.yaml")
    }

    @Test(arguments: [
        ("plain.yaml", "plain.yaml"),
        ("'my dir/c.yaml'", "my dir/c.yaml"),
        ("\"my dir/c.yaml\"", "my dir/c.yaml"),
        ("my\\ dir/c.yaml", "my dir/c.yaml"),
        ("\"a\\\"b.yaml\"", "a\"b.yaml"),
        ("~/c.yaml", "/home/ada/c.yaml"),
        ("~ada/c.yaml", "~ada/c.yaml"),
    ])
    func typedWordReadsAsTheShellPassesIt(typed: String, word: String) {
        #expect(IdCompletion.shellWord(typed, environment: ["HOME": "/home/ada"]) == word)
    }
}
