import BeckonTestSupport
import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import Testing

/// `include:` — files relative to the including file, each read once, no cycles, single
/// sections set in one file only.
@Suite("Includes")
struct IncludeTests {
    /// main includes left and right, both include shared (spelt differently): shared is read once,
    /// so its tip is not a duplicate of itself.
    @Test func aFileIncludedTwiceIsReadOnce() throws {
        let main = Fixtures.path("good/diamond/main.yaml")
        let loaded = try ConfigurationLoader().load(path: main)
        let folder = Fixtures.path("good/diamond")
        #expect(loaded.configuration.files == [main, folder + "/left.yaml", folder + "/shared.yaml", folder + "/right.yaml"])
        // A file's own declarations are read before the files it includes.
        #expect(loaded.configuration.tips.ids == ["left-tip", "shared-tip", "right-tip"])
        #expect(loaded.configuration.groups["onboarding"]?.tips == ["shared-tip", "left-tip", "right-tip"])
        #expect(loaded.warnings.isEmpty)
    }

    /// `store`, `app`, `display` and `testing` may be set in one file of a configuration only.
    @Test(arguments: [
        "store: {backend: memory}",
        "app: {version: 1.0.0}",
        "display: {frequency: daily}",
        "testing: {showAll: true}",
    ])
    func aSingleSectionSetInTwoFilesIsAnError(section: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let main = try folder.write("main.yaml", "version: 1\ninclude: [other.yaml]\n\(section)\n")
        try folder.write("other.yaml", "# the same section again\n\(section)\n")
        let error = try #require(Fixtures.diagnostics(loading: main))
        let name = String(section.prefix { $0 != ":" })
        #expect(error.summaries == ["\(folder.path)/other.yaml:2:1 config.duplicateSection"])
        #expect(error.diagnostics.first?.message == "'\(name)' is already set in another file")
        #expect(error.diagnostics.first?.notes == ["first set at \(folder.path)/main.yaml:3:1"])
    }

    /// What's-new entries may come from several files; its settings only from one.
    @Test func whatsNewEntriesMergeButSettingsMayNotRepeat() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let main = try folder.write("main.yaml", """
            version: 1
            include: [more.yaml]
            whatsNew:
              mode: exact
              entries: [{version: 1.0.0, title: First}]
            """)
        try folder.write("more.yaml", "whatsNew:\n  entries: [{version: 1.1.0, title: Second}]\n")
        let loaded = try ConfigurationLoader().load(path: main)
        #expect(loaded.configuration.whatsNew.entries.map(\.title.text) == ["First", "Second"])

        try folder.write("more.yaml", "whatsNew:\n  mode: catchUp\n")
        let error = try #require(Fixtures.diagnostics(loading: main))
        #expect(error.summaries == ["\(folder.path)/more.yaml:2:3 config.duplicateSection"])
    }

    @Test func aFileIncludingItselfIsACycle() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let main = try folder.write("main.yaml", "version: 1\ninclude: [main.yaml]\n")
        let error = try #require(Fixtures.diagnostics(loading: main))
        #expect(error.summaries == ["\(folder.path)/main.yaml:2:11 config.includeCycle"])
        #expect(error.diagnostics.first?.message == "including 'main.yaml' makes a cycle: main.yaml → main.yaml")
    }

    @Test func includesAreRelativeToTheIncludingFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let main = try folder.write("main.yaml", "version: 1\ninclude: [sub/tips.yaml]\n")
        try folder.createFolder("sub")
        try folder.write("sub/tips.yaml", "include: events.yaml\ntips:\n  welcome: {title: Welcome}\n")
        try folder.write("sub/events.yaml", "events:\n  appLaunched:\n")
        let loaded = try ConfigurationLoader().load(path: main)
        #expect(loaded.configuration.files == [main, folder.path + "/sub/tips.yaml", folder.path + "/sub/events.yaml"])
        #expect(loaded.configuration.events.ids == ["appLaunched"])
    }

    @Test func includingAFolderIsAnError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.createFolder("sub")
        let main = try folder.write("main.yaml", "version: 1\ninclude: [sub]\n")
        let error = try #require(Fixtures.diagnostics(loading: main))
        #expect(error.summaries == ["\(folder.path)/main.yaml:2:11 config.include"])
        #expect(error.diagnostics.first?.message == "cannot include 'sub': it is a folder, not a file")
    }

    @Test(arguments: ["include: {a: b.yaml}", "include: [[b.yaml]]", "include: [~]"])
    func anIncludeThatIsNotAFileNameIsAnError(yaml: String) throws {
        let error = try #require(Fixtures.diagnostics(yaml: "version: 1\n\(yaml)\n"))
        #expect(error.codes == ["config.type"])
        #expect(error.diagnostics.first?.span.start.line == 2)
    }

    @Test func anEmptyIncludedFileIsAnError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let main = try folder.write("main.yaml", "version: 1\ninclude: [empty.yaml]\n")
        try folder.write("empty.yaml", "# nothing but a comment\n")
        let error = try #require(Fixtures.diagnostics(loading: main))
        #expect(error.summaries == ["\(folder.path)/empty.yaml:1:1 config.empty"])
        #expect(error.diagnostics.first?.message == "the included file is empty")
    }

    @Test func aMissingMainFileIsUnreadableNotInvalid() {
        #expect {
            _ = try ConfigurationLoader().load(path: Fixtures.path("bad/no-such-file.yaml"))
        } throws: { error in
            guard case ConfigurationLoadError.unreadable(let path, let reason) = error else { return false }
            return path.hasSuffix("bad/no-such-file.yaml") && reason == "No such file or directory"
        }
        #expect {
            _ = try ConfigurationLoader().load(path: Fixtures.path("bad"))
        } throws: { error in
            guard case ConfigurationLoadError.unreadable(_, let reason) = error else { return false }
            return reason == "it is a folder, not a file"
        }
    }

    @Test func aTraceThatIsAFolderIsUnreadableAsAConfigurationIs() throws {
        let configuration = try ConfigurationLoader().load(yaml: "version: 1\n", path: "main.yaml").configuration
        #expect {
            _ = try TraceLoader(configuration: configuration).load(path: Fixtures.path("bad"))
        } throws: { error in
            guard case TraceLoadError.unreadable(_, let reason) = error else { return false }
            return reason == "it is a folder, not a file"
        }
    }
}
