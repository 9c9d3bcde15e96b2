public import BeckonDiagnostics
public import BeckonRules

/// Every rule of a configuration, compiled once: the tips' rules and the scenarios' conditions,
/// indexed like the configuration's declarations.
public struct RuleBook: Sendable {
    /// The names the rules were checked against.
    public let schema: RuleSchema
    /// For each tip (in declaration order), its compiled rules.
    public let tipRules: [[CompiledRule]]
    /// For each scenario (in declaration order), its compiled conditions.
    public let scenarioConditions: [[CompiledRule]]

    /// Compiles every rule of `configuration`; `functions` are the plugin functions rules may call,
    /// `unavailableNamespaces` those of plugins that failed to load. Rules with errors are left
    /// out of the book and reported in the diagnostics.
    public static func compile(_ configuration: Configuration, functions: [String: RuleSchema.Function] = [:],
                               unavailableNamespaces: Set<String> = []) -> (book: RuleBook, diagnostics: [Diagnostic]) {
        var schema = RuleSchema(configuration: configuration, functions: functions)
        schema.unavailableNamespaces = unavailableNamespaces
        let compiler = RuleCompiler(schema: schema)
        var diagnostics: [Diagnostic] = []
        func compileAll(_ rules: [RuleSource]) -> [CompiledRule] {
            rules.compactMap { source in
                let compilation = compiler.compile(source.text, origin: source.origin)
                diagnostics.append(contentsOf: compilation.diagnostics)
                return compilation.rule
            }
        }
        let tipRules = configuration.tips.all.map { compileAll($0.rules) }
        let scenarioConditions = configuration.scenarios.all.map { compileAll($0.conditions) }
        return (RuleBook(schema: schema, tipRules: tipRules, scenarioConditions: scenarioConditions), diagnostics)
    }
}

extension RuleSchema {
    /// The names of a configuration: slots are declaration indexes.
    public init(configuration: Configuration, functions: [String: Function] = [:]) {
        self.init()
        for (slot, parameter) in configuration.parameters.all.enumerated() {
            parameters[parameter.id] = Parameter(slot: slot, type: parameter.type)
        }
        for (slot, event) in configuration.events.all.enumerated() {
            events[event.id] = Event(slot: slot, infoFields: event.infoFields.map { ($0.name, $0.type) }, maxAge: event.maxAge)
        }
        for (slot, tip) in configuration.tips.all.enumerated() { tips[tip.id] = slot }
        for (slot, scenario) in configuration.scenarios.all.enumerated() { scenarios[scenario.id] = slot }
        self.functions = functions
    }
}
