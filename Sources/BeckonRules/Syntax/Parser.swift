/// A precedence-climbing parser for rules. Each loop consumes a token per turn, recursion is
/// bounded by `maxDepth`, and the first error ends the parse with its range.
struct Parser {
    /// The deepest expression accepted. Parentheses, unary operators, calls, members, brackets
    /// and operators of another precedence level nest; a flat chain such as `a && b && c …` is
    /// one level however many operands it has.
    static let maxDepth = 128

    struct Failure: Error {
        var message: String
        var range: Range<Int>
    }

    private let tokens: [Token]
    private var position = 0
    private var nesting = 0

    init(tokens: [Token]) {
        self.tokens = tokens
    }

    /// Parses the whole token stream as one expression.
    mutating func parseRule() throws(Failure) -> Syntax {
        let expression = try parseExpression(minimumPrecedence: 1)
        guard current.kind == .end else {
            throw Failure(message: "unexpected \(current.display) after a complete expression; is an operator missing?", range: current.range)
        }
        return expression
    }

    private var current: Token { tokens[position] }

    private mutating func advance() -> Token {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    private mutating func expect(_ kind: Token.Kind, _ what: String) throws(Failure) -> Token {
        guard current.kind == kind else {
            throw Failure(message: "expected \(what), found \(current.display)", range: current.range)
        }
        return advance()
    }

    private mutating func enter(_ range: Range<Int>) throws(Failure) {
        nesting += 1
        if nesting > Self.maxDepth {
            throw Failure(message: "the rule nests deeper than \(Self.maxDepth) levels", range: range)
        }
    }

    private mutating func parseExpression(minimumPrecedence: Int) throws(Failure) -> Syntax {
        try enter(current.range)
        defer { nesting -= 1 }
        var first = try parseUnary()
        var links: [ChainLink] = []
        while let op = BinaryOperator(current.kind), op.precedence >= minimumPrecedence {
            // The operand parsed below took every operator that binds tighter, so this one is
            // of the chain's level or looser; a looser one makes the chain so far its first operand.
            if let level = links.first?.op.precedence, op.precedence != level {
                first = try chain(first, links)
                links = []
            }
            _ = advance()
            links.append(ChainLink(op: op, operand: try parseExpression(minimumPrecedence: op.precedence + 1)))
        }
        return links.isEmpty ? first : try chain(first, links)
    }

    private func chain(_ first: Syntax, _ links: [ChainLink]) throws(Failure) -> Syntax {
        let range = first.range.lowerBound..<links[links.count - 1].operand.range.upperBound
        var deepest = first.depth
        for link in links { deepest = max(deepest, link.operand.depth) }
        return try node(.chain(first, links), range, depth: 1 + deepest)
    }

    private mutating func parseUnary() throws(Failure) -> Syntax {
        let start = current.range.lowerBound
        let op: UnaryOperator? = switch current.kind {
        case .bang: .not
        case .minus: .negate
        default: nil
        }
        guard let op else { return try parsePostfix(parsePrimary()) }
        _ = advance()
        try enter(current.range)
        defer { nesting -= 1 }
        let operand = try parseUnary()
        return try node(.unary(op, operand), start..<operand.range.upperBound, depth: 1 + operand.depth)
    }

    private mutating func parsePrimary() throws(Failure) -> Syntax {
        let token = current
        switch token.kind {
        case .int(let value): return leaf(.literal(.int(value)), token)
        case .double(let value): return leaf(.literal(.double(value)), token)
        case .duration(let value): return leaf(.literal(.duration(value)), token)
        case .string(let value): return leaf(.literal(.string(value)), token)
        case .version(let value): return leaf(.literal(.version(value)), token)
        case .keywordTrue: return leaf(.literal(.bool(true)), token)
        case .keywordFalse: return leaf(.literal(.bool(false)), token)
        case .keywordNull: return leaf(.literal(.null), token)
        case .identifier(let name): return leaf(.identifier(name), token)
        case .leftParen:
            _ = advance()
            var inner = try parseExpression(minimumPrecedence: 1)
            let close = try expect(.rightParen, "')' to close the '('")
            inner.range = token.range.lowerBound..<close.range.upperBound
            return inner
        case .leftBracket:
            _ = advance()
            let items = try parseList(closing: .rightBracket, what: "']'")
            return try node(.list(items.values), token.range.lowerBound..<items.end, depth: 1 + Self.deepest(items.values))
        default:
            throw Failure(message: "expected a value, a name or '(', found \(token.display)", range: token.range)
        }
    }

    private mutating func parsePostfix(_ base: Syntax) throws(Failure) -> Syntax {
        var expression = base
        while true {
            switch current.kind {
            case .dot:
                _ = advance()
                guard case .identifier(let name) = current.kind else {
                    throw Failure(message: "expected a name after '.', found \(current.display)", range: current.range)
                }
                let nameToken = advance()
                expression = try node(.member(expression, name: name, nameRange: nameToken.range),
                                      expression.range.lowerBound..<nameToken.range.upperBound, depth: 1 + expression.depth)
            case .leftParen:
                _ = advance()
                let arguments = try parseList(closing: .rightParen, what: "')'")
                expression = try node(.call(expression, arguments: arguments.values),
                                      expression.range.lowerBound..<arguments.end, depth: 1 + max(expression.depth, Self.deepest(arguments.values)))
            case .leftBracket:
                _ = advance()
                let key = try parseExpression(minimumPrecedence: 1)
                let close = try expect(.rightBracket, "']'")
                expression = try node(.index(expression, key: key), expression.range.lowerBound..<close.range.upperBound,
                                      depth: 1 + max(expression.depth, key.depth))
            default:
                return expression
            }
        }
    }

    /// Comma-separated expressions up to the closing token (already past the opening one).
    private mutating func parseList(closing: Token.Kind, what: String) throws(Failure) -> (values: [Syntax], end: Int) {
        var values: [Syntax] = []
        if current.kind == closing { return (values, advance().range.upperBound) }
        while true {
            values.append(try parseExpression(minimumPrecedence: 1))
            if current.kind == .comma {
                _ = advance()
                continue
            }
            let close = try expect(closing, "',' or \(what)")
            return (values, close.range.upperBound)
        }
    }

    /// A node of one token, which it consumes.
    private mutating func leaf(_ kind: Syntax.Kind, _ token: Token) -> Syntax {
        _ = advance()
        return Syntax(kind: kind, range: token.range, depth: 1)
    }

    /// The depth of the deepest of some nodes (0 for none), without building an array of them.
    private static func deepest(_ nodes: [Syntax]) -> Int {
        var depth = 0
        for node in nodes { depth = max(depth, node.depth) }
        return depth
    }

    private func node(_ kind: Syntax.Kind, _ range: Range<Int>, depth: Int) throws(Failure) -> Syntax {
        guard depth <= Self.maxDepth else {
            throw Failure(message: "the rule nests deeper than \(Self.maxDepth) levels", range: range)
        }
        return Syntax(kind: kind, range: range, depth: depth)
    }
}
