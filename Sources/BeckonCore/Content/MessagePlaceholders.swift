import BeckonDiagnostics

/// The placeholders of a content text in ICU MessageFormat syntax, found without ICU: each
/// argument's name is a rule-language path (`params.name`, `events.saved.count`), which ICU cannot
/// take (its names hold no `.`), so the scan renames every path to `a0`, `a1`… (one path, one
/// name) and keeps the offsets to point ICU's errors back into the text as written.
///
/// The scan follows ICU's `MessagePattern` in its default apostrophe mode: `''` is an apostrophe;
/// `'` before `{`, `}` (or `#` inside a plural's sub-message) quotes up to the next single `'`;
/// any other `'` is itself. A `}` outside every argument is text. Offsets are in Unicode scalars.
public struct MessagePlaceholders: Hashable, Sendable {
    /// How an argument is formatted: ICU's argument type.
    public enum Kind: Hashable, Sendable {
        /// `{path}`: the value as text (numbers per locale).
        case simple
        /// `{path, plural, …}`, `{path, selectordinal, …}`, `{path, select, …}`.
        case plural, selectordinal, select
        /// `{path, number}`, `{path, date, short}`…: a type word and its optional style.
        case typed(String)
    }

    /// One argument as written.
    public struct Argument: Hashable, Sendable {
        /// The path as written (`params.name`).
        public var path: String
        /// Where the path is in the text.
        public var range: Range<Int>
        /// The argument type.
        public var kind: Kind
        /// Where the type word is, when there is one.
        public var kindRange: Range<Int>?
        /// The selectors of a plural or select (`one`, `=0`, `other`), in order.
        public var selectors: [String]
        /// Its ICU name's number: the argument is `a<index>`.
        public var index: Int
    }

    /// A text that is not a well-formed message.
    public struct SyntaxError: Error, Hashable, Sendable {
        /// What is wrong, for people.
        public var message: String
        /// Where.
        public var range: Range<Int>
    }

    /// Each argument in the order written (nested ones after their enclosing one's type).
    public var arguments: [Argument]
    /// The distinct paths; path `paths[i]` is ICU's `a<i>`.
    public var paths: [String]
    /// The text with each path replaced by its ICU name.
    public var pattern: String
    /// Where the renamed pattern's runs start, in the pattern and in the text: a run ends where
    /// the next begins.
    private var shifts: [Shift]

    private struct Shift: Hashable, Sendable {
        var renamed: Int
        var original: Int
    }

    /// Whether `text` is a template at all: a text without `{` is plain and shown as written.
    public static func isTemplate(_ text: String) -> Bool {
        text.utf8.contains(UInt8(ascii: "{"))
    }

    /// Scans `text`; the paths of `known` keep their numbers (a translation numbers its paths like
    /// the default locale's text) and new ones follow.
    public static func scan(_ text: String, known: [String] = []) -> Result<MessagePlaceholders, SyntaxError> {
        var scanner = Scanner(scalars: Array(text.unicodeScalars), paths: known)
        do {
            try scanner.message(depth: 0, inPlural: false)
        } catch {
            return .failure(error)
        }
        var pattern = String.UnicodeScalarView()
        pattern.append(contentsOf: scanner.output)
        return .success(MessagePlaceholders(arguments: scanner.arguments, paths: scanner.paths, pattern: String(pattern),
                                            shifts: scanner.shifts))
    }

    /// The offset in the text as written of offset `renamed` of `pattern` (both in scalars).
    public func originalOffset(ofRenamed renamed: Int) -> Int {
        let index = shifts.runIndex(containing: renamed, start: \.renamed)
        let shift = shifts[index]
        let next = index + 1 < shifts.count ? shifts[index + 1].original : Int.max
        // Inside a renamed path, point at the path's last character rather than past it.
        return min(shift.original + (renamed - shift.renamed), max(shift.original, next - 1))
    }

    /// The offset in the text as written of `offset` UTF-16 code units into `pattern` (ICU's unit).
    public func originalOffset(ofUTF16 offset: Int) -> Int {
        var units = 0, scalars = 0
        for scalar in pattern.unicodeScalars {
            if units >= offset { break }
            units += scalar.utf16.count
            scalars += 1
        }
        return originalOffset(ofRenamed: scalars)
    }

    /// The scan's state: the text, the renamed output and what was found.
    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var paths: [String]
        var index = 0
        var output: [Unicode.Scalar] = []
        var arguments: [Argument] = []
        var shifts: [Shift] = [Shift(renamed: 0, original: 0)]

        init(scalars: [Unicode.Scalar], paths: [String]) {
            self.scalars = scalars
            self.paths = paths
            output.reserveCapacity(scalars.count)
        }

        var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        mutating func copy() {
            output.append(scalars[index])
            index += 1
        }

        mutating func skipSpaces() {
            while let scalar = current, scalar.properties.isPatternWhitespace { copy() }
        }

        /// A (sub-)message, up to the `}` that closes it (left for the caller) or the end.
        mutating func message(depth: Int, inPlural: Bool) throws(SyntaxError) {
            while let scalar = current {
                switch scalar {
                case "'":
                    quote(inPlural: inPlural)
                case "{":
                    try argument(inPlural: inPlural)
                case "}" where depth > 0:
                    return
                default:
                    copy()
                }
            }
        }

        /// An apostrophe: `''`, a quoted run, or a plain apostrophe.
        mutating func quote(inPlural: Bool) {
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            if next == "'" {
                copy(); copy()
            } else if next == "{" || next == "}" || (inPlural && next == "#") {
                copy()
                while let scalar = current {
                    if scalar == "'" {
                        if index + 1 < scalars.count, scalars[index + 1] == "'" { copy(); copy(); continue }
                        copy()
                        return
                    }
                    copy()
                }
            } else {
                copy()
            }
        }

        /// `{path}`, `{path, type}`, `{path, type, style}` or a plural or select.
        mutating func argument(inPlural: Bool) throws(SyntaxError) {
            let open = index
            let unclosed = SyntaxError(message: "this '{' is never closed", range: open..<open + 1)
            copy()
            skipSpaces()
            let nameStart = index
            while let scalar = current, !scalar.properties.isPatternWhitespace, scalar != ",", scalar != "}", scalar != "{", scalar != "'" {
                index += 1
            }
            guard index > nameStart else {
                if current == nil { throw unclosed }
                throw SyntaxError(message: "a placeholder needs a name: a rule-language path such as 'params.name'", range: open..<index + 1)
            }
            let path = String(String.UnicodeScalarView(scalars[nameStart..<index]))
            let number = paths.firstIndex(of: path) ?? { paths.append(path); return paths.count - 1 }()
            shifts.append(Shift(renamed: output.count, original: nameStart))
            output.append(contentsOf: "a\(number)".unicodeScalars)
            shifts.append(Shift(renamed: output.count, original: index))
            var found = Argument(path: path, range: nameStart..<index, kind: .simple, kindRange: nil, selectors: [], index: number)
            let slot = arguments.count
            arguments.append(found)
            skipSpaces()
            guard let afterName = current else { throw unclosed }
            if afterName == "}" { copy(); return }
            guard afterName == "," else {
                throw SyntaxError(message: "expected ',' or '}' after the placeholder's name", range: index..<index + 1)
            }
            copy()
            skipSpaces()
            let typeStart = index
            while let scalar = current, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" { copy() }
            guard index > typeStart else {
                if current == nil { throw unclosed }
                throw SyntaxError(message: "expected an argument type (number, plural, select, selectordinal…) after ','", range: index..<index + 1)
            }
            let type = String(String.UnicodeScalarView(scalars[typeStart..<index]))
            found.kindRange = typeStart..<index
            switch type {
            case "plural": found.kind = .plural
            case "selectordinal": found.kind = .selectordinal
            case "select": found.kind = .select
            default: found.kind = .typed(type)
            }
            skipSpaces()
            guard let afterType = current else { throw unclosed }
            if afterType == "}" {
                arguments[slot] = found
                copy()
                return
            }
            guard afterType == "," else {
                throw SyntaxError(message: "expected ',' or '}' after the argument type", range: index..<index + 1)
            }
            copy()
            switch found.kind {
            case .plural, .selectordinal, .select:
                found.selectors = try choices(plural: found.kind != .select, unclosed: unclosed)
            default:
                try style(unclosed: unclosed)
            }
            arguments[slot] = found
            copy()
        }

        /// A plural's or select's `selector {message}` pairs, up to its closing `}` (not copied).
        mutating func choices(plural: Bool, unclosed: SyntaxError) throws(SyntaxError) -> [String] {
            var selectors: [String] = []
            while true {
                skipSpaces()
                guard let scalar = current else { throw unclosed }
                if scalar == "}" { return selectors }
                let start = index
                while let scalar = current, !scalar.properties.isPatternWhitespace, scalar != "{", scalar != "}" { copy() }
                let selector = String(String.UnicodeScalarView(scalars[start..<index]))
                skipSpaces()
                if plural, selector.hasPrefix("offset:") { continue }
                guard !selector.isEmpty, current == "{" else {
                    if current == nil { throw unclosed }
                    throw SyntaxError(message: "expected a selector and its '{message}'", range: start..<max(start, index) + 1)
                }
                selectors.append(selector)
                let open = index
                copy()
                try message(depth: 1, inPlural: plural)
                guard current == "}" else { throw SyntaxError(message: "this '{' is never closed", range: open..<open + 1) }
                copy()
            }
        }

        /// A simple argument's style (`integer`, `::currency/EUR`), up to its `}` (not copied).
        mutating func style(unclosed: SyntaxError) throws(SyntaxError) {
            var depth = 0
            while let scalar = current {
                switch scalar {
                case "'": quote(inPlural: false)
                case "{": depth += 1; copy()
                case "}" where depth == 0: return
                case "}": depth -= 1; copy()
                default: copy()
                }
            }
            throw unclosed
        }
    }
}
