import BeckonRuntime
import Hummingbird
import NIOCore

/// The answers for whoever runs the server rather than for its clients (routes in
/// `ServerRoute.table`): `GET /v1/config`, the configuration served (generation, file, loaded
/// at, last reload), and `GET /metrics`, the metrics as Prometheus text (`ServerMetrics`).
struct OperatorRoutes: Sendable {
    let server: BeckonServer

    /// `GET /v1/config`.
    func configuration() -> Response {
        Response(status: .ok, headers: [.contentType: "application/json"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: server.configuration.json.text)))
    }

    /// `GET /metrics`.
    func metrics() -> Response {
        Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: server.metrics.text)))
    }
}
