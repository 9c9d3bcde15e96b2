import HTTPTypes
import Hummingbird
import NIOCore

/// `beckon serve --ui`: the page for people at `/ui/` (`UI/ui.html`, carried in the binary): type
/// a subject and see, live, every tip's status with its card, reason and `revisitAt`, each group's
/// current tip, each scenario's checks, what's new and the changes the subject's stream reports;
/// a second view shows the configuration served and its last reload.
///
/// The page is not an operation of the API (neither `ServerRoute.table` nor the OpenAPI document
/// lists it) and holds no data: everything it shows it asks `/v1` for, from the browser, with
/// the token typed into it when tokens are on (a browser's page load cannot carry a bearer
/// token), so what it shows is exactly behind a `read` token. The change stream is read with
/// `fetch`, which, unlike `EventSource`, can send the token.
enum UIPages {
    /// Where the page is.
    static let path = "/ui/"

    /// The page's policy: its own inline style and script, requests to this server only,
    /// nothing framed or framing it.
    static let contentSecurityPolicy = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
        + "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// Adds `GET` and `HEAD` `/ui/` (which `/ui` answers too: the router reads a path with or
    /// without its trailing slash alike), and at `/` a `302 Found` to it, so that the server's
    /// address opened in a browser shows the page (`/` is no route of the API).
    static func add(to router: Router<BasicRequestContext>) {
        let page = ByteBuffer(bytes: PackageResources.ui_html)
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache", .contentLength: String(page.readableBytes)]
        headers[HTTPField.Name("Content-Security-Policy")!] = contentSecurityPolicy
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        let answer: @Sendable (Request, BasicRequestContext) -> Response = { [headers] request, _ in
            Response(status: .ok, headers: headers, body: request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: page))
        }
        router.get(RouterPath(path), use: answer)
        router.head(RouterPath(path), use: answer)
        let toPage: @Sendable (Request, BasicRequestContext) -> Response = { _, _ in
            Response(status: .found, headers: [.location: path, .contentLength: "0"])
        }
        router.get("/", use: toPage)
        router.head("/", use: toPage)
    }
}
