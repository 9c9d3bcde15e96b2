public import BeckonRules

/// A message compiled for one locale, formatted with its arguments' values: what the edge's
/// formatter (ICU, in BeckonContent) gives the pure layers, which never see a C type.
public protocol CompiledMessage: Sendable {
    /// The message with the `i`th of `arguments` as the argument named `a<i>`, its UTF-8 lent
    /// to `body`.
    func withText(_ arguments: ArraySlice<Value>, _ body: (UnsafeBufferPointer<UInt8>) -> Void)
}

extension CompiledMessage {
    /// The message with the `i`th of `arguments` as the argument named `a<i>`.
    public func format(_ arguments: ArraySlice<Value>) -> String {
        var text = ""
        withText(arguments) { text = String(decoding: $0, as: UTF8.self) }
        return text
    }

    /// The message with `arguments[i]` as the argument named `a<i>`.
    public func format(_ arguments: [Value]) -> String {
        format(arguments[...])
    }
}

/// Compiles messages in ICU MessageFormat syntax whose arguments are named `a0`, `a1`… (see
/// `MessagePlaceholders`, which renames a text's rule-language paths to them).
public protocol MessageCompiler: Sendable {
    /// Compiles `pattern` for the BCP 47 tag `locale`, with `argumentCount` arguments.
    func compile(_ pattern: String, locale: String, argumentCount: Int) -> Result<any CompiledMessage, MessageCompileError>
}

/// Why a message did not compile.
public struct MessageCompileError: Error, Hashable, Sendable {
    /// The formatter's own error name (ICU's, e.g. `U_PATTERN_SYNTAX_ERROR`).
    public var code: String
    /// Where in the pattern, in UTF-16 code units, when the formatter says.
    public var utf16Offset: Int?

    /// Creates an error.
    public init(code: String, utf16Offset: Int?) {
        self.code = code
        self.utf16Offset = utf16Offset
    }
}
