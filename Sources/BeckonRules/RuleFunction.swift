/// A function that rules call as `NAMESPACE.NAME(args…)`, provided by a plugin.
///
/// The checker binds every call site once, at load, with the arguments the rule wrote as
/// constants; evaluation then goes straight to the bound call.
public protocol RuleFunction: AnyObject, Sendable {
    /// Prepares one call site. `constants[i]` is argument `i`'s value when the rule wrote a
    /// constant there (already converted to the declared parameter type), nil when it is known
    /// only at evaluation. `schema` holds the names the evaluation context can be asked for.
    /// A failure rejects the rule at load, with its message shown at the call, or at the argument
    /// its `argument` names.
    func bind(constants: [Value?], schema: RuleSchema) -> Result<any RuleFunctionCall, RuleCallError>
}

/// One bound call site of a plugin function. Evaluated concurrently from many threads.
public protocol RuleFunctionCall: AnyObject, Sendable {
    /// Evaluates the call with all its arguments (constants included), converted to the
    /// declared parameter types and borrowed for the call. A failure makes the rule evaluate to
    /// an error.
    func evaluate(_ arguments: UnsafeBufferPointer<Value>, context: any RuleContext) -> Result<Value, RuleCallError>
}
