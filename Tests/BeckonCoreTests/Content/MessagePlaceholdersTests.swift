import BeckonCore
import BeckonTestSupport
import Testing

struct MessagePlaceholdersTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var pattern: String
        var paths: [String]
        var testDescription: String { text }
    }

    static let cases: [Case] = [
        Case(text: "Hello {params.name}!", pattern: "Hello {a0}!", paths: ["params.name"]),
        Case(text: "{ subject }", pattern: "{ a0 }", paths: ["subject"]),
        Case(text: "{n, number} and {n}", pattern: "{a0, number} and {a0}", paths: ["n"]),
        // Quoted braces and doubled apostrophes are text; a lone apostrophe is itself.
        Case(text: "It''s '{literal}' {x} don't", pattern: "It''s '{literal}' {a0} don't", paths: ["x"]),
        Case(text: "'{'{params.a}'}'", pattern: "'{'{a0}'}'", paths: ["params.a"]),
        // A `}` outside every argument is text.
        Case(text: "a } b {c}", pattern: "a } b {a0}", paths: ["c"]),
        // Nested messages: a plural inside a select, with `#` and a quoted `#`.
        Case(text: "{params.g, select, f {{events.e.count, plural, one {# item '#'} other {# items of {params.n}}}} other {x}}",
             pattern: "{a0, select, f {{a1, plural, one {# item '#'} other {# items of {a2}}}} other {x}}",
             paths: ["params.g", "events.e.count", "params.n"]),
        Case(text: "{n, plural, offset:1 =0 {none} other {# more}}", pattern: "{a0, plural, offset:1 =0 {none} other {# more}}", paths: ["n"]),
        Case(text: "{n, number, ::currency/EUR}", pattern: "{a0, number, ::currency/EUR}", paths: ["n"]),
        Case(text: "no placeholders", pattern: "no placeholders", paths: []),
    ]

    @Test(arguments: cases)
    func renamesEveryPath(_ item: Case) throws {
        let scanned = try MessagePlaceholders.scan(item.text).get()
        #expect(scanned.pattern == item.pattern)
        #expect(scanned.paths == item.paths)
        for argument in scanned.arguments {
            #expect(String(String.UnicodeScalarView(Array(item.text.unicodeScalars)[argument.range])) == argument.path)
        }
    }

    @Test func kindsAndSelectors() throws {
        let scanned = try MessagePlaceholders.scan("{a, plural, one {x} other {y}} {b, select, m {z} other {w}} {c, selectordinal, other {#}} {d, number}").get()
        #expect(scanned.arguments.map(\.kind) == [.plural, .select, .selectordinal, .typed("number")])
        #expect(scanned.arguments.map(\.selectors) == [["one", "other"], ["m", "other"], ["other"], []])
    }

    @Test func knownPathsKeepTheirNumbers() throws {
        let scanned = try MessagePlaceholders.scan("{b} {a}", known: ["a", "b"]).get()
        #expect(scanned.pattern == "{a1} {a0}")
        #expect(scanned.paths == ["a", "b"])
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        var text: String
        var message: String
        var range: Range<Int>
        var testDescription: String { text }
    }

    static let failures: [Failure] = [
        Failure(text: "Hi {params.name", message: "this '{' is never closed", range: 3..<4),
        Failure(text: "Hi {}", message: "a placeholder needs a name", range: 3..<5),
        Failure(text: "{n, plural, one {x} other {y}", message: "this '{' is never closed", range: 0..<1),
        Failure(text: "{n, plural, one x}", message: "expected a selector", range: 12..<17),
        Failure(text: "{n x}", message: "expected ',' or '}' after the placeholder's name", range: 3..<4),
        Failure(text: "{n, }", message: "expected an argument type", range: 4..<5),
        Failure(text: "{n, plural, one {a {b}", message: "never closed", range: 16..<17),
    ]

    @Test(arguments: failures)
    func malformedMessagesAreFoundWhereTheyAre(_ item: Failure) {
        guard case .failure(let error) = MessagePlaceholders.scan(item.text) else {
            Issue.record("\(item.text) scanned")
            return
        }
        #expect(error.message.contains(item.message))
        #expect(error.range == item.range)
    }

    @Test func offsetsPointBackIntoTheText() throws {
        let text = "Dear {params.fullName}, {events.saved.count, plural, other {#}} ü"
        let scanned = try MessagePlaceholders.scan(text).get()
        #expect(scanned.pattern == "Dear {a0}, {a1, plural, other {#}} ü")
        // Renamed offset → offset as written: before, inside and after each renamed path.
        let expected = [(5, 5), (6, 6), (7, 7), (8, 21), (9, 22), (12, 25), (14, 43), (16, 45)]
        for (renamed, original) in expected {
            #expect(scanned.originalOffset(ofRenamed: renamed) == original, "renamed offset \(renamed)")
        }
        // ICU counts UTF-16 units: the end of the pattern is the end of the text.
        #expect(scanned.originalOffset(ofUTF16: scanned.pattern.utf16.count) == text.unicodeScalars.count)
    }

    /// Random messages built from pieces with known renamings: the scan finds exactly the paths
    /// put in, renames them, and maps each renamed name back to where its path is.
    @Test func randomMessagesRoundTrip() throws {
        var random = SplitMix64(seed: 26)
        let names = ["params.name", "events.e.count", "subject", "params.x_1"]
        for _ in 0..<500 {
            var text = "", pattern = "", paths: [String] = []
            func piece(depth: Int, plural: Bool) {
                switch random.below(depth > 1 ? 4 : 7) {
                case 0: text += "word "; pattern += "word "
                case 1: text += "''"; pattern += "''"
                case 2: text += "'{quoted}'"; pattern += "'{quoted}'"
                case 3: text += plural ? "# '#' don't" : "don't"; pattern += plural ? "# '#' don't" : "don't"
                case 4, 5:
                    let name = random.pick(names)
                    let number = paths.firstIndex(of: name) ?? { paths.append(name); return paths.count - 1 }()
                    text += "{\(name)}"; pattern += "{a\(number)}"
                default:
                    let name = random.pick(names)
                    let number = paths.firstIndex(of: name) ?? { paths.append(name); return paths.count - 1 }()
                    let isPlural = random.below(2) == 0
                    let head = isPlural ? ", plural, one {" : ", select, yes {"
                    text += "{\(name)\(head)"; pattern += "{a\(number)\(head)"
                    for _ in 0..<random.below(3) { piece(depth: depth + 1, plural: isPlural) }
                    text += "} other {"; pattern += "} other {"
                    for _ in 0..<random.below(3) { piece(depth: depth + 1, plural: isPlural) }
                    text += "}}"; pattern += "}}"
                }
            }
            for _ in 0..<random.below(5) { piece(depth: 0, plural: false) }
            let scanned = try MessagePlaceholders.scan(text).get()
            #expect(scanned.pattern == pattern, "\(text)")
            #expect(scanned.paths == paths, "\(text)")
            let textScalars = Array(text.unicodeScalars)
            for argument in scanned.arguments {
                #expect(String(String.UnicodeScalarView(textScalars[argument.range])) == argument.path)
            }
        }
    }
}
