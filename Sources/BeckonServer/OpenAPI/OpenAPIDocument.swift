import Hummingbird
import NIOCore

/// The OpenAPI 3.1 document of `beckon serve` (`openapi.yaml` beside this file, carried in the
/// binary), served as it is at `GET /openapi.yaml` as `application/yaml`, with no token.
/// `routes` lists every method and path the server answers (`ServerRoute.table`); tests check
/// that the document describes exactly these, that the server answers each (anything but
/// `no_route`), and that the file says what the code does (`OpenAPIFileTests`).
enum OpenAPIDocument {

    /// Every route of the server as the document writes it (`{name}` for a path parameter):
    /// `ServerRoute.table`'s; a test checks that the document describes exactly these.
    static var routes: [(method: String, path: String)] {
        ServerRoute.table.map { ($0.method.rawValue, $0.path) }
    }

    /// The whole document as a server without tokens serves it: `openapi.yaml`, in which no
    /// operation asks for one.
    static let text = String(decoding: PackageResources.openapi_yaml, as: UTF8.self)

    /// The whole document as a server with tokens serves it: `text` with the bearer scheme
    /// required by every operation that does not say `security: []` (`AccessControl`'s rule).
    static let textWithTokens = text + "security:\n  - bearer: []\n"

    /// The document a server with tokens (`withTokens`) or without serves: it says what the
    /// running server asks for, so a client without a token is never told it needs one.
    static func text(withTokens: Bool) -> String { withTokens ? textWithTokens : text }

    /// The document's bytes without the bearer scheme and with it, made once.
    private static let bodies = (open: ByteBuffer(string: text), withTokens: ByteBuffer(string: textWithTokens))

    /// The answer of `GET /openapi.yaml`, as a server with tokens or without them (`withTokens`)
    /// behaves.
    static func response(withTokens: Bool) -> Response {
        let body = withTokens ? bodies.withTokens : bodies.open
        return Response(status: .ok, headers: [.contentType: "application/yaml"], body: ResponseBody(byteBuffer: body))
    }
}
