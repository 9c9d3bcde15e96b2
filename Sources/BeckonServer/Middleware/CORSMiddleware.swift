import HTTPTypes
import Hummingbird
import NIOCore

/// Cross-origin requests from browsers, off unless origins are configured (`--cors-origin`):
/// a request whose `Origin` is one of them (or any, with `*`) gets Hummingbird's CORS headers,
/// and its preflight (`OPTIONS` with `Origin`) is answered here, 200 without a token; a request
/// from another origin gets no CORS header (the browser refuses it).
struct CORSMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    /// The methods the API uses: its routes' (`ServerRoute.methods`).
    static let methods = ServerRoute.methods
    /// The request headers the API reads.
    static let headers: [HTTPField.Name] = [.accept, .acceptLanguage, .authorization, .contentType, .ifNoneMatch, .lastEventID]
    /// The answer headers a browser script may read.
    static let exposed = ["ETag", "WWW-Authenticate", "Content-Type"]

    let origins: Set<String>
    /// Hummingbird's, which this one shares its name with.
    private let cors: Hummingbird.CORSMiddleware<Context>

    /// A policy for these origins (`*` for any).
    init(origins: [String]) {
        self.origins = Set(origins)
        cors = Hummingbird.CORSMiddleware(
            allowOrigin: self.origins.contains("*") ? .all : .originBased,
            allowHeaders: Self.headers, allowMethods: Self.methods,
            exposedHeaders: Self.exposed, maxAge: .seconds(600))
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard Self.applies(origin: request.headers.value(of: .origin), origins: origins) else { return try await next(request, context) }
        return try await cors.handle(request, context: context, next: next)
    }

    /// Whether a request with this `Origin` gets CORS headers (or a preflight's answer) from
    /// these origins: only then does this middleware change what the request is answered.
    static func applies(origin: String?, origins: some Collection<String>) -> Bool {
        guard !origins.isEmpty, let origin else { return false }
        return origins.contains("*") || origins.contains(origin)
    }
}

extension HTTPField.Name {
    /// `Last-Event-ID`, with which a Server-Sent Events client resumes.
    static var lastEventID: Self { Self("Last-Event-ID")! }
}
