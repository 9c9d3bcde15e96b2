import BeckonTestSupport
import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import Testing

/// Inputs that could hang or crash a careless loader: each must be a clear error, promptly.
@Suite("Hostile and unusual input")
struct HostileInputTests {
    static let maxBytes = 16 * 1024 * 1024

    /// 9 levels of 10x aliases would expand to 10^9 nodes; the bound stops it early. The time
    /// limit is a generous hang guard, not a benchmark.
    @Test func billionLaughsIsRefusedQuickly() throws {
        let clock = ContinuousClock()
        var error: DiagnosticsError?
        let elapsed = clock.measure {
            error = Fixtures.diagnostics(loading: Fixtures.path("bad/billion-laughs.yaml"))
        }
        #expect(elapsed < .seconds(2), "took \(elapsed)")
        #expect(try #require(error).codes == ["yaml.aliasBomb"])
    }

    /// Aliases that stay under the bound are fine and share their anchor's value.
    @Test func modestAliasesAreExpanded() throws {
        let loaded = try ConfigurationLoader().load(yaml: """
            version: 1
            scenarios:
              first: {conditions: &rules [params.plan == "free"]}
              second: {conditions: *rules}
            parameters:
              plan: {type: string, default: free}
            """, path: "test.yaml")
        #expect(loaded.configuration.scenarios["second"]?.conditions.map(\.text) == [#"params.plan == "free""#])
    }

    @Test func aMainFileOverSixteenMebibytesIsRefusedBeforeReading() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let big = try folder.write("big.yaml", bytes: Self.paddedConfig(bytes: Self.maxBytes + 1))
        let clock = ContinuousClock()
        var error: DiagnosticsError?
        let elapsed = clock.measure { error = Fixtures.diagnostics(loading: big) }
        #expect(elapsed < .seconds(2), "took \(elapsed)")
        let diagnostics = try #require(error)
        #expect(diagnostics.summaries == ["\(big):1:1 config.fileTooLarge"])
        #expect(diagnostics.diagnostics.first?.message == "'\(big)' is 16.1 MiB; a configuration file may be at most 16 MiB")
    }

    @Test func aFileOfExactlySixteenMebibytesIsAccepted() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write("limit.yaml", bytes: Self.paddedConfig(bytes: Self.maxBytes))
        let loaded = try ConfigurationLoader().load(path: file)
        #expect(loaded.configuration.formatVersion == 1)
    }

    @Test func anIncludedFileOverSixteenMebibytesIsReportedAtTheInclude() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let main = try folder.write("main.yaml", "version: 1\ninclude: [big.yaml]\n")
        let big = try folder.write("big.yaml", bytes: Self.paddedConfig(bytes: Self.maxBytes + 100_000))
        let error = try #require(Fixtures.diagnostics(loading: main))
        #expect(error.summaries == ["\(main):2:11 config.fileTooLarge"])
        #expect(error.diagnostics.first?.message == "'\(big)' is 16.1 MiB; a configuration file may be at most 16 MiB")
    }

    @Test func yamlTextOverSixteenMebibytesIsRefused() throws {
        let text = String(decoding: Self.paddedConfig(bytes: Self.maxBytes + 1), as: UTF8.self)
        let error = try #require(Fixtures.diagnostics(yaml: text, path: "big.yaml"))
        #expect(error.summaries == ["big.yaml:1:1 config.fileTooLarge"])
    }

    /// Byte sequences that are not UTF-8, each reported at the line and column of its first byte.
    @Test(arguments: [
        ([0xFF], "0xFF"),  // never valid
        ([0xC3], "0xC3"),  // a lead byte cut off at the end of the file
        ([0xC0, 0xAF], "0xC0"),  // an overlong encoding of '/'
        ([0xED, 0xA0, 0x80], "0xED"),  // a UTF-16 surrogate
        ([0x80], "0x80"),  // a lone continuation byte
    ] as [([UInt8], String)])
    func nonUTF8BytesAreReportedWhereTheyAre(bad: [UInt8], shown: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let prefix = Array("version: 1\ntips:\n  café:\n    title: ".utf8)
        let file = try folder.write("latin1.yaml", bytes: prefix + bad)
        let error = try #require(Fixtures.diagnostics(loading: file))
        #expect(error.summaries == ["\(file):4:12 yaml.encoding"])
        #expect(error.diagnostics.first?.message == "the file is not valid UTF-8 (byte \(shown) at offset \(prefix.count))")
    }

    @Test func aUTF16FileIsNotMistakenForUTF8() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let utf16: [UInt8] = [0xFF, 0xFE] + Array("version: 1\n".utf8).flatMap { [$0, UInt8(0)] }
        let file = try folder.write("utf16.yaml", bytes: utf16)
        let error = try #require(Fixtures.diagnostics(loading: file))
        #expect(error.summaries == ["\(file):1:1 yaml.encoding"])
    }

    /// Tabs are only a problem where they indent; inside a block scalar's text they are content.
    @Test func aTabInsideABlockScalarIsFine() throws {
        let loaded = try ConfigurationLoader().load(yaml: """
            version: 1
            tips:
              welcome:
                title:\tWelcome
                message: |
                  Columns:
                  \tname\tvalue
            """, path: "test.yaml")
        let tip = try #require(loaded.configuration.tips["welcome"])
        #expect(tip.title.text == "Welcome")
        #expect(tip.message?.text == "Columns:\n\tname\tvalue")
    }

    @Test(arguments: [
        ("version: 1\ntips:\n\twelcome: {title: Welcome}\n", "3:1"),
        ("version: 1\ntips:\n  welcome:\n  \ttitle: Welcome\n", "4:3"),
        ("version: 1\ntips:\n  welcome:\n    title: Welcome\n    rules:\n    -\tparams.a\n", "6:6"),
        ("version: 1\ntips:\n  welcome:\n    message: one\n\t  two\n", "5:1"),
    ])
    func tabsUsedForIndentationAreReportedWhereTheyAre(yaml: String, position: String) throws {
        let error = try #require(Fixtures.diagnostics(yaml: yaml))
        #expect(error.summaries == ["test.yaml:\(position) yaml.tab"])
        #expect(error.diagnostics.first?.message == "tabs cannot indent YAML; use spaces")
    }

    @Test func windowsLineEndingsKeepPositions() throws {
        let yaml = "version: 1\r\ntips:\r\n  welcome:\r\n    title: Welcome\r\n    mesage: Hi\r\n"
        let error = try #require(Fixtures.diagnostics(yaml: yaml))
        #expect(error.summaries == ["test.yaml:5:5 config.unknownKey"])
        #expect(DiagnosticRenderer(sources: error.sources).render(error.diagnostics).contains("    5 |     mesage: Hi\n"))
    }

    /// Columns count characters, not UTF-8 bytes.
    @Test func columnsCountCharacters() throws {
        let error = try #require(Fixtures.diagnostics(yaml: "version: 1\ntips:\n  welcome: {title: \"Grüße 👋\", maxDisplayCount: x}\n"))
        #expect(error.summaries == ["test.yaml:3:48 config.type"])
    }

    @Test(arguments: [
        ("# only a comment\n", "1:1 config.empty"),
        ("   \n\n", "1:1 config.empty"),
        ("~\n", "1:1 config.notMapping"),
        ("null\n", "1:1 config.notMapping"),
        ("---\n", "2:1 config.notMapping"),  // libyaml puts the empty document's null after the marker
    ])
    func documentsWithoutAMappingAreErrors(yaml: String, expected: String) throws {
        let error = try #require(Fixtures.diagnostics(yaml: yaml))
        #expect(error.summaries == ["test.yaml:\(expected)"])
    }

    @Test(arguments: ["hello\n", "[1, 2]\n", "- a\n- b\n", "\"text\"\n"])
    func aDocumentThatIsNotAMappingIsAnError(yaml: String) throws {
        let error = try #require(Fixtures.diagnostics(yaml: yaml))
        #expect(error.summaries == ["test.yaml:1:1 config.notMapping"])
    }

    @Test func aSecondDocumentAfterAnEndMarkerIsAnError() throws {
        let error = try #require(Fixtures.diagnostics(yaml: "version: 1\n...\n---\ntips: {}\n"))
        #expect(error.summaries == ["test.yaml:3:1 yaml.multipleDocuments"])
    }

    @Test func anAliasDefinedLaterIsUnknown() throws {
        let error = try #require(Fixtures.diagnostics(yaml: """
            version: 1
            groups:
              onboarding: {tips: *members}
            tips:
              welcome: {title: Welcome}
            members: &members [welcome]
            """))
        #expect(error.summaries.first == "test.yaml:3:22 yaml.unknownAnchor")
    }

    /// A version 1 file followed by padding comments up to `bytes` bytes.
    static func paddedConfig(bytes: Int) -> [UInt8] {
        var result = Array("version: 1\n#".utf8)
        result += [UInt8](repeating: UInt8(ascii: "x"), count: bytes - result.count - 1)
        result.append(UInt8(ascii: "\n"))
        return result
    }
}
