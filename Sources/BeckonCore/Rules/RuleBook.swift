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
    /// For each tip (in declaration order), its templates; nil for a tip whose texts are all
    /// plain. Empty when the book was compiled without a message compiler.
    public let tipTemplates: [TipTemplates?]

    /// Runs `body(chunk)` for every chunk in `0..<count`, possibly on several threads at once, and
    /// returns once every chunk has run. Pure layers start no threads; the edge that may passes one.
    public typealias ChunkRunner = @Sendable (_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> Void

    /// Fewer rules than this are compiled on the calling thread: a thread costs more than they do.
    static let minimumRulesPerChunk = 256

    /// Compiles every rule of `configuration`; `functions` are the plugin functions rules may call,
    /// `unavailableNamespaces` those of plugins that failed to load. Rules with errors are left
    /// out of the book and reported in the diagnostics.
    ///
    /// With `runner` and `chunks` above 1, the rules are split into that many runs of consecutive
    /// rules compiled at once; the book and its diagnostics (in rule order) are the same as
    /// compiled one by one. A configuration with plugin functions is always compiled on the
    /// calling thread, since binding a call runs the plugin's code, which need not be thread-safe.
    ///
    /// With `messages`, the templates among the content texts are compiled too (their argument
    /// paths against the same schema); without, every text is shown as written.
    public static func compile(_ configuration: Configuration, functions: [String: RuleSchema.Function] = [:],
                               unavailableNamespaces: Set<String> = [], chunks: Int = 1,
                               runner: ChunkRunner? = nil,
                               messages: (any MessageCompiler)? = nil) -> (book: RuleBook, diagnostics: [Diagnostic]) {
        var schema = RuleSchema(configuration: configuration, functions: functions)
        schema.unavailableNamespaces = unavailableNamespaces
        let compiler = RuleCompiler(schema: schema)
        // Declarations are read field by field through their arrays: `for tip in tips` would copy
        // every tip (a retain and a release per field), and a load has thousands.
        let tips = configuration.tips.all, scenarios = configuration.scenarios.all
        var sources: [RuleSource] = []
        sources.reserveCapacity(tips.indices.reduce(0) { $0 + tips[$1].rules.count }
            + scenarios.indices.reduce(0) { $0 + scenarios[$1].conditions.count })
        for index in tips.indices { sources.append(contentsOf: tips[index].rules) }
        for index in scenarios.indices { sources.append(contentsOf: scenarios[index].conditions) }
        let chunkCount = functions.isEmpty ? max(1, min(chunks, sources.count / minimumRulesPerChunk)) : 1
        var compiled: [CompiledRule?]
        var diagnostics: [Diagnostic]
        if let runner, chunkCount > 1 {
            (compiled, diagnostics) = compileInChunks(sources, compiler: compiler, chunks: chunkCount, runner: runner)
        } else {
            (compiled, diagnostics) = compileRange(sources[...], compiler: compiler)
        }
        var next = 0
        func take(_ count: Int) -> [CompiledRule] {
            defer { next += count }
            return compiled[next..<next + count].compactMap { $0 }
        }
        let tipRules = tips.indices.map { take(tips[$0].rules.count) }
        let scenarioConditions = scenarios.indices.map { take(scenarios[$0].conditions.count) }
        var tipTemplates: [TipTemplates?] = []
        if let messages {
            let found = compileTemplates(configuration, compiler: compiler, messages: messages)
            tipTemplates = found.templates
            diagnostics.append(contentsOf: found.diagnostics)
        }
        return (RuleBook(schema: schema, tipRules: tipRules, scenarioConditions: scenarioConditions, tipTemplates: tipTemplates),
                diagnostics)
    }

    /// Compiles consecutive rules one by one: a slot per rule (nil for one with errors) and
    /// their diagnostics in order.
    private static func compileRange(_ sources: ArraySlice<RuleSource>, compiler: RuleCompiler)
        -> (rules: [CompiledRule?], diagnostics: [Diagnostic]) {
        var rules: [CompiledRule?] = []
        rules.reserveCapacity(sources.count)
        var diagnostics: [Diagnostic] = []
        for source in sources {
            let compilation = compiler.compile(source.text, origin: source.origin)
            diagnostics.append(contentsOf: compilation.diagnostics)
            rules.append(compilation.rule)
        }
        return (rules, diagnostics)
    }

    /// Compiles `chunks` runs of consecutive rules with `runner`, then joins them in order.
    private static func compileInChunks(_ sources: [RuleSource], compiler: RuleCompiler, chunks: Int,
                                        runner: ChunkRunner) -> (rules: [CompiledRule?], diagnostics: [Diagnostic]) {
        let results = ChunkResults(count: chunks)
        let total = sources.count
        runner(chunks) { chunk in
            let range = (total * chunk / chunks)..<(total * (chunk + 1) / chunks)
            // Every rule keeps the schema, so each chunk compiles with a copy of its own: threads
            // counting references on the same dictionaries would contend for them on every rule.
            let own = chunk == 0 ? compiler : RuleCompiler(schema: compiler.schema.unshared())
            results.store(compileRange(sources[range], compiler: own), at: chunk)
        }
        var rules: [CompiledRule?] = []
        rules.reserveCapacity(total)
        var diagnostics: [Diagnostic] = []
        for chunk in 0..<chunks {
            let result = results.take(chunk)
            rules.append(contentsOf: result.rules)
            diagnostics.append(contentsOf: result.diagnostics)
        }
        return (rules, diagnostics)
    }
}

/// One slot per chunk, each written by the one thread that compiles that chunk and read once
/// the runner has returned (which orders the writes before the reads).
private final class ChunkResults: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<(rules: [CompiledRule?], diagnostics: [Diagnostic])?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func store(_ result: (rules: [CompiledRule?], diagnostics: [Diagnostic]), at chunk: Int) {
        slots[chunk] = result
    }

    func take(_ chunk: Int) -> (rules: [CompiledRule?], diagnostics: [Diagnostic]) {
        guard let result = slots[chunk] else { preconditionFailure("chunk \(chunk) was not compiled") }
        return result
    }
}

extension RuleSchema {
    /// The same schema, in storage of its own (equal, but sharing no dictionary with this one).
    func unshared() -> RuleSchema {
        var copy = self
        // Reserving on a shared dictionary or set copies it.
        copy.parameters.reserveCapacity(parameters.count)
        copy.events.reserveCapacity(events.count)
        copy.tips.reserveCapacity(tips.count)
        copy.scenarios.reserveCapacity(scenarios.count)
        copy.functions.reserveCapacity(functions.count)
        copy.unavailableNamespaces.reserveCapacity(unavailableNamespaces.count)
        return copy
    }

    /// The names of a configuration: slots are declaration indexes.
    public init(configuration: Configuration, functions: [String: Function] = [:]) {
        self.init()
        // By index, reading only the fields needed: a declaration copied whole costs a retain
        // and a release per field.
        let parameterList = configuration.parameters.all, eventList = configuration.events.all
        let tipList = configuration.tips.all, scenarioList = configuration.scenarios.all
        parameters.reserveCapacity(parameterList.count)
        for slot in parameterList.indices {
            parameters[parameterList[slot].id] = Parameter(slot: slot, type: parameterList[slot].type)
        }
        events.reserveCapacity(eventList.count)
        for slot in eventList.indices {
            events[eventList[slot].id] = Event(slot: slot, infoFields: eventList[slot].infoFields.map { ($0.name, $0.type) },
                                               maxAge: eventList[slot].maxAge)
        }
        tips.reserveCapacity(tipList.count)
        for slot in tipList.indices { tips[tipList[slot].id] = slot }
        scenarios.reserveCapacity(scenarioList.count)
        for slot in scenarioList.indices { scenarios[scenarioList[slot].id] = slot }
        self.functions = functions
    }
}
