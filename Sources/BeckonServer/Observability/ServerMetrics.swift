public import BeckonRuntime
import BeckonPluginHost
import CoreMetrics
public import Prometheus
import Synchronization

/// The server's metrics, served as Prometheus text at `GET /metrics`. Each server has its own
/// registry (nothing goes through the process-wide `MetricsSystem`, so servers started side by
/// side, as the tests do, count apart); metrics are made through swift-metrics' API with that
/// registry's factory.
///
/// | metric                                   | type      | labels                      |
/// |------------------------------------------|-----------|-----------------------------|
/// | `beckon_http_requests_total`             | counter   | `route`, `method`, `status` |
/// | `beckon_http_request_duration_seconds`   | histogram | `route`, `method`           |
/// | `beckon_http_requests_in_flight`         | gauge     |                             |
/// | `beckon_decisions_total`                 | counter   | `operation`, `outcome`      |
/// | `beckon_store_errors_total`              | counter   | `code`                      |
/// | `beckon_configuration_generation`        | gauge     |                             |
/// | `beckon_configuration_reloads_total`     | counter   | `result`                    |
/// | `beckon_subjects_expired_total`          | counter   |                             |
/// | `beckon_expiry_passes_total`             | counter   |                             |
/// | `beckon_plugin_call_timeouts_total`      | counter   | `plugin`                    |
///
/// `route` is the route's template (`/v1/subjects/{subject}/tips/{tip}`), never the path as
/// requested: the subject is personal data, and one series per subject would grow without end.
/// A request no route takes counts under `route="unmatched"`.
public final class ServerMetrics: Sendable {
    /// The registry the metrics are kept in.
    public let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory
    private let generation: CoreMetrics.Gauge
    private let inFlight: CoreMetrics.Meter
    private let subjectsExpired: CoreMetrics.Counter
    private let expiryPasses: CoreMetrics.Counter
    /// The metrics of each kind of request made so far, kept so that a request costs a lookup
    /// rather than making them again (their series are few: routes × methods × statuses).
    private let requestMetrics = Mutex<[RequestKind: (count: CoreMetrics.Counter, duration: CoreMetrics.Timer)]>([:])
    private let decisionCounters = Mutex<[DecisionKind: CoreMetrics.Counter]>([:])
    private let pluginTimeoutCounters = Mutex<[String: CoreMetrics.Counter]>([:])
    /// This server's subscription to plugin calls past their time limit (any in the process).
    private let pluginTimeouts = Mutex<PluginCallTimeouts.Observation?>(nil)

    // The kinds hash by their texts' lengths, not their bytes: they are a few dozen (routes ×
    // methods × statuses), the few that share lengths are told apart by `==` (on the same
    // strings, a comparison of their storage), and hashing a route's bytes cost ~0.7 k
    // instructions of a request answered in ~40 k (`Benchmarks/serve/instructions.sh`).

    private struct RequestKind: Hashable {
        var route: String
        var method: String
        var status: Int

        func hash(into hasher: inout Hasher) {
            hasher.combine(route.utf8.count)
            hasher.combine(method.utf8.count)
            hasher.combine(status)
        }
    }

    private struct DecisionKind: Hashable {
        var operation: String
        var positive: Bool

        func hash(into hasher: inout Hasher) {
            hasher.combine(operation.utf8.count)
            hasher.combine(positive)
        }
    }

    /// The route label of a request that no route took.
    static let unmatchedRoute = "unmatched"

    /// The latency buckets, in seconds: answers take well under a millisecond, a store under
    /// contention up to its busy timeout (5 s).
    static let latencyBuckets: [Duration] = [
        .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
        .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
        .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5),
    ]

    /// Metrics in a registry of their own; the configuration generation starts at 1.
    public init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = Self.latencyBuckets
        self.factory = factory
        generation = CoreMetrics.Gauge(label: "beckon_configuration_generation", factory: factory)
        generation.record(1)
        inFlight = CoreMetrics.Meter(label: "beckon_http_requests_in_flight", factory: factory)
        inFlight.set(0)
        subjectsExpired = CoreMetrics.Counter(label: "beckon_subjects_expired_total", factory: factory)
        expiryPasses = CoreMetrics.Counter(label: "beckon_expiry_passes_total", factory: factory)
        let observation = PluginCallTimeouts.observe { [weak self] plugin in self?.recordPluginTimeout(plugin: plugin) }
        pluginTimeouts.withLock { $0 = observation }
    }

    deinit {
        if let observation = pluginTimeouts.withLock({ $0 }) { PluginCallTimeouts.stopObserving(observation) }
    }

    /// A plugin's condition call ran past its time limit (`timeout:` on its entry).
    func recordPluginTimeout(plugin: String) {
        let counter = pluginTimeoutCounters.withLock { made in
            if let counter = made[plugin] { return counter }
            let counter = CoreMetrics.Counter(label: "beckon_plugin_call_timeouts_total", dimensions: [("plugin", plugin)], factory: factory)
            made[plugin] = counter
            return counter
        }
        counter.increment()
    }

    /// A request has come in (its head is read; its body may still be on its way).
    public func requestStarted() {
        inFlight.increment()
    }

    /// The route label of a request whose route template the router set as `endpointPath`
    /// (nil, or Hummingbird's `NotFound`, when no route took it).
    static func route(_ endpointPath: String?) -> String {
        guard let endpointPath, endpointPath != "NotFound" else { return unmatchedRoute }
        return endpointPath
    }

    /// One request answered (after `requestStarted`): by route label (`route(_:)`), method and
    /// status, and its duration.
    public func recordRequest(route: String, method: String, status: Int, duration: Duration) {
        inFlight.decrement()
        let kind = RequestKind(route: route, method: method, status: status)
        let metrics = requestMetrics.withLock { made in
            if let metrics = made[kind] { return metrics }
            let metrics = (
                count: CoreMetrics.Counter(label: "beckon_http_requests_total",
                                           dimensions: [("route", kind.route), ("method", method), ("status", String(status))],
                                           factory: factory),
                duration: CoreMetrics.Timer(label: "beckon_http_request_duration_seconds",
                                            dimensions: [("route", kind.route), ("method", method)], factory: factory))
            made[kind] = metrics
            return metrics
        }
        metrics.count.increment()
        metrics.duration.recordNanoseconds(duration.wholeNanoseconds)
    }

    /// One answer of a deciding operation (`tip.status`, `donate`, …): positive (the CLI's exit
    /// 0) or negative (its exit 1). An overview (`status`, `positive` nil) decides nothing and
    /// is not counted here.
    public func recordDecision(operation: String, positive: Bool?) {
        guard let positive else { return }
        let kind = DecisionKind(operation: operation, positive: positive)
        let counter = decisionCounters.withLock { made in
            if let counter = made[kind] { return counter }
            let counter = CoreMetrics.Counter(label: "beckon_decisions_total",
                                              dimensions: [("operation", operation), ("outcome", positive ? "positive" : "negative")],
                                              factory: factory)
            made[kind] = counter
            return counter
        }
        counter.increment()
    }

    /// A request that failed because of the store: a problem with code `unavailable` or `conflict`.
    public func recordStoreError(_ code: Problem.Code) {
        CoreMetrics.Counter(label: "beckon_store_errors_total", dimensions: [("code", code.rawValue)], factory: factory).increment()
    }

    /// Subjects erased by expiry (`store.expireSubjectsAfter`, `SubjectExpiryService`).
    public func recordExpired(_ count: Int) {
        if count > 0 { subjectsExpired.increment(by: count) }
    }

    /// An expiry pass that went through every stored subject.
    public func recordExpiryPass() {
        expiryPasses.increment()
    }

    /// A reload: by its result, and the generation serving after it.
    public func recordReload(result: ConfigurationState.Result, generation: Int) {
        CoreMetrics.Counter(label: "beckon_configuration_reloads_total", dimensions: [("result", result.rawValue)],
                            factory: factory).increment()
        self.generation.record(generation)
    }

    /// The metrics as Prometheus text (exposition format 0.0.4).
    public var text: String {
        registry.emitToString()
    }
}
