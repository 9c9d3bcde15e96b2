import BeckonDiagnostics
import BeckonRules

/// Decides for one subject at a time, against an explicit instant, over a store: tips, groups,
/// scenarios and what's new, with the exact semantics of SEMANTICS.md.
///
/// Every operation reads the subject's record, decides, and commits with compare-and-set, so a
/// decision and its bookkeeping are atomic even across processes sharing a store. An engine is
/// immutable and may be used from many threads.
public final class Engine: Sendable {
    /// The configuration decided with.
    public let configuration: Configuration
    /// The compiled rules of the configuration.
    public let rules: RuleBook
    /// Where state lives.
    public let store: any Store
    /// The configuration's content in each of its locales; answers read their texts from it.
    public let content: LocalizedContent

    let tipSlots: [String: Int]
    /// `tipSlots` for the lookups of calls by id (a miss is looked up in `tipSlots`).
    let tipIndex: SlotIndex
    let eventSlots: [String: Int]
    let scenarioSlots: [String: Int]
    /// The parameters' ids to their slots (a miss is looked up in `parameterFacts`).
    let parameterIndex: SlotIndex
    let groupSlots: [String: Int]
    /// The group of each tip that is in one, by tip slot.
    let groupOfTip: [Int?]
    /// Scenarios that count each event, by event slot.
    let scenariosCountingEvent: [Int: [Int]]
    /// Ids and parameter facts by slot, kept flat: reading a whole declaration on every decision
    /// would copy (retain and release) all of its fields.
    let tipIDs: [String]
    let eventIDs: [String]
    let scenarioIDs: [String]
    let parameterFacts: [(id: String, defaultValue: Value, isTransient: Bool)]
    /// This engine's slot numbering, to read records by slot.
    let slotLayout: SlotLayout
    /// The store when it is the memory store, which the fast path reads directly.
    let memoryStore: MemoryStore?
    /// Each tip's fast-path plan, by slot (nil: decided by the general path only).
    let fastTips: [FastTipPlan?]
    /// Whether each tip ignores the display frequency, by slot.
    let ignoresDisplayFrequency: [Bool]
    /// Each parameter's default value, by slot.
    let parameterDefaults: [Value]
    /// Whether each parameter is transient (passed with each request, never stored), by slot.
    let parameterIsTransient: [Bool]
    /// Each parameter's declared type, by slot.
    let parameterTypes: [ValueType]

    /// How many times an operation re-reads and retries when another writer changed the subject.
    static let maxAttempts = 1000

    /// Creates an engine; `rules` must have been compiled from `configuration`.
    public init(configuration: Configuration, rules: RuleBook, store: any Store) {
        self.configuration = configuration
        self.rules = rules
        self.store = store
        content = LocalizedContent(configuration)
        func slots<T: Declared>(_ declarations: Declarations<T>) -> [String: Int] {
            Dictionary(uniqueKeysWithValues: declarations.all.enumerated().map { ($1.id, $0) })
        }
        tipSlots = slots(configuration.tips)
        tipIndex = SlotIndex(configuration.tips.all.map(\.id))
        eventSlots = slots(configuration.events)
        scenarioSlots = slots(configuration.scenarios)
        groupSlots = slots(configuration.groups)
        var groupOfTip = [Int?](repeating: nil, count: configuration.tips.all.count)
        for (slot, group) in configuration.groups.all.enumerated() {
            for tip in group.tips {
                if let tipSlot = tipSlots[tip], groupOfTip[tipSlot] == nil { groupOfTip[tipSlot] = slot }
            }
        }
        self.groupOfTip = groupOfTip
        var counting: [Int: [Int]] = [:]
        for (slot, scenario) in configuration.scenarios.all.enumerated() {
            if let event = scenario.event, let eventSlot = configuration.events.all.firstIndex(where: { $0.id == event }) {
                counting[eventSlot, default: []].append(slot)
            }
        }
        scenariosCountingEvent = counting
        tipIDs = configuration.tips.ids
        eventIDs = configuration.events.ids
        scenarioIDs = configuration.scenarios.ids
        parameterFacts = configuration.parameters.all.map { ($0.id, $0.defaultValue, $0.isTransient) }
        parameterIndex = SlotIndex(configuration.parameters.all.map(\.id))
        slotLayout = SlotLayout()
        memoryStore = store as? MemoryStore
        ignoresDisplayFrequency = configuration.tips.all.map(\.ignoresDisplayFrequency)
        parameterDefaults = configuration.parameters.all.map(\.defaultValue)
        parameterIsTransient = configuration.parameters.all.map(\.isTransient)
        parameterTypes = configuration.parameters.all.map(\.type)
        fastTips = FastTipPlan.plans(configuration: configuration, rules: rules, store: store, groupOfTip: groupOfTip)
    }

    /// A number no other engine shares, for hosts that cache what they found in one engine (a
    /// tip's slot) and must notice when they are given another.
    public var generation: UInt64 { slotLayout.id }

    // MARK: Lookups

    /// The index in `content.locales` of the locale the request's languages choose: 0, the
    /// default, with no lookup when it names none.
    @inline(__always)
    func localeIndex(_ request: DecisionRequest) -> Int {
        content.localeIndex(for: request.locales)
    }

    func slot(ofTip id: String) throws(EngineError) -> Int {
        if let slot = tipIndex.slot(of: id) { return slot }
        guard let slot = tipSlots[id] else { throw undeclared("tip", id, tipSlots.keys) }
        return slot
    }

    func slot(ofEvent id: String) throws(EngineError) -> Int {
        guard let slot = eventSlots[id] else { throw undeclared("event", id, eventSlots.keys) }
        return slot
    }

    func slot(ofScenario id: String) throws(EngineError) -> Int {
        guard let slot = scenarioSlots[id] else { throw undeclared("scenario", id, scenarioSlots.keys) }
        return slot
    }

    func slot(ofGroup id: String) throws(EngineError) -> Int {
        guard let slot = groupSlots[id] else { throw undeclared("group", id, groupSlots.keys) }
        return slot
    }

    func undeclared(_ kind: String, _ id: String, _ known: some Sequence<String>) -> EngineError {
        .undeclared(kind: kind, id: id, suggestion: NameSuggester.suggestion(for: id, among: known))
    }

    // MARK: Reading and committing

    /// A read-only look at the subject: nothing is written.
    func read<T>(_ request: DecisionRequest, _ body: (EvaluationScope) throws(EngineError) -> T) throws(EngineError) -> T {
        let stored: StoredRecord
        do { stored = try store.load(subject: request.subject) } catch { throw .store(error) }
        let scope = EvaluationScope(engine: self, request: request, record: stored.record)
        let result = try body(scope)
        if let failure = scope.storeFailure { throw .store(failure) }
        return result
    }

    /// Reads, decides and commits atomically; retries from a fresh read when another writer
    /// committed in between, so the decision always matches what is stored.
    func mutate<T>(_ request: DecisionRequest,
                   _ body: (inout SubjectRecord, EvaluationScope) throws(EngineError) -> Outcome<T>) throws(EngineError) -> T {
        for _ in 0..<Self.maxAttempts {
            let stored: StoredRecord
            do { stored = try store.load(subject: request.subject) } catch { throw .store(error) }
            let scope = EvaluationScope(engine: self, request: request, record: stored.record)
            var record = stored.record
            let outcome = try body(&record, scope)
            if let failure = scope.storeFailure { throw .store(failure) }
            let writes = outcome.writes ?? (record != stored.record || !outcome.donations.isEmpty)
            if !writes { return outcome.result }
            // Asked for its changes, the operation computes the answers on both records within
            // this attempt: if its compare-and-set succeeds, they are exactly what it replaced
            // and what it wrote.
            let overviews = try request.changeRecorder.map { _ throws(EngineError) in
                try self.overviews(before: scope, writing: record, donations: outcome.donations)
            }
            let committed: Bool
            do {
                committed = try store.commit(subject: request.subject, expectedVersion: stored.version, record: record, donations: outcome.donations)
            } catch {
                throw .store(error)
            }
            if committed {
                if let overviews { request.changeRecorder?.record(before: overviews.before, after: overviews.after) }
                return outcome.result
            }
        }
        throw .contention(subject: request.subject)
    }

    /// What a mutating operation decided, with the log changes to commit with the record.
    struct Outcome<T> {
        var result: T
        var donations = DonationChanges.none
        /// Whether to commit; nil compares the record with what was read. Hot paths say it, to
        /// spare the comparison.
        var writes: Bool?
    }
}
