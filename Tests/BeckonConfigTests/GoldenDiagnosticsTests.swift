import BeckonConfig
import BeckonDiagnostics
import Foundation
import Testing

/// One bad configuration in `Fixtures/bad/NAME.yaml`, with the diagnostic it must produce (the
/// full rendering is in `NAME.expected`).
struct GoldenCase: CustomTestStringConvertible, Sendable {
    let name: String
    /// `bad/NAME.yaml:LINE:COL CODE` (or a file under `bad/parts/`) of one diagnostic it must give.
    let expected: String

    init(_ name: String, _ expected: String) {
        self.name = name
        self.expected = expected
    }

    var testDescription: String { name }
    var yamlPath: String { Fixtures.path("bad/\(name).yaml") }
    var expectedPath: String { Fixtures.path("bad/\(name).expected") }
}

/// Golden-file tests: each bad input's rendered diagnostics must match its `.expected` file
/// exactly. Run with `BECKON_UPDATE_GOLDEN=1` to rewrite the `.expected` files, then read every
/// changed one before committing it.
@Suite("Bad configurations (golden files)")
struct GoldenDiagnosticsTests {
    static let cases: [GoldenCase] = [
        GoldenCase("syntax-error", "bad/syntax-error.yaml:4:12 yaml.syntax"),
        GoldenCase("syntax-error-mid-file", "bad/syntax-error-mid-file.yaml:4:19 yaml.syntax"),
        GoldenCase("tab-indentation", "bad/tab-indentation.yaml:4:1 yaml.tab"),
        GoldenCase("tab-in-block-scalar-then-syntax-error", "bad/tab-in-block-scalar-then-syntax-error.yaml:8:12 yaml.syntax"),
        GoldenCase("duplicate-key", "bad/duplicate-key.yaml:6:5 yaml.duplicateKey"),
        GoldenCase("duplicate-key-then-syntax-error", "bad/duplicate-key-then-syntax-error.yaml:2:23 yaml.duplicateKey"),
        GoldenCase("unknown-key", "bad/unknown-key.yaml:5:5 config.unknownKey"),
        GoldenCase("wrong-scalar-type", "bad/wrong-scalar-type.yaml:5:22 config.type"),
        GoldenCase("missing-version", "bad/missing-version.yaml:2:1 config.missingKey"),
        GoldenCase("missing-tip-title", "bad/missing-tip-title.yaml:3:3 config.missingKey"),
        GoldenCase("malformed-id", "bad/malformed-id.yaml:3:3 config.id"),
        GoldenCase("duplicate-id-across-files", "bad/parts/duplicate-id-other.yaml:3:3 config.duplicateId"),
        GoldenCase("undeclared-reference", "bad/undeclared-reference.yaml:9:21 config.undeclared"),
        GoldenCase("bad-duration", "bad/bad-duration.yaml:4:40 config.duration"),
        GoldenCase("bad-versions", "bad/bad-versions.yaml:3:12 config.version"),
        GoldenCase("negative-counts", "bad/negative-counts.yaml:8:22 config.range"),
        GoldenCase("include-missing", "bad/include-missing.yaml:3:5 config.include"),
        GoldenCase("include-cycle", "bad/parts/include-cycle-b.yaml:2:11 config.includeCycle"),
        GoldenCase("billion-laughs", "bad/billion-laughs.yaml:7:63 yaml.aliasBomb"),
        GoldenCase("deep-nesting", "bad/deep-nesting.yaml:2:262 yaml.depth"),
        GoldenCase("non-utf8", "bad/non-utf8.yaml:4:17 yaml.encoding"),
        GoldenCase("empty", "bad/empty.yaml:1:1 config.empty"),
        GoldenCase("list-document", "bad/list-document.yaml:1:1 config.notMapping"),
        GoldenCase("unknown-anchor", "bad/unknown-anchor.yaml:5:12 yaml.unknownAnchor"),
        GoldenCase("multiple-documents", "bad/multiple-documents.yaml:2:1 yaml.multipleDocuments"),
        GoldenCase("tip-in-two-groups", "bad/tip-in-two-groups.yaml:7:22 config.groupMembership"),
        GoldenCase("duplicate-section", "bad/parts/duplicate-section-other.yaml:2:1 config.duplicateSection"),
        GoldenCase("yes-bool", "bad/yes-bool.yaml:3:37 config.type"),
        GoldenCase("parameter-defaults", "bad/parameter-defaults.yaml:7:43 config.type"),
        GoldenCase("five-errors", "bad/five-errors.yaml:10:29 config.duration"),
    ]

    static var updating: Bool { ProcessInfo.processInfo.environment["BECKON_UPDATE_GOLDEN"] == "1" }

    @Test("renders exactly the expected diagnostics", arguments: cases)
    func matchesGolden(_ golden: GoldenCase) throws {
        let clock = ContinuousClock()
        var error: DiagnosticsError?
        let elapsed = clock.measure { error = Fixtures.diagnostics(loading: golden.yamlPath) }
        // A hang guard, not a benchmark: every bad input must be refused promptly.
        #expect(elapsed < .seconds(2), "loading took \(elapsed)")
        let diagnostics = try #require(error)

        let relative = diagnostics.diagnostics.map { diagnostic in
            "\(diagnostic.span.description.replacingOccurrences(of: Fixtures.directory + "/", with: "")) \(diagnostic.code)"
        }
        #expect(relative.contains(golden.expected), "\(relative)")
        #expect(diagnostics.diagnostics.allSatisfy { $0.severity == .error })

        let rendered = Fixtures.render(diagnostics)
        #expect(!rendered.contains(Fixtures.directory), "a path escaped the fixtures prefix")
        if Self.updating {
            try rendered.write(toFile: golden.expectedPath, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOfFile: golden.expectedPath, encoding: .utf8)
        #expect(rendered == expected, "\(golden.name): rendered diagnostics differ from \(golden.name).expected:\n\(rendered)")
    }

    /// Every `bad/*.yaml` has a case above and an `.expected` file, so none is silently skipped.
    @Test func everyBadFixtureIsChecked() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.path("bad"))
        let yamlNames = Set(files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) })
        let expectedNames = Set(files.filter { $0.hasSuffix(".expected") }.map { String($0.dropLast(9)) })
        let caseNames = Set(Self.cases.map(\.name))
        #expect(yamlNames == caseNames)
        if !Self.updating {
            #expect(expectedNames == caseNames)
        }
    }
}
