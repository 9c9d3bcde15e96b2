public import BeckonRuntime
public import Hummingbird
import FoundationEssentials
import NIOCore

/// `beckon serve`: an HTTP host over a runtime that long-running hosts share
/// (`ReloadableRuntime`), answering each operation with exactly the JSON that `beckon … --json`
/// prints, and each failure as RFC 9457 `application/problem+json` (see `Problem`).
///
/// The routes (`ServerRoutes`) live under `/v1/subjects/{subject}/…`; `/healthz` says the
/// process is alive, `/readyz` that a configuration is loaded and its store answers.
public struct BeckonServer: Sendable {
    /// The runtime every request decides with (read once per request: a reload never mixes two
    /// configurations in one answer).
    public let runtime: ReloadableRuntime
    /// The instant a request decides at when it gives no `now` (Unix ms).
    public let wallClock: @Sendable () -> Int64
    /// Whether tip status requests take the fast path (`TipStatusFastPath`); off only to compare it with the general path.
    public var tipStatusFastPath = true

    /// A server over `runtime`; requests without `now` decide at `wallClock` (the system clock
    /// by default).
    public init(runtime: ReloadableRuntime, wallClock: @escaping @Sendable () -> Int64 = BeckonServer.systemClock) {
        self.runtime = runtime
        self.wallClock = wallClock
    }

    /// The system clock in Unix milliseconds, as the CLI reads it.
    @Sendable public static func systemClock() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded())
    }

    /// The router with every route.
    public func router() -> Router<BasicRequestContext> {
        let router = Router()
        ServerRoutes(server: self).add(to: router)
        return router
    }

    /// The application listening on `address`; `onListening` is told the port it bound (the
    /// one chosen by the system when `address.port` is 0) once it accepts connections.
    public func application(listeningOn address: ListenAddress,
                            onListening: @escaping @Sendable (Int) async -> Void = { _ in }) -> Application<RouterResponder<BasicRequestContext>> {
        Application(
            router: router(),
            configuration: ApplicationConfiguration(address: .hostname(address.host, port: address.port), serverName: "beckon/\(Runtime.version)"),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? address.port) }
        )
    }

    /// Serves on `address` until the task running it is cancelled or, with `stoppingOnSignals`,
    /// until SIGTERM or SIGINT arrives (then it stops accepting and lets requests in flight
    /// finish); `onListening` is told the bound port.
    public func run(listeningOn address: ListenAddress, stoppingOnSignals: Bool = false,
                    onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let application = application(listeningOn: address, onListening: onListening)
        if stoppingOnSignals {
            try await application.runService()
        } else {
            try await application.run()
        }
    }
}
