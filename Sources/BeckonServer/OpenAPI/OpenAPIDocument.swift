import Hummingbird
import NIOCore

/// The OpenAPI 3.1 document of `beckon serve` (`paths` and `components`), served at
/// `GET /openapi.yaml` as `application/yaml`, with no token. `routes` lists every method and
/// path the server answers; a test checks that the document describes exactly these, and that
/// the server answers each (anything but `no_route`).
enum OpenAPIDocument {

    /// Every route of the server as the document writes it (`{name}` for a path parameter).
    static let routes: [(method: String, path: String)] = [
        ("GET", "/v1/subjects/{subject}/tips/{tip}"),
        ("POST", "/v1/subjects/{subject}/tips/{tip}/display"),
        ("POST", "/v1/subjects/{subject}/tips/{tip}/shown"),
        ("POST", "/v1/subjects/{subject}/tips/{tip}/invalidate"),
        ("POST", "/v1/subjects/{subject}/tips/{tip}/reset"),
        ("GET", "/v1/subjects/{subject}/tips/{tip}/explanation"),
        ("GET", "/v1/subjects/{subject}/groups/{group}"),
        ("POST", "/v1/subjects/{subject}/events/{event}/donate"),
        ("GET", "/v1/subjects/{subject}/scenarios/{scenario}"),
        ("POST", "/v1/subjects/{subject}/scenarios/{scenario}/try"),
        ("POST", "/v1/subjects/{subject}/scenarios/{scenario}/trigger"),
        ("POST", "/v1/subjects/{subject}/scenarios/{scenario}/reset"),
        ("GET", "/v1/subjects/{subject}/scenarios/{scenario}/explanation"),
        ("POST", "/v1/subjects/{subject}/whatsnew/next"),
        ("POST", "/v1/subjects/{subject}/whatsnew/present"),
        ("POST", "/v1/subjects/{subject}/whatsnew/{version}/mark"),
        ("POST", "/v1/subjects/{subject}/whatsnew/{version}/unmark"),
        ("POST", "/v1/subjects/{subject}/whatsnew/unmark"),
        ("GET", "/v1/subjects/{subject}/parameters/{name}"),
        ("PUT", "/v1/subjects/{subject}/parameters/{name}"),
        ("GET", "/v1/subjects/{subject}"),
        ("DELETE", "/v1/subjects/{subject}"),
        ("POST", "/v1/subjects/{subject}/batch"),
        ("GET", "/v1/subjects/{subject}/changes"),
        ("GET", "/v1/config"),
        ("GET", "/healthz"),
        ("GET", "/readyz"),
        ("GET", "/metrics"),
        ("GET", "/openapi.yaml"),
        ("POST", "/ofrep/v1/evaluate/flags/{key}"),
        ("POST", "/ofrep/v1/evaluate/flags"),
    ]

    /// Serves the document at `GET /openapi.yaml`, as a server with tokens or without one
    /// (`withTokens`) behaves.
    static func add(to router: Router<BasicRequestContext>, withTokens: Bool) {
        let body = ByteBuffer(string: text(withTokens: withTokens))
        router.getAndHead("/openapi.yaml") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/yaml"], body: ResponseBody(byteBuffer: body))
        }
    }
}
