import BeckonConfig
public import BeckonRuntime
public import Hummingbird
import FoundationEssentials
import HummingbirdCore
public import Logging
public import NIOCore
import NIOPosix
import ServiceLifecycle
import UnixSignals

/// `beckon serve`: an HTTP host over a runtime that long-running hosts share
/// (`ReloadableRuntime`), answering each operation with exactly the JSON that `beckon … --json`
/// prints, and each failure as RFC 9457 `application/problem+json` (see `Problem`).
///
/// The routes (`ServerRoute.table`, registered by `ServerRoutes`) live under `/v1/subjects/{subject}/…`; `/healthz` says the
/// process is alive, `/readyz` that a configuration is loaded and its store answers;
/// `/v1/config` which configuration serves and how its last reload went, `/metrics` the
/// server's metrics (`OperatorRoutes`). Every request is counted (`ServerMetrics`) and logged
/// in one line (`ObservationMiddleware`). The configuration is reloaded on SIGHUP and when its
/// file changes (`ConfigurationWatcher`); subjects inactive for `store.expireSubjectsAfter` are
/// erased a page at a time (`SubjectExpiryService`); SIGTERM and SIGINT stop the server gracefully.
public struct BeckonServer: Sendable {
    /// The runtime every request decides with (read once per request: a reload never mixes two
    /// configurations in one answer).
    public let runtime: ReloadableRuntime
    /// The instant a request decides at when it gives no `now` (Unix ms).
    public let wallClock: @Sendable () -> Int64
    /// The configuration served: its file, generation, and last reload (`GET /v1/config`).
    public let configuration: ConfigurationState
    /// The server's metrics (`GET /metrics`).
    public let metrics: ServerMetrics
    /// Where reloads, access lines and the server's own messages are logged.
    public let logger: Logger
    /// What counts and logs every request, the router's and the event loop's (made once: it
    /// looks at the logger's handler).
    let observation: ObservationMiddleware
    /// How often the configuration file is polled for changes; nil: never (SIGHUP still reloads).
    public let watchInterval: Duration?
    /// How long requests in flight may take to finish once SIGTERM or SIGINT asked to stop;
    /// past it they are cancelled.
    public let shutdownGrace: Duration
    /// Bearer tokens, request limits and CORS (`EdgeOptions`): by default no token, the default limits, no CORS.
    public var edge = EdgeOptions()
    /// Where tip status requests are answered (`TipStatusFastPath`); other than `.eventLoop`
    /// only to compare the paths.
    public var tipStatusPath = TipStatusPath.eventLoop
    /// How often an open change stream (`GET /v1/subjects/{subject}/changes`) gets a keep-alive comment.
    public var keepAliveInterval: Duration = .seconds(15)
    /// Threads of their own for the decisions of a store whose calls may wait (a plugin's
    /// store over a database server); see `WaitingStoreThreads`.
    public var storeThreads = WaitingStoreThreads()
    /// With `store.expireSubjectsAfter` set, the pause between two pages of expiry
    /// (`SubjectExpiryService`).
    public var expiryPagePause: Duration = .seconds(1)
    /// The pause between two expiry passes, and between two looks at a configuration that sets
    /// no expiry (a reload may set it).
    public var expiryPassPause: Duration = .seconds(60)
    /// The subjects an expiry page lists.
    public var expiryPageSize = SubjectData.pageSize
    /// Whether the pages for people are served at `/ui/` (`UIPages`, `beckon serve --ui`).
    public var ui = false
    /// The event loops that accept and read connections; nil (the default): NIO's shared ones,
    /// one per core, started when the server runs. A host that runs several servers in one
    /// process may give each its own, so that one server's load never delays another's
    /// connections and timers; `beckon serve --event-loops` gives its server `eventLoops(count:)`.
    public var eventLoopGroup: (any EventLoopGroup)?
    /// `count` event loops of a server's own, in place of NIO's shared ones; their threads are
    /// named `NIO-ELT-…`, the shared ones' `NIO-SGLTN-…`.
    public static func eventLoops(count: Int) -> any EventLoopGroup {
        MultiThreadedEventLoopGroup(numberOfThreads: count)
    }
    /// The subscribers of change streams and the events they get (shared by copies of the server).
    let changeNotifier = ChangeNotifier()

    /// A server over `runtime`, whose configuration was loaded from `configurationFile` (what
    /// reloads read; `/v1/config` names it). Requests without `now` decide at `wallClock` (the
    /// system clock by default). With a `watchInterval`, the file is polled for changes that
    /// often. Nothing is logged unless a `logger` is given.
    public init(runtime: ReloadableRuntime, configurationFile: String = "", watchInterval: Duration? = nil,
                shutdownGrace: Duration = .seconds(10), logger: Logger = BeckonServer.silentLogger,
                wallClock: @escaping @Sendable () -> Int64 = BeckonServer.systemClock) {
        self.runtime = runtime
        self.wallClock = wallClock
        self.watchInterval = watchInterval
        self.shutdownGrace = shutdownGrace
        self.logger = logger
        configuration = ConfigurationState(file: configurationFile, loadedAt: wallClock())
        metrics = ServerMetrics()
        observation = ObservationMiddleware(metrics: metrics, logger: logger)
    }

    /// The system clock in Unix milliseconds, as the CLI reads it.
    @Sendable public static func systemClock() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded())
    }

    /// Where `beckon serve` answers tip status requests.
    public enum TipStatusPath: Sendable, CaseIterable {
        /// On the event loop that read the request, when the edge and the store allow, else
        /// as `.route`.
        case eventLoop
        /// In the router's route, by the fast path, else as `.general`.
        case route
        /// In the router's route, as every other operation is answered.
        case general
    }

    /// The `Server` header of every answer.
    static let serverName = "beckon/\(Runtime.version)"

    /// A logger that writes nothing.
    public static let silentLogger = Logger(label: "beckon.serve", factory: { _ in SwiftLogNoOpLogHandler() })

    /// What reloads the configuration from its file, now or when the watcher says so.
    public var reloader: ConfigurationReloader {
        ConfigurationReloader(runtime: runtime, state: configuration, metrics: metrics, logger: logger, clock: wallClock)
    }

    /// The router with every route.
    public func router() -> Router<BasicRequestContext> {
        let router = Router()
        // Outermost first: they see every request, the ones no route takes and the ones the
        // edge refuses included.
        router.add(middleware: observation)
        edge.addMiddleware(to: router)
        ServerRoutes(server: self).add(to: router)
        if ui { UIPages.add(to: router) }
        // Last, so that it knows every route's path and methods.
        router.add(middleware: NoRouteMiddleware(routes: router.routes))
        return router
    }

    /// The application listening on `address`; `onListening` is told the port it bound (the
    /// one chosen by the system when `address.port` is 0) once it accepts connections. With
    /// `reloadingOnSignal`, SIGHUP reloads the configuration.
    public func application(listeningOn address: ListenAddress, reloadingOnSignal: Bool = false,
                            onListening: @escaping @Sendable (Int) async -> Void = { _ in }) -> Application<RouterResponder<BasicRequestContext>> {
        // Expiry idles while the configuration sets none; a reload may set it.
        var services: [any Service] = [SubjectExpiryService(server: self)]
        if !configuration.file.isEmpty, watchInterval != nil || reloadingOnSignal {
            services.append(ConfigurationWatcher(reloader: reloader, interval: watchInterval, reloadsOnSignal: reloadingOnSignal,
                                                 tokens: edge.access, logger: logger))
        }
        var frameworkLogger = logger
        frameworkLogger.logLevel = max(logger.logLevel, .warning)
        return Application(
            router: router(), server: httpServer,
            configuration: ApplicationConfiguration(address: .hostname(address.host, port: address.port), serverName: Self.serverName),
            services: services,
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? address.port) },
            eventLoopGroupProvider: .shared(eventLoopGroup ?? MultiThreadedEventLoopGroup.singleton),
            logger: frameworkLogger
        )
    }

    /// Hummingbird's HTTP/1.1 server with the edge's limits (the connections it holds and the
    /// time a request's head may take included), answering tip status requests and OFREP
    /// evaluations on their event loop where it can (`BeckonHTTP1Channel`).
    private var httpServer: HTTPServerBuilder {
        let routes = ServerRoutes(server: self)
        let limits = edge.limits
        let configuration = limits.http1Configuration
        let connections = ConnectionLimit(maximum: limits.maxConnections)
        return HTTPServerBuilder { responder in
            BeckonHTTP1Channel(responder: responder, configuration: configuration, tipStatus: routes.eventLoopAnswerer,
                               connections: connections, limits: limits)
        }
    }

    /// Serves on `address` until the task running it is cancelled or, with `stoppingOnSignals`,
    /// until SIGTERM or SIGINT arrives: then it stops accepting connections and lets requests in
    /// flight finish for up to `shutdownGrace` (those still running then are cancelled), and
    /// SIGHUP reloads the configuration. `onListening` is told the bound port. An error before
    /// it listens that is the system refusing the address is thrown as a `ListenFailure`.
    public func run(listeningOn address: ListenAddress, stoppingOnSignals: Bool = false,
                    onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        // The configuration's warnings, logged at start as a reload logs them.
        for warning in runtime.current.loaded.warnings { logger.warning("\(ConfigurationReloader.line(warning))") }
        let listening = ListeningFlag()
        do {
            try await run(application(listeningOn: address, reloadingOnSignal: stoppingOnSignals, onListening: { port in
                listening.set()
                await onListening(port)
            }), stoppingOnSignals: stoppingOnSignals)
        } catch where !listening.isSet {
            if let failure = ListenFailure(error, address: address) { throw failure }
            throw error
        }
    }

    private func run(_ application: Application<RouterResponder<BasicRequestContext>>, stoppingOnSignals: Bool) async throws {
        guard stoppingOnSignals else {
            try await application.run()
            return
        }
        // A group shuts its services down last first: the notice hears the signal before the server.
        let notice = StopNotice(logger: logger, grace: shutdownGrace)
        var group = ServiceGroupConfiguration(
            services: [.init(service: application), .init(service: notice, successTerminationBehavior: .ignore)],
            gracefulShutdownSignals: [.sigterm, .sigint], logger: application.logger)
        group.maximumGracefulShutdownDuration = shutdownGrace
        try await ServiceGroup(configuration: group).run()
    }
}
