/// A token of the rule language, with its range (in Unicode scalars) in the rule text.
struct Token: Equatable {
    enum Kind: Equatable {
        case identifier(String)
        case int(Int64)
        case double(Double)
        case duration(Int64)
        case string(String)
        case version(Version)
        case keywordTrue, keywordFalse, keywordNull, keywordIn
        case leftParen, rightParen, leftBracket, rightBracket, dot, comma
        case bang, and, or
        case equal, notEqual, less, lessEqual, greater, greaterEqual
        case plus, minus, star, slash, percent
        case end
    }

    var kind: Kind
    var range: Range<Int>

    /// How the token reads in messages.
    var display: String {
        switch kind {
        case .identifier(let name): "'\(name)'"
        case .int(let value): "'\(value)'"
        case .double(let value): "'\(value)'"
        case .duration(let value): "'\(DurationSyntax.format(value))'"
        case .string: "a string"
        case .version(let value): "v\"\(value)\""
        case .keywordTrue: "'true'"
        case .keywordFalse: "'false'"
        case .keywordNull: "'null'"
        case .keywordIn: "'in'"
        case .end: "the end of the rule"
        default: "'\(kind.spelling)'"
        }
    }
}

extension Token.Kind {
    /// The text of a punctuation or operator token.
    var spelling: String {
        switch self {
        case .leftParen: "("
        case .rightParen: ")"
        case .leftBracket: "["
        case .rightBracket: "]"
        case .dot: "."
        case .comma: ","
        case .bang: "!"
        case .and: "&&"
        case .or: "||"
        case .equal: "=="
        case .notEqual: "!="
        case .less: "<"
        case .lessEqual: "<="
        case .greater: ">"
        case .greaterEqual: ">="
        case .plus: "+"
        case .minus: "-"
        case .star: "*"
        case .slash: "/"
        case .percent: "%"
        default: "?"
        }
    }
}
