internal import BeckonRules

/// A condition's typed signature, parsed from the descriptor's text: `(int, int) -> bool`.
///
/// The grammar is `"(" [TYPE ("," TYPE)*] ")" "->" TYPE`, with optional spaces or tabs between
/// tokens; TYPE is one of `bool int double string duration timestamp version`. Rules that call the
/// condition are type-checked against it at load, so a malformed signature refuses the plugin.
struct FunctionSignature: Equatable {
    /// The parameter types, in order.
    var parameters: [ValueType]
    /// The result type.
    var result: ValueType

    /// The type names a signature may use, in the header's order.
    static let typeNames: [(String, ValueType)] = [
        ("bool", .bool), ("int", .int), ("double", .double), ("string", .string),
        ("duration", .duration), ("timestamp", .timestamp), ("version", .version),
    ]

    /// Why a signature text is malformed: one phrase, e.g. "expected a type after ',', found '->'".
    struct Malformed: Error, Equatable {
        var reason: String
    }

    /// Parses `text`, or throws what is wrong with it.
    init(parsing text: String) throws(Malformed) {
        var tokens = try SignatureTokens(text).tokens[...]
        func next() -> SignatureToken { tokens.popFirst() ?? .end }

        let first = next()
        guard first == .open else { throw Malformed(reason: "expected '(' at the start, found \(first)") }
        var parameters: [ValueType] = []
        var previous = SignatureToken.open
        parameterLoop: while true {
            let token = next()
            switch token {
            case .close where parameters.isEmpty && previous == .open:
                break parameterLoop
            case .name(let name):
                parameters.append(try Self.type(named: name))
            default:
                let expected = previous == .open ? "a type or ')'" : "a type"
                throw Malformed(reason: "expected \(expected) after \(previous), found \(token)")
            }
            previous = token
            switch next() {
            case .comma: previous = .comma
            case .close: break parameterLoop
            case let other: throw Malformed(reason: "expected ',' or ')' after \(previous), found \(other)")
            }
        }
        let arrow = next()
        guard arrow == .arrow else { throw Malformed(reason: "expected '->' after ')', found \(arrow)") }
        let resultToken = next()
        guard case .name(let resultName) = resultToken else {
            throw Malformed(reason: "expected the result type after '->', found \(resultToken)")
        }
        let result = try Self.type(named: resultName)
        let rest = next()
        guard rest == .end else { throw Malformed(reason: "unexpected \(rest) after the result type") }
        self.parameters = parameters
        self.result = result
    }

    private static func type(named name: String) throws(Malformed) -> ValueType {
        guard let match = typeNames.first(where: { $0.0 == name }) else {
            let names = typeNames.map(\.0).joined(separator: ", ")
            throw Malformed(reason: "unknown type '\(name)' (the types are \(names))")
        }
        return match.1
    }
}
