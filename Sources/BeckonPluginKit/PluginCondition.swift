/// One condition of a plugin, which rules call as `NAMESPACE.NAME(args...)`, implemented by a
/// Swift closure.
///
/// ```swift
/// PluginCondition("isWeekend", signature: "() -> bool", summary: "Saturday or Sunday, UTC.") { call in
///     let day = (call.now / 86_400_000 + 4) % 7  // 1970-01-01 was a Thursday
///     return .bool(day == 5 || day == 6)
/// }
/// ```
///
/// The host converts the arguments to the signature's types before the call and checks the
/// result against it after; a thrown `PluginError` makes the rule an error with its message.
/// The closure may run on several threads at once unless `serialized` is set.
public struct PluginCondition: Sendable {
    /// The name rules use after the namespace ([A-Za-z][A-Za-z0-9_]*).
    public var name: String
    /// The typed signature, "(TYPE, ...) -> TYPE", TYPE one of bool int double string duration
    /// timestamp version; rules calling the condition are type-checked against it at load.
    public var signature: String
    /// One line for `beckon plugins`.
    public var summary: String?
    /// Same arguments and context, same result: the host may cache it within one decision.
    public var pure: Bool
    /// Whether the host must never evaluate it on two threads at once.
    public var serialized: Bool
    let evaluate: @Sendable (PluginConditionCall) throws(PluginError) -> PluginValue

    /// Declares a condition evaluated by `evaluate`.
    public init(_ name: String, signature: String, summary: String? = nil, pure: Bool = false, serialized: Bool = false,
                evaluate: @escaping @Sendable (PluginConditionCall) throws(PluginError) -> PluginValue) {
        self.name = name
        self.signature = signature
        self.summary = summary
        self.pure = pure
        self.serialized = serialized
        self.evaluate = evaluate
    }
}
