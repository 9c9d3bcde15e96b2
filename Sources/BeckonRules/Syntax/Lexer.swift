/// Splits a rule's text into tokens. Every loop advances by at least one scalar, so lexing ends
/// on any input; problems are reported with the offending range and lexing continues.
struct Lexer {
    /// The rule's characters; offsets everywhere are indexes into this array.
    let scalars: [Unicode.Scalar]
    private var index = 0
    private(set) var problems: [(message: String, range: Range<Int>)] = []
    /// The most problems kept: a megabyte of stray characters must not become a million
    /// diagnostics (nobody reads past the first screenful, and each costs memory).
    static let maxProblems = 100

    init(_ text: String) {
        scalars = Self.scalars(of: text)
    }

    /// The text's scalars; an ASCII text (nearly every rule) is widened byte by byte, without
    /// decoding UTF-8 twice (once to count, once to copy).
    static func scalars(of text: String) -> [Unicode.Scalar] {
        let ascii: [Unicode.Scalar]?? = text.utf8.withContiguousStorageIfAvailable { bytes in
            var isASCII = true
            for byte in bytes where byte >= 0x80 { isASCII = false; break }
            guard isASCII else { return nil }
            return [Unicode.Scalar](unsafeUninitializedCapacity: bytes.count) { buffer, count in
                for index in bytes.indices { buffer[index] = Unicode.Scalar(bytes[index]) }
                count = bytes.count
            }
        }
        return (ascii ?? nil) ?? Array(text.unicodeScalars)
    }

    /// All tokens, ending with `.end`.
    mutating func tokenize() -> [Token] {
        var tokens: [Token] = []
        // A token takes a few characters: most rules never grow the array.
        tokens.reserveCapacity(min(scalars.count, 1024) / 3 + 2)
        while true {
            let token = next()
            let isEnd = if case .end = token.kind { true } else { false }
            tokens.append(token)
            if isEnd { return tokens }
        }
    }

    /// The next token, skipping (and reporting) characters that start none. A loop rather than
    /// recursion, so that a long run of stray characters cannot exhaust the stack.
    private mutating func next() -> Token {
        while true {
            if let token = scan() { return token }
        }
    }

    /// The token at the current position, or nil after reporting a character that starts none.
    private mutating func scan() -> Token? {
        skipSpace()
        guard index < scalars.count else { return Token(kind: .end, range: index..<index) }
        let start = index
        let scalar = scalars[index]
        if Self.isIdentifierStart(scalar) {
            if scalar == "v", index + 1 < scalars.count, scalars[index + 1] == "\"" || scalars[index + 1] == "'" {
                return versionLiteral()
            }
            while index < scalars.count, Self.isIdentifierPart(scalars[index]) { index += 1 }
            let name = Self.asciiString(scalars[start..<index])
            let kind: Token.Kind = switch name {
            case "true": .keywordTrue
            case "false": .keywordFalse
            case "null": .keywordNull
            case "in": .keywordIn
            default: .identifier(name)
            }
            return Token(kind: kind, range: start..<index)
        }
        if Self.isDigit(scalar) { return number() }
        if scalar == "\"" || scalar == "'" {
            let (text, _) = stringBody(quote: scalar)
            return Token(kind: .string(text), range: start..<index)
        }
        index += 1
        let following = index < scalars.count ? scalars[index] : nil
        func pair(_ second: Unicode.Scalar, _ double: Token.Kind, else single: Token.Kind?) -> Token? {
            if following == second {
                index += 1
                return Token(kind: double, range: start..<index)
            }
            return single.map { Token(kind: $0, range: start..<index) }
        }
        let token: Token? = switch scalar {
        case "(": Token(kind: .leftParen, range: start..<index)
        case ")": Token(kind: .rightParen, range: start..<index)
        case "[": Token(kind: .leftBracket, range: start..<index)
        case "]": Token(kind: .rightBracket, range: start..<index)
        case ".": Token(kind: .dot, range: start..<index)
        case ",": Token(kind: .comma, range: start..<index)
        case "+": Token(kind: .plus, range: start..<index)
        case "-": Token(kind: .minus, range: start..<index)
        case "*": Token(kind: .star, range: start..<index)
        case "/": Token(kind: .slash, range: start..<index)
        case "%": Token(kind: .percent, range: start..<index)
        case "!": pair("=", .notEqual, else: .bang)
        case "=": pair("=", .equal, else: nil)
        case "<": pair("=", .lessEqual, else: .less)
        case ">": pair("=", .greaterEqual, else: .greater)
        case "&": pair("&", .and, else: nil)
        case "|": pair("|", .or, else: nil)
        default: nil
        }
        if let token { return token }
        report(Self.strayMessage(scalar), start..<index)
        return nil
    }

    /// Records a problem; the message is only built while under the cap.
    private mutating func report(_ message: @autoclosure () -> String, _ range: Range<Int>) {
        if problems.count < Self.maxProblems { problems.append((message(), range)) }
    }

    private mutating func skipSpace() {
        while index < scalars.count, Self.isSpace(scalars[index]) { index += 1 }
    }

    /// An integer, a double (`0.3`, `1e3`, `2.5e-3`, `1E6`), or a duration literal such as `7d`
    /// or `1d12h`.
    private mutating func number() -> Token {
        let start = index
        while index < scalars.count, Self.isDigit(scalars[index]) { index += 1 }
        // `1e3` is an exponent, not a duration with the unit `e` (no unit starts with `e`).
        if index < scalars.count, Self.isASCIILetter(scalars[index]), exponentEnd(at: index) == nil {
            // A duration: digits and unit letters, glued together (`1d12h`).
            while index < scalars.count, Self.isDigit(scalars[index]) || Self.isASCIILetter(scalars[index]) { index += 1 }
            let text = Self.asciiString(scalars[start..<index])
            switch DurationSyntax.parse(text) {
            case .success(let milliseconds):
                return Token(kind: .duration(milliseconds), range: start..<index)
            case .failure(let error):
                // Abbreviated like numbers: the literal may be a megabyte of digits.
                report("'\(Self.abbreviated(text))' is not a duration: \(error.reason)", start..<index)
                return Token(kind: .duration(0), range: start..<index)
            }
        }
        var isDouble = false
        if index + 1 < scalars.count, scalars[index] == ".", Self.isDigit(scalars[index + 1]) {
            isDouble = true
            index += 1
            while index < scalars.count, Self.isDigit(scalars[index]) { index += 1 }
        }
        if let end = exponentEnd(at: index) {
            isDouble = true
            index = end
        }
        let text = Self.asciiString(scalars[start..<index])
        if isDouble {
            guard let value = Double(text), value.isFinite else {
                report("the number '\(Self.abbreviated(text))' is out of range", start..<index)
                return Token(kind: .double(0), range: start..<index)
            }
            return Token(kind: .double(value), range: start..<index)
        }
        guard let value = Int64(text) else {
            report("the integer '\(Self.abbreviated(text))' does not fit in 64 bits", start..<index)
            return Token(kind: .int(0), range: start..<index)
        }
        return Token(kind: .int(value), range: start..<index)
    }

    /// Where an exponent (`e3`, `E+6`, `e-3`) starting at `position` ends, or nil when none starts
    /// there. An exponent glued to more letters (`1e3d`) is none: that text is a bad duration.
    private func exponentEnd(at position: Int) -> Int? {
        guard position < scalars.count, scalars[position] == "e" || scalars[position] == "E" else { return nil }
        var end = position + 1
        if end < scalars.count, scalars[end] == "+" || scalars[end] == "-" { end += 1 }
        guard end < scalars.count, Self.isDigit(scalars[end]) else { return nil }
        while end < scalars.count, Self.isDigit(scalars[end]) { end += 1 }
        if end < scalars.count, Self.isASCIILetter(scalars[end]) { return nil }
        return end
    }

    /// The body of a quoted string starting at the quote; escapes `\\ \" \' \n \t \r`.
    private mutating func stringBody(quote: Unicode.Scalar) -> (String, closed: Bool) {
        let start = index
        index += 1
        // Most strings hold no escape: their text is the characters up to the closing quote.
        var end = index
        while end < scalars.count, scalars[end] != quote, scalars[end] != "\\" { end += 1 }
        if end < scalars.count, scalars[end] == quote {
            let body = scalars[index..<end]
            index = end + 1
            return (body.allSatisfy(\.isASCII) ? Self.asciiString(body) : String(String.UnicodeScalarView(body)), true)
        }
        var text = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == quote {
                index += 1
                return (String(text), true)
            }
            if scalar == "\\" {
                guard index + 1 < scalars.count else { break }
                let escaped = scalars[index + 1]
                switch escaped {
                case "\\", "\"", "'": text.append(escaped)
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "r": text.append("\r")
                default:
                    report("unknown escape '\\\(Self.printable(escaped))' in a string", index..<index + 2)
                }
                index += 2
                continue
            }
            text.append(scalar)
            index += 1
        }
        report("this string is never closed; add \(quote == "\"" ? "\"" : "'")", start..<start + 1)
        return (String(text), false)
    }

    /// `v"1.2.3"`.
    private mutating func versionLiteral() -> Token {
        let start = index
        index += 1
        let (text, closed) = stringBody(quote: scalars[index])
        guard closed else { return Token(kind: .version(Version(major: 0)), range: start..<index) }
        guard let version = Version(text) else {
            report(Version.problem(with: text), start..<index)
            return Token(kind: .version(Version(major: 0)), range: start..<index)
        }
        return Token(kind: .version(version), range: start..<index)
    }

    /// The words read as keywords, never as names.
    static let keywords = ["true", "false", "null", "in"]

    /// Whether `text` reads as one name: an identifier that is not a keyword.
    static func isIdentifier(_ text: String) -> Bool {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next(), isIdentifierStart(first) else { return false }
        return IteratorSequence(scalars).allSatisfy(isIdentifierPart) && !keywords.contains(text)
    }

    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        isASCIILetter(scalar) || scalar == "_"
    }

    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
    }

    /// White space; ASCII is decided without the Unicode tables, which are slow to consult.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" }
        return scalar.properties.isWhitespace
    }

    /// A string from characters known to be ASCII (identifiers, numbers).
    static func asciiString(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        String(unsafeUninitializedCapacity: scalars.count) { buffer in
            for (offset, scalar) in scalars.enumerated() { buffer[offset] = UInt8(truncatingIfNeeded: scalar.value) }
            return scalars.count
        }
    }

    static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || isDigit(scalar)
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar >= "0" && scalar <= "9" }

    static func printable(_ scalar: Unicode.Scalar) -> String {
        scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F
            ? "U+\(String(scalar.value, radix: 16, uppercase: true))" : String(scalar)
    }

    static func strayMessage(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "=": "'=' is not an operator; write '==' to compare"
        case "&": "'&' is not an operator; write '&&'"
        case "|": "'|' is not an operator; write '||'"
        default: "unexpected character '\(printable(scalar))'"
        }
    }

    /// At most 24 characters of an ASCII literal (numbers, durations), which may be huge.
    static func abbreviated(_ text: String) -> String {
        text.utf8.count > 24 ? String(text.prefix(24)) + "…" : text
    }
}
