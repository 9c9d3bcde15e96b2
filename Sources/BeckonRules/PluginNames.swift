/// The spelling rules for the names a plugin brings into rules: its namespace (`NS` in
/// `NS.NAME(…)` and in `store.backend: NS.STORE`) and its conditions' names (`NAME`).
///
/// Both must be names a rule can write, so that every plugin that loads can be called, and
/// every "did you mean" that names one can be followed. The descriptor validator applies them to
/// a plugin's descriptor (its own name when that name is the namespace), the configuration to
/// `as:`.
public enum PluginNames {
    /// The namespace rule as a pattern, for messages.
    public static let namespacePattern = "[A-Za-z][A-Za-z0-9_]*"
    /// The condition name rule as a pattern, for messages.
    public static let conditionPattern = "[A-Za-z][A-Za-z0-9_]*"

    /// Words a rule reads as something else: its keywords and the names it starts from.
    public static let reservedNamespaces = Lexer.keywords + Checker.rootNames + ["info"]

    /// Why rules could not write `name` as a namespace, as a clause for messages; nil when they can.
    public static func namespaceProblem(with name: String) -> String? {
        guard isLetterLed(name) else { return "it must match \(namespacePattern)" }
        if reservedNamespaces.contains(name) { return "'\(name)' is a reserved word of rules" }
        return nil
    }

    /// Why rules could not write `name` after a namespace, as a clause for messages; nil when they can.
    public static func conditionProblem(with name: String) -> String? {
        guard isLetterLed(name) else { return "it must match \(conditionPattern)" }
        if Lexer.keywords.contains(name) { return "'\(name)' is a keyword of rules" }
        return nil
    }

    /// A namespace close to `name` that rules can write (`roll-out` gives `roll_out`), if any.
    public static func writableNamespace(for name: String) -> String? {
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            scalars.append(Lexer.isIdentifierPart(scalar) ? scalar : "_")
        }
        let candidate = String(scalars)
        return namespaceProblem(with: candidate) == nil ? candidate : nil
    }

    /// The rule for a plugin's own name and a store's name, which only YAML writes (ABI 1.0's),
    /// as a pattern for messages.
    public static let pluginNamePattern = "[A-Za-z][A-Za-z0-9_-]*"

    /// Whether `name` follows `pluginNamePattern`.
    public static func isPluginName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, Lexer.isASCIILetter(first) else { return false }
        return name.unicodeScalars.allSatisfy { Lexer.isIdentifierPart($0) || $0 == "-" }
    }

    /// `[A-Za-z][A-Za-z0-9_]*`.
    private static func isLetterLed(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, Lexer.isASCIILetter(first) else { return false }
        return name.unicodeScalars.allSatisfy(Lexer.isIdentifierPart)
    }
}
