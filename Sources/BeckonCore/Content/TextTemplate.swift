public import BeckonDiagnostics
public import BeckonRules

/// A content text with placeholders, compiled at load: the rule-language expression of each of
/// its arguments (shared by every locale) and each variant's message, compiled by the edge's
/// formatter (ICU) for that variant's locale. A decision evaluates the arguments once, in its own
/// scope; the answer formats the chosen locale's message with those values. A class: an answer
/// reads it from its tip's templates without copying (and retaining) each of its arrays.
public final class TextTemplate: Sendable {
    /// The arguments' expressions, `a0` first.
    public let arguments: [CompiledValue]
    /// One compiled message per variant of the text, in the text's order.
    public let messages: [any CompiledMessage]
    /// For each configuration locale (by index), the variant it reads (`LocalizedContent`'s choice).
    public let variantOfLocale: [Int]
    /// The arguments as the engine's fast path reads them, when every one is a parameter or an
    /// event's count; nil otherwise (the tip is then decided by the general path).
    let fastArguments: [FastArgument]?

    init(arguments: [CompiledValue], messages: [any CompiledMessage], variantOfLocale: [Int], fastArguments: [FastArgument]?) {
        self.arguments = arguments
        self.messages = messages
        self.variantOfLocale = variantOfLocale
        self.fastArguments = fastArguments
    }

    /// The arguments' values in a decision's scope.
    public func values(in context: some RuleContext) -> [Value] {
        arguments.map { $0.evaluate(in: context) }
    }

    /// Variant `variant`'s text with `values` filled in.
    public func format(variant: Int, _ values: ArraySlice<Value>) -> String {
        messages[variant].format(values)
    }

    /// The text in the configuration locale `locale` (an index) with `values` filled in.
    public func format(locale: Int, _ values: ArraySlice<Value>) -> String {
        message(locale: locale).format(values)
    }

    /// The text in the configuration locale `locale` (an index) with `values` filled in, its
    /// UTF-8 lent to `body`.
    public func withText(locale: Int, _ values: ArraySlice<Value>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        message(locale: locale).withText(values, body)
    }

    private func message(locale: Int) -> any CompiledMessage {
        messages[locale < variantOfLocale.count ? variantOfLocale[locale] : 0]
    }

    /// Compiles `text` when any of its variants holds a `{`; nil (and no diagnostics) for a plain
    /// text, and nil with errors for a template that is wrong in any way, each at its place in the
    /// text. `locales` are the configuration's (`Configuration.locales`, the default first, the
    /// locale of a variant without a tag).
    public static func compile(_ text: ContentText, locales: [String], rules: RuleCompiler,
                               messages: any MessageCompiler) -> (template: TextTemplate?, diagnostics: [Diagnostic]) {
        guard text.variants.contains(where: { MessagePlaceholders.isTemplate($0.text) }) else { return (nil, []) }
        var compiler = TemplateCompilation(rules: rules, messages: messages, defaultLocale: locales.first ?? "en")
        let template = compiler.compile(text, variantOfLocale: LocalizedContent.variantIndices(of: text, locales: locales))
        return (compiler.diagnostics.containsErrors ? nil : template, compiler.diagnostics)
    }
}

/// The work of compiling one text: its diagnostics and the types its paths were found to have.
private struct TemplateCompilation {
    let rules: RuleCompiler
    let messages: any MessageCompiler
    let defaultLocale: String
    var diagnostics: [Diagnostic] = []

    init(rules: RuleCompiler, messages: any MessageCompiler, defaultLocale: String) {
        self.rules = rules
        self.messages = messages
        self.defaultLocale = defaultLocale
    }

    mutating func error(_ message: String, _ range: Range<Int>, in variant: ContentText.Variant) {
        diagnostics.append(.error("content.template", message, at: Self.origin(of: variant).span(ofOffsets: range)))
    }

    /// Where a variant's characters are; a text made in code has no file, so its own name stands in.
    static func origin(of variant: ContentText.Variant) -> TextOrigin {
        variant.origin ?? TextOrigin(file: "<text>", startingAt: SourcePosition(line: 1, column: 1))
    }

    mutating func compile(_ text: ContentText, variantOfLocale: [Int]) -> TextTemplate? {
        let first = text.variants[0]
        guard let scanned = scan(first, known: []) else { return nil }
        // The default locale's text declares the arguments; each path is compiled where it is
        // first written, so an unknown name is reported inside the text.
        var arguments: [CompiledValue] = []
        for (index, path) in scanned.paths.enumerated() {
            guard let argument = scanned.arguments.first(where: { $0.index == index }) else { continue }
            let compilation = rules.compileValue(path, origin: Self.origin(of: first).shifted(by: argument.range.lowerBound))
            diagnostics.append(contentsOf: compilation.diagnostics.map { diagnostic in
                var moved = diagnostic
                moved.code = "content.template"
                return moved
            })
            if let value = compilation.value { arguments.append(value) }
        }
        let types = arguments.count == scanned.paths.count ? arguments.map(\.type) : nil
        var compiled: [any CompiledMessage] = []
        for (position, variant) in text.variants.enumerated() {
            let placeholders: MessagePlaceholders
            if position == 0 {
                placeholders = scanned
            } else {
                guard let other = scan(variant, known: scanned.paths) else { continue }
                guard sameArguments(other, scanned, in: variant) else { continue }
                placeholders = other
            }
            let found = diagnostics.count
            if let types { check(placeholders, types: types, in: variant) }
            // ICU would report what the checks found again, less precisely.
            guard diagnostics.count == found else { continue }
            let locale = variant.locale ?? defaultLocale
            switch messages.compile(placeholders.pattern, locale: locale, argumentCount: scanned.paths.count) {
            case .success(let message):
                compiled.append(message)
            case .failure(let failure):
                let offset = failure.utf16Offset.map(placeholders.originalOffset(ofUTF16:)) ?? 0
                error("\(Self.words(for: failure.code)) (ICU: \(failure.code))", offset..<offset + 1, in: variant)
            }
        }
        guard compiled.count == text.variants.count, types != nil else { return nil }
        let fast = arguments.map { FastArgument($0.text, schema: rules.schema) }
        return TextTemplate(arguments: arguments, messages: compiled, variantOfLocale: variantOfLocale,
                            fastArguments: fast.contains { $0 == nil } ? nil : fast.compactMap { $0 })
    }

    mutating func scan(_ variant: ContentText.Variant, known: [String]) -> MessagePlaceholders? {
        switch MessagePlaceholders.scan(variant.text, known: known) {
        case .success(let placeholders):
            return placeholders
        case .failure(let failure):
            error("malformed message: \(failure.message)", failure.range, in: variant)
            return nil
        }
    }

    /// Whether a translation uses exactly the default text's paths; an error where it differs.
    mutating func sameArguments(_ translation: MessagePlaceholders, _ original: MessagePlaceholders,
                                in variant: ContentText.Variant) -> Bool {
        if let extra = translation.arguments.first(where: { !original.paths.contains($0.path) }) {
            error("'\(extra.path)' is not a placeholder of the default locale's text (\(Self.list(original.paths)))", extra.range, in: variant)
            return false
        }
        // The scan numbers a translation's paths after the default text's, so `paths` holds
        // those too: what the translation uses is in its arguments.
        let used = Set(translation.arguments.map(\.path))
        let missing = original.paths.filter { !used.contains($0) }
        guard missing.isEmpty else {
            let whole = 0..<max(1, variant.text.unicodeScalars.count)
            error("this translation lacks the placeholder\(missing.count == 1 ? "" : "s") \(Self.list(missing)) of the default locale's text", whole, in: variant)
            return false
        }
        return true
    }

    /// Each argument's type against its path's: numbers for plural, selectordinal and number,
    /// a string or bool for select, any single value for a simple argument.
    mutating func check(_ placeholders: MessagePlaceholders, types: [ValueType], in variant: ContentText.Variant) {
        for argument in placeholders.arguments {
            let type = types[argument.index]
            let kindRange = argument.kindRange ?? argument.range
            switch argument.kind {
            case .plural, .selectordinal, .typed("number"), .typed("spellout"), .typed("ordinal"):
                if !type.isNumeric, type != .null {
                    error("'\(argument.path)' is \(type), but \(Self.name(argument.kind)) needs an int or a double", argument.range, in: variant)
                }
            case .select:
                if type != .string, type != .bool, type != .null {
                    error("'\(argument.path)' is \(type), but select needs a string or a bool", argument.range, in: variant)
                }
            case .simple:
                if case .list = type {
                    error("'\(argument.path)' is \(type); a placeholder shows one value", argument.range, in: variant)
                }
            case .typed(let word):
                error("'\(word)' placeholders are not supported; use number, plural, selectordinal or select", kindRange, in: variant)
            }
            if argument.kind == .plural || argument.kind == .selectordinal || argument.kind == .select {
                if !argument.selectors.contains("other") {
                    error("\(Self.name(argument.kind)) needs an 'other' case", kindRange, in: variant)
                }
                // ICU keeps the first of two equal cases without a word; the second is a mistake.
                if let twice = argument.selectors.enumerated().first(where: { argument.selectors[..<$0.offset].contains($0.element) }) {
                    error("the case '\(twice.element)' appears twice in this \(Self.name(argument.kind))", kindRange, in: variant)
                }
            }
        }
    }

    static func name(_ kind: MessagePlaceholders.Kind) -> String {
        switch kind {
        case .simple: "a placeholder"
        case .plural: "plural"
        case .selectordinal: "selectordinal"
        case .select: "select"
        case .typed(let word): word
        }
    }

    static func list(_ paths: [String]) -> String {
        paths.isEmpty ? "none" : paths.map { "{\($0)}" }.joined(separator: ", ")
    }

    /// ICU's error codes in words.
    static func words(for code: String) -> String {
        switch code {
        case "U_PATTERN_SYNTAX_ERROR": "malformed message"
        case "U_UNMATCHED_BRACES": "malformed message: unmatched braces"
        case "U_DEFAULT_KEYWORD_MISSING": "a plural or select needs an 'other' case"
        case "U_DUPLICATE_KEYWORD": "a selector appears twice"
        case "U_ILLEGAL_ARGUMENT_ERROR": "an argument type or style that ICU does not know"
        case "U_ARGUMENT_TYPE_MISMATCH": "an argument of the wrong type"
        default: "the message does not compile"
        }
    }
}

extension TextOrigin {
    /// The origin of the part of the value that starts at `offset`.
    func shifted(by offset: Int) -> TextOrigin {
        var shifted = runs.filter { $0.offset > offset }.map { Run(offset: $0.offset - offset, location: $0.location) }
        shifted.insert(Run(offset: 0, location: location(atOffset: offset)), at: 0)
        return TextOrigin(file: file, runs: shifted)
    }
}

/// A template argument the fast path reads from the subject's columns: `params.X` or
/// `events.X.count`, the shapes templates mostly use.
enum FastArgument: Hashable, Sendable {
    case parameter(Int)
    case eventCount(Int)

    /// The form of the argument `path`, if it is one of them.
    init?(_ path: String, schema: RuleSchema) {
        let parts = path.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 2, parts[0] == "params", let parameter = schema.parameters[String(parts[1])] {
            self = .parameter(parameter.slot)
        } else if parts.count == 3, parts[0] == "events", parts[2] == "count", let event = schema.events[String(parts[1])] {
            self = .eventCount(event.slot)
        } else {
            return nil
        }
    }
}
