import BeckonRuntime
import Hummingbird
import NIOCore

/// The routes for whoever runs the server rather than for its clients:
///
/// | method and path   | answer                                                                  |
/// |-------------------|-------------------------------------------------------------------------|
/// | `GET /v1/config`  | the configuration served: generation, file, loaded at, last reload      |
/// | `GET /metrics`    | the metrics, as Prometheus text (`ServerMetrics`)                       |
struct OperatorRoutes: Sendable {
    let server: BeckonServer

    func add(to router: Router<BasicRequestContext>) {
        router.getAndHead("/v1/config") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"],
                     body: ResponseBody(byteBuffer: ByteBuffer(string: server.configuration.json.text)))
        }
        router.getAndHead("/metrics") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                     body: ResponseBody(byteBuffer: ByteBuffer(string: server.metrics.text)))
        }
    }
}
