import BeckonRules

/// A fixed evaluation context for calling plugin conditions directly: a subject, an instant and
/// parameter values by slot; nothing else is ever asked for by the fixtures.
final class LoadingTestContext: NothingStoredContext {
    let now: Int64
    let subject: String
    let appVersion: Version?
    private let parameters: [Value]

    init(subject: String, now: Int64 = 1_800_000_000_000, appVersion: Version? = nil, parameters: [Value] = []) {
        self.subject = subject
        self.now = now
        self.appVersion = appVersion
        self.parameters = parameters
    }

    func parameter(_ slot: Int) -> Value { parameters[slot] }
}

extension RuleSchema.Function {
    /// Binds one call site with `constants` and evaluates it once in `context`.
    func call(_ arguments: [Value], constants: [Value?]? = nil, schema: RuleSchema = RuleSchema(),
              context: any RuleContext) -> Result<Value, RuleCallError> {
        switch implementation.bind(constants: constants ?? arguments.map { _ in nil }, schema: schema) {
        case .failure(let error): .failure(error)
        case .success(let call): arguments.withUnsafeBufferPointer { call.evaluate($0, context: context) }
        }
    }
}
