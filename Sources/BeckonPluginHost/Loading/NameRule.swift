/// The spelling rules for the names a descriptor declares.
///
/// Condition names appear inside rule expressions (`ns.name(...)`), so they are identifiers;
/// plugin and store names appear in YAML (`store.backend: ns.name`) and may also use '-'.
enum NameRule {
    case plugin
    case condition
    case store

    /// The rule as a pattern, for messages.
    var pattern: String {
        self == .condition ? "[A-Za-z][A-Za-z0-9_]*" : "[A-Za-z][A-Za-z0-9_-]*"
    }

    /// What the name names, for messages.
    var noun: String {
        switch self {
        case .plugin: "plugin name"
        case .condition: "condition name"
        case .store: "store name"
        }
    }

    /// Whether `name` follows the rule.
    func accepts(_ name: String) -> Bool {
        var bytes = name.utf8.makeIterator()
        guard let first = bytes.next(), Self.isLetter(first) else { return false }
        while let byte = bytes.next() {
            let allowed = Self.isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_") || (self != .condition && byte == UInt8(ascii: "-"))
            guard allowed else { return false }
        }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}
