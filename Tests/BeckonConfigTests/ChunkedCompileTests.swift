@testable import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import BeckonRules
import Testing
import BeckonTestSupport

/// Compiling a configuration's rules in chunks, on threads or in any order, gives the same book
/// and the same diagnostics, in the same order, as compiling them one by one.
@Suite("Rules compiled in chunks")
struct ChunkedCompileTests {
    /// Runs the chunks last to first on the calling thread: any dependence on order shows.
    static let reversed: RuleBook.ChunkRunner = { count, body in
        for chunk in (0..<count).reversed() { body(chunk) }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func chunksAgreeWithOneByOne(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let configuration = Self.configuration(tips: 300 + Int(seed) * 40, scenarios: 40, random: &random)
        let expected = RuleBook.compile(configuration)
        #expect(expected.diagnostics.contains { $0.severity == .error }, "the cases include rules with errors")
        for chunks in [2, 3, 4] {
            for runner in [ChunkThreads.runner, Self.reversed] {
                let chunked = RuleBook.compile(configuration, chunks: chunks, runner: runner)
                #expect(chunked.diagnostics == expected.diagnostics)
                #expect(Self.texts(chunked.book) == Self.texts(expected.book))
                #expect(Self.spans(chunked.book) == Self.spans(expected.book))
            }
        }
    }

    /// A small configuration starts no thread: its single chunk runs on the calling thread.
    @Test func smallConfigurationsAreCompiledInline() {
        var random = SplitMix64(seed: 99)
        let configuration = Self.configuration(tips: 20, scenarios: 2, random: &random)
        let calls = ChunkCounter()
        let book = RuleBook.compile(configuration, chunks: 4) { count, body in
            calls.record(count)
            for chunk in 0..<count { body(chunk) }
        }
        #expect(calls.counts.isEmpty)
        #expect(Self.texts(book.book) == Self.texts(RuleBook.compile(configuration).book))
    }

    /// The loader compiles a large configuration (in chunks where there are processors) and finds
    /// every rule's problem, sorted as always.
    @Test func loaderReportsEveryRuleProblem() throws {
        var yaml = "version: 1\nparameters:\n  flag: {type: bool, default: false}\ntips:\n"
        for index in 0..<1_200 {
            let rule = index % 97 == 0 ? "params.missing\(index)" : "params.flag || \(index) > 3"
            yaml += "  tip-\(index):\n    title: T\n    rules: [\"\(rule)\"]\n"
        }
        let error = #expect(throws: ConfigurationLoadError.self) {
            _ = try ConfigurationLoader().load(yaml: yaml, path: "many.yaml")
        }
        guard case .invalid(let diagnostics)? = error else { return }
        let unknown = diagnostics.diagnostics.filter { $0.code == "rule.unknownName" }
        #expect(unknown.count == (0..<1_200).filter { $0 % 97 == 0 }.count)
        #expect(unknown.map(\.span.start.line) == unknown.map(\.span.start.line).sorted())
    }

    // MARK: Generated configurations

    static func configuration(tips: Int, scenarios: Int, random: inout SplitMix64) -> Configuration {
        let file = "generated.yaml"
        var line = 1
        func source(_ text: String) -> RuleSource {
            line += 1
            let start = SourcePosition(line: line, column: 9)
            let span = SourceSpan(file: file, start: start, end: SourcePosition(line: line, column: 9 + text.unicodeScalars.count))
            return RuleSource(text: text, span: span, origin: TextOrigin(file: file, startingAt: start))
        }
        let parameters = [
            ParameterDeclaration(id: "flag", type: .bool, span: .wholeFile(file)),
            ParameterDeclaration(id: "plan", type: .string, span: .wholeFile(file)),
            ParameterDeclaration(id: "level", type: .int, span: .wholeFile(file)),
        ]
        let events = (0..<5).map { EventDeclaration(id: "event-\($0)", span: .wholeFile(file)) }
        let tipDeclarations = (0..<tips).map { index in
            let rules = (0..<Int(random.next() % 4)).map { _ in source(rule(&random)) }
            return TipDeclaration(id: "tip-\(index)", title: ContentText("Tip \(index)"), rules: rules, span: .wholeFile(file))
        }
        let scenarioDeclarations = (0..<scenarios).map { index in
            ScenarioDeclaration(id: "scenario-\(index)", conditions: (0..<Int(random.next() % 3)).map { _ in source(rule(&random)) },
                                span: .wholeFile(file))
        }
        return Configuration(parameters: Declarations(parameters), events: Declarations(events),
                             tips: Declarations(tipDeclarations), scenarios: Declarations(scenarioDeclarations), files: [file])
    }

    /// A rule that holds, fails to check, fails to parse or is constant, at random.
    static func rule(_ random: inout SplitMix64) -> String {
        let event = "event-\(random.next() % 6)"  // event-5 is not declared
        let number = random.next() % 50
        return switch random.next() % 9 {
        case 0: "events[\"\(event)\"].within(\(number % 7 + 1)d).count >= \(number)"
        case 1: "params.flag && params.plan != \"plan-\(number)\""
        case 2: "params.level + \(number) > params.plan"  // a type error
        case 3: "params.leve == \(number)"  // an unknown name, with a suggestion
        case 4: "params.flag && (\(number) >"  // a syntax error
        case 5: "\(number) > 3"  // constant: a warning
        case 6: "tips.tip-\(number).displayCount < 3"  // unknown or not a name
        case 7: "events[\"\(event)\"].count > \(number) || !params.flag"
        default: "params.plan == \"caf\u{E9} \(number)\" && \"\\u{1}\" == \"x\""  // non-ASCII text, a bad escape
        }
    }

    static func texts(_ book: RuleBook) -> [[String]] {
        book.tipRules.map { $0.map(\.text) } + book.scenarioConditions.map { $0.map(\.text) }
    }

    static func spans(_ book: RuleBook) -> [[SourceSpan]] {
        book.tipRules.map { $0.map(\.span) } + book.scenarioConditions.map { $0.map(\.span) }
    }
}

/// Counts the chunk counts a runner was called with.
private final class ChunkCounter: @unchecked Sendable {
    private(set) var counts: [Int] = []
    func record(_ count: Int) { counts.append(count) }
}
