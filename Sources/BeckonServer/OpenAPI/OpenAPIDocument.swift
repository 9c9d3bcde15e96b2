import Hummingbird
import NIOCore

/// The OpenAPI 3.1 document of `beckon serve` (`paths` and `components`), served at
/// `GET /openapi.yaml` as `application/yaml`, with no token. `routes` lists every method and
/// path the server answers (`ServerRoute.table`); tests check that the document describes
/// exactly these, and that the server answers each (anything but `no_route`).
enum OpenAPIDocument {

    /// Every route of the server as the document writes it (`{name}` for a path parameter):
    /// `ServerRoute.table`'s; a test checks that the document describes exactly these.
    static var routes: [(method: String, path: String)] {
        ServerRoute.table.map { ($0.method.rawValue, $0.path) }
    }

    /// The document's bytes without the bearer scheme and with it, made once.
    private static let bodies = (open: ByteBuffer(string: text(withTokens: false)), withTokens: ByteBuffer(string: text(withTokens: true)))

    /// The answer of `GET /openapi.yaml`, as a server with tokens or without them (`withTokens`)
    /// behaves.
    static func response(withTokens: Bool) -> Response {
        let body = withTokens ? bodies.withTokens : bodies.open
        return Response(status: .ok, headers: [.contentType: "application/yaml"], body: ResponseBody(byteBuffer: body))
    }
}
