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

    /// Whether the answer may change with time alone (the default: true). A pure plugin
    /// condition says false, and its rule's `revisitAt` then depends only on its arguments.
    var changesWithTime: Bool { get }

    /// Evaluates the call like `evaluate`, and says until when the answer holds: the instant at
    /// which it may change with no new input, or nil when the call does not know. The default
    /// does not know. A call that changes with time and does not know makes its rule's
    /// `revisitAt` `now + 1 ms`: correct, and a host should treat it as "ask when you next need to".
    func evaluateWithLifetime(_ arguments: UnsafeBufferPointer<Value>,
                              context: any RuleContext) -> (result: Result<Value, RuleCallError>, holdsUntil: Int64?)
}

extension RuleFunctionCall {
    public var changesWithTime: Bool { true }

    public func evaluateWithLifetime(_ arguments: UnsafeBufferPointer<Value>,
                                     context: any RuleContext) -> (result: Result<Value, RuleCallError>, holdsUntil: Int64?) {
        (evaluate(arguments, context: context), nil)
    }
}
