import Logging
import ServiceLifecycle

/// Logs that a stop was asked for (SIGTERM or SIGINT), as a service of the group that runs the
/// server: a group shuts its services down last first, so this one hears it before the server.
struct StopNotice: Service {
    let logger: Logger
    let grace: Duration

    func run() async throws {
        do {
            try await gracefulShutdown()
        } catch {
            return  // cancelled: the server stopped for another reason
        }
        logger.info("stopping: no new connections; requests in flight have \(grace) to finish")
    }
}
