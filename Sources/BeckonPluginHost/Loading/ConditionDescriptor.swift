internal import BeckonRules
internal import CBeckonPlugin

/// One validated condition of a plugin: its name, its parsed signature and its calls.
///
/// `@unchecked Sendable`: `raw` points at the plugin's static, immutable condition descriptor,
/// which stays mapped for the life of the process (plugins are never closed).
struct ConditionDescriptor: @unchecked Sendable {
    /// The name rules use after the namespace.
    var name: String
    /// The signature as the plugin wrote it, for messages and `beckon plugins`.
    var signatureText: String
    /// The parameter types, in order.
    var parameters: [ValueType]
    /// The result type.
    var result: ValueType
    /// `BECKON_CONDITION_` flags.
    var flags: UInt32
    /// One line for `beckon plugins`, when it gives one.
    var summary: String?
    /// The descriptor itself, for `bind`, `evaluate` and `unbind`.
    var raw: UnsafePointer<beckon_condition>

    /// Same arguments and context give the same result (`BECKON_CONDITION_PURE`).
    var isPure: Bool { flags & UInt32(BECKON_CONDITION_PURE) != 0 }
    /// Never evaluated on two threads at once (`BECKON_CONDITION_SERIALIZE`).
    var serializesCalls: Bool { flags & UInt32(BECKON_CONDITION_SERIALIZE) != 0 }
}
