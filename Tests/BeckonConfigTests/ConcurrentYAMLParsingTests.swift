@testable import BeckonConfig
import BeckonDiagnostics
import Testing

/// A large document is parsed on another thread while the tree is built: the tree and every
/// diagnostic must be those of parsing on one thread, wherever the document goes wrong, and
/// stopping early (a second document, an alias bomb, too deep) must not hang or leak.
@Suite("YAML parsed on another thread")
struct ConcurrentYAMLParsingTests {
    /// Documents of tens of thousands of events (many batches, a full queue), each going wrong in
    /// its own way, at its start, middle or end.
    static let documents: [(name: String, text: String)] = {
        let body = largeBody(tips: 1_500)
        return [
            ("valid", "version: 1\n" + body),
            ("unclosed quote at the end", "version: 1\n" + body + "  last: {title: \"never closed\n"),
            ("syntax error in the middle", "version: 1\n" + largeBody(tips: 700) + "  broken: [a, b\n  x: ]\n" + body),
            ("duplicate keys", "version: 1\n" + body + "  tip-3:\n    title: again\n  tip-10: {title: a, title: b}\n"),
            ("second document", "version: 1\n" + body + "---\nversion: 2\n" + body),
            ("second document early", "version: 1\n---\n" + body),
            ("tab indentation", "version: 1\n" + largeBody(tips: 800) + "  bad:\n\ttitle: x\n" + body),
            ("unknown anchor and refused tag", "version: 1\n" + body + "  a: *nowhere\n  b: !custom 3\n"),
            ("too deep early", "version: 1\nx: " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "\n" + body),
            ("alias bomb", "version: 1\n" + body + billionLaughs),
        ]
    }()

    @Test(arguments: 0..<documents.count)
    func concurrentParsingAgreesWithOneThread(index: Int) {
        let (name, text) = Self.documents[index]
        let bytes = Array(text.utf8)
        let alone = YAMLDocumentReader(file: "doc.yaml", concurrentFromBytes: nil).read(bytes)
        let ahead = YAMLDocumentReader(file: "doc.yaml", concurrentFromBytes: 0).read(bytes)
        #expect(alone.diagnostics.isEmpty == (name == "valid"), "\(name): \(alone.diagnostics.map(\.code))")
        #expect(ahead.diagnostics == alone.diagnostics, "\(name)")
        #expect(ahead.root.map(Self.dump) == alone.root.map(Self.dump), "\(name)")
    }

    /// The default parses a large file ahead and a small one on the calling thread; both read alike.
    @Test func defaultReaderReadsLargeAndSmallFiles() throws {
        for text in ["version: 1\n", "version: 1\n" + Self.largeBody(tips: 1_500)] {
            let read = YAMLDocumentReader(file: "doc.yaml").read(Array(text.utf8))
            #expect(read.diagnostics.isEmpty)
            #expect(try #require(read.root).expandedSize > 1)
        }
    }

    // MARK: Documents and trees

    /// Tips with every kind of scalar, flow and block collections, anchors and aliases.
    static func largeBody(tips: Int) -> String {
        var text = "tips:\n"
        for index in 0..<tips {
            text += """
              tip-\(index):
                title: Tip number \(index)
                message: "Something \\"quoted\\" about feature \(index)."
                image: 'star.\(index)'
                note: |
                  a literal
                  block \(index)
                actions: [{id: learn-more, title: Learn more}]
                rules:
                  - events["event-\(index % 10)"].within(\(index % 7 + 1)d).count >= 3
                  - !!str params.isLoggedIn
                shared: \(index == 0 ? "&first {a: 1}" : "*first")
                maxDisplayCount: \(index % 9)

            """
        }
        return text
    }

    static let billionLaughs = """
        lol:
          a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]
          b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
          c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
          d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
          e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
          f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]
          g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]

        """

    /// Every node with its kind, text, style, tag and span.
    static func dump(_ node: YAMLNode) -> String {
        var lines: [String] = []
        func visit(_ node: YAMLNode, _ depth: Int) {
            let head = "\(String(repeating: " ", count: depth))\(node.span) \(node.tag.map { "\($0)" } ?? "-") \(node.hasRefusedTag) \(node.expandedSize)"
            switch node.content {
            case .scalar(let text, let style):
                lines.append("\(head) scalar \(style) \(text.debugDescription)")
            case .sequence(let items):
                lines.append("\(head) sequence")
                for item in items { visit(item, depth + 1) }
            case .mapping(let pairs):
                lines.append("\(head) mapping")
                for pair in pairs {
                    visit(pair.key, depth + 1)
                    visit(pair.value, depth + 2)
                }
            }
        }
        visit(node, 0)
        return lines.joined(separator: "\n")
    }
}
