import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import BeckonRules
import Testing

/// Durations in milliseconds, as the engine counts them.
let millisecond: Int64 = 1
let second: Int64 = 1_000
let minute: Int64 = 60 * second
let hour: Int64 = 60 * minute
let day: Int64 = 24 * hour

/// The instant tests start from (2026-01-01T00:00:00Z). Tests never read the wall clock: every
/// decision is made at an instant the test chose.
let t0: Int64 = 1_767_225_600_000

/// An engine over a configuration written in YAML, and the store it decides over.
///
/// The YAML is the configuration without its `version: 1` line, which the harness adds as
/// line 1: the caller's first line is line 2 of `t.yaml`.
struct Harness {
    let engine: Engine
    let store: any Store
    let configuration: Configuration

    init(_ yaml: String, store: any Store = MemoryStore(), sourceLocation: SourceLocation = #_sourceLocation) throws {
        let loaded = try loadConfiguration(yaml, sourceLocation: sourceLocation)
        self.configuration = loaded.configuration
        self.store = store
        self.engine = Engine(configuration: loaded.configuration, rules: loaded.rules, store: store)
    }

    /// Another engine over the same configuration and store, as a second process would have.
    func sibling() -> Engine {
        Engine(configuration: engine.configuration, rules: engine.rules, store: store)
    }

    /// The subject's stored record and version.
    func stored(_ subject: String = "default") throws -> StoredRecord {
        try store.load(subject: subject)
    }

    /// The subject's record.
    func record(_ subject: String = "default") throws -> SubjectRecord {
        try store.load(subject: subject).record
    }

    /// The instants of an event's logged donations.
    func logTimes(_ event: String, _ subject: String = "default") throws -> [Int64] {
        try store.donations(subject: subject, event: event, since: nil).map(\.time)
    }
}

/// A request at `now` (t0 plus an offset, usually) for a subject.
func at(_ now: Int64, _ subject: String = "default", appVersion: String? = nil,
        transient: [String: Value] = [:], testing: TestingOverrides = TestingOverrides()) -> DecisionRequest {
    DecisionRequest(subject: subject, now: now, appVersion: appVersion.map { Version($0)! },
                    transientParameters: transient, testing: testing)
}

/// Loads YAML (prefixed with `version: 1`); records the rendered diagnostics when it fails.
func loadConfiguration(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> LoadedConfiguration {
    do throws(ConfigurationLoadError) {
        return try ConfigurationLoader().load(yaml: "version: 1\n" + yaml, path: "t.yaml")
    } catch {
        if case .invalid(let diagnostics) = error {
            Issue.record("configuration did not load:\n\(diagnostics)", sourceLocation: sourceLocation)
        }
        throw error
    }
}

/// The diagnostics of YAML (prefixed with `version: 1`) that must not load.
func loadErrors(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Diagnostic] {
    do throws(ConfigurationLoadError) {
        _ = try ConfigurationLoader().load(yaml: "version: 1\n" + yaml, path: "t.yaml")
        Issue.record("the configuration loaded, but it must not:\n\(yaml)", sourceLocation: sourceLocation)
        return []
    } catch {
        guard case .invalid(let diagnostics) = error else { return [] }
        return diagnostics.diagnostics.filter { $0.severity == .error }
    }
}

/// The error an engine operation threw, or nil (with an issue recorded) when it did not throw
/// or threw something else.
func engineError<T>(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> T) -> EngineError? {
    do {
        _ = try body()
        Issue.record("the operation succeeded, but it must fail", sourceLocation: sourceLocation)
        return nil
    } catch let error as EngineError {
        return error
    } catch {
        Issue.record("the operation threw \(error), not an EngineError", sourceLocation: sourceLocation)
        return nil
    }
}

extension EngineError {
    /// The message of `.invalidValue` / `.notApplicable`, the description otherwise.
    var message: String { description }

    var isInvalidValue: Bool { if case .invalidValue = self { true } else { false } }
    var isNotApplicable: Bool { if case .notApplicable = self { true } else { false } }
    var isUndeclared: Bool { if case .undeclared = self { true } else { false } }
}

extension RuleExplanation {
    /// Every node of the explanation tree, depth first.
    var allNodes: [ExplanationNode] {
        var nodes: [ExplanationNode] = []
        func visit(_ node: ExplanationNode) {
            nodes.append(node)
            node.children.forEach(visit)
        }
        visit(root)
        return nodes
    }

    /// The value recorded for the sub-expression written as `text`.
    func value(of text: String) -> Value?? {
        allNodes.first { $0.text == text }.map(\.value)
    }
}

/// A YAML flow list of ids: `[a, b]`.
func yamlList(_ ids: [String]) -> String {
    "[" + ids.joined(separator: ", ") + "]"
}
