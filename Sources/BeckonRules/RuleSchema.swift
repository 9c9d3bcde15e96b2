/// The names a rule may use, resolved to slots: what the checker needs to know about a
/// configuration (and its plugins) without knowing the configuration itself.
public struct RuleSchema: Sendable {
    /// A declared parameter.
    public struct Parameter: Sendable {
        /// The index the context is asked for.
        public var slot: Int
        public var type: ValueType

        /// Creates a parameter entry.
        public init(slot: Int, type: ValueType) {
            self.slot = slot
            self.type = type
        }
    }

    /// A declared event.
    public struct Event: Sendable {
        /// The index the context is asked for.
        public var slot: Int
        /// The info fields in declaration order; a donation's info values come in this order.
        public var infoFields: [(name: String, type: ValueType)]
        /// The age past which logged donations are pruned (ms), if limited.
        public var maxAge: Int64?

        /// Creates an event entry.
        public init(slot: Int, infoFields: [(name: String, type: ValueType)] = [], maxAge: Int64? = nil) {
            self.slot = slot
            self.infoFields = infoFields
            self.maxAge = maxAge
        }
    }

    /// A function a plugin declares (`NAMESPACE.NAME(args…)`).
    public struct Function: Sendable {
        public var parameters: [ValueType]
        public var result: ValueType
        /// What binds and evaluates its calls.
        public var implementation: any RuleFunction

        /// Creates a function entry.
        public init(parameters: [ValueType], result: ValueType, implementation: any RuleFunction) {
            self.parameters = parameters
            self.result = result
            self.implementation = implementation
        }
    }

    public var parameters: [String: Parameter] = [:]
    public var events: [String: Event] = [:]
    /// Tip ids and their slots.
    public var tips: [String: Int] = [:]
    /// Scenario ids and their slots.
    public var scenarios: [String: Int] = [:]
    /// Plugin functions keyed by `NAMESPACE.NAME`.
    public var functions: [String: Function] = [:]
    /// Namespaces of plugins that failed to load: rules calling them are left out without a
    /// diagnostic of their own, since the plugin's failure is reported already.
    public var unavailableNamespaces: Set<String> = []

    /// Creates an empty schema.
    public init() {}

    /// The plugin namespaces that declare at least one function.
    var namespaces: Set<String> {
        Set(functions.keys.compactMap { $0.split(separator: ".").first.map(String.init) })
    }
}
