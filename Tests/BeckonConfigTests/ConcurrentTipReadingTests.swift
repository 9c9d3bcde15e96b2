@testable import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import Testing
import BeckonTestSupport

/// A large `tips:` section is read in chunks on several threads: the tips and every diagnostic,
/// in order, must be those of reading the tips one by one.
@Suite("Tips read on several threads")
struct ConcurrentTipReadingTests {
    @Test(arguments: [1, 2, 3, 4])
    func chunksAgreeWithOneByOne(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let text = Self.tips(count: 700 + Int(seed) * 150, random: &random)
        let (root, yamlDiagnostics) = YAMLDocumentReader(file: "tips.yaml", concurrentFromBytes: nil).read(Array(text.utf8))
        let tree = try #require(root)
        let alone = Self.read(tree, text: text, concurrentTipsFrom: nil)
        #expect(alone.diagnostics.count > 50, "the cases include many problems (YAML: \(yamlDiagnostics.count))")
        for threshold in [0, 512] {
            let chunked = Self.read(tree, text: text, concurrentTipsFrom: threshold)
            #expect(chunked.diagnostics == alone.diagnostics)
            #expect(chunked.tips == alone.tips)
        }
    }

    static func read(_ root: YAMLNode, text: String, concurrentTipsFrom: Int?) -> (tips: [TipDeclaration], diagnostics: [Diagnostic]) {
        var reader = ConfigFileReader(file: "tips.yaml", isMainFile: true, source: SourceLines(text: text),
                                      assembly: ConfigurationAssembly(), concurrentTipsFrom: concurrentTipsFrom)
        reader.read(root: root)
        return (reader.assembly.tips.all, reader.reader.diagnostics.all)
    }

    /// Tips that are fine or wrong in every way a tip can be: ids taken twice or not ids, missing
    /// titles, fields of the wrong type, unknown keys, repeated actions, empty rules, and rules
    /// quoted over several lines (whose characters are found in the file's lines).
    static func tips(count: Int, random: inout SplitMix64) -> String {
        var text = "version: 1\ntips:\n"
        for index in 0..<count {
            let id = switch random.next() % 23 {
            case 0: "tip-\(random.next() % UInt64(index + 1))"  // maybe declared before
            case 1: "9-not-an-id-\(index)"
            case 2: "\"\""
            default: "tip-\(index)"
            }
            text += "  \(id):\n"
            switch random.next() % 12 {
            case 0: text += "    message: no title\n"
            case 1: text += "    title: [a, list]\n"
            default: text += "    title: Tip \(index)\n"
            }
            switch random.next() % 10 {
            case 0: text += "    titel: misspelt\n"
            case 1: text += "    maxDisplayCount: 0\n"
            case 2: text += "    maxDisplayDuration: 3 weeks\n"
            case 3: text += "    ignoresDisplayFrequency: maybe\n"
            case 4: text += "    actions: [{id: a, title: A}, {id: a, title: again}, {id: 1x}]\n"
            case 5: text += "    actions: not a list\n"
            default: text += "    actions: [{id: learn-more, title: Learn more}]\n"
            }
            switch random.next() % 8 {
            case 0: text += "    rules: [\"   \"]\n"
            case 1: text += "    rules: \"params.a\"\n"
            case 2: text += "    rules:\n      - \"params.a &&\n        params.b\"\n"
            case 3: text += "    rules:\n      - >\n        params.a\n        && params.b \(index)\n"
            case 4: text += "    rules: [null, 3]\n"
            default: text += "    rules:\n      - params.a && params.n > \(index)\n"
            }
        }
        return text
    }
}
