import HTTPTypes

/// One route of `beckon serve`, and `table`, where every route is declared once: its method,
/// its path (as the OpenAPI document writes it, `{name}` for a path parameter), what answers it,
/// who may ask it, and its `operationId` in the OpenAPI document (`openapi.yaml`), whose summary
/// says what it does and which CLI command it mirrors.
///
/// Derived from the table, never restated: the router's routes (`ServerRoutes.add(to:)`, a
/// `HEAD` beside every `GET` but a stream's), the `Allow` header of 405 and `OPTIONS`
/// (`NoRouteMiddleware`, from the router), the scope each request needs (`AccessControl`), the
/// methods CORS allows (`CORSMiddleware`), the operations a batch may name
/// (`ServerOperation.all`), the path shapes answered on the event loop (`TipStatusFastPath`,
/// `OFREPEventLoop`) and the routes the OpenAPI document must describe (`OpenAPIDocument.routes`).
/// `RouteTableTests` checks that each entry is routed, access-checked, CORS-listed and documented.
struct ServerRoute: Sendable {
    /// What answers a route.
    enum Handler: Sendable, Equatable {
        /// The `ServerOperation` of this name, about the path's parameter other than the subject,
        /// if it has one.
        case operation(String)
        /// `tip.status`, by the fast path where it can (`TipStatusFastPath`).
        case tipStatus
        /// Several operations in one request (`BatchRoute`).
        case batch
        /// The subject's change stream (`ChangeStreamRoute`), which answers no `HEAD`.
        case changes
        /// `/healthz`: the process is alive.
        case health
        /// `/readyz`: the store answers.
        case readiness
        /// `/v1/config`, `/metrics` (`OperatorRoutes`).
        case configuration, metrics
        /// The OpenAPI document (`OpenAPIDocument`).
        case openAPI
        /// OFREP's single and bulk evaluations (`OFREPRoutes`).
        case ofrepFlag, ofrepFlags
        /// A page of stored subjects, a subject's data exported, imported, erased
        /// (`SubjectDataRoutes`).
        case subjects, exportData, importData, eraseData
    }

    /// Who may ask a route when tokens are configured (`AccessControl`).
    enum Access: Sendable, Equatable {
        /// Anyone, with no token.
        case open
        /// A `read` or `write` token.
        case read
        /// A `write` token.
        case write
        /// A `read` token when every operation of the batch only reads, else a `write` token.
        case batch
    }

    let method: HTTPRequest.Method
    /// The path, `{name}` for a parameter.
    let path: String
    let handler: Handler
    let access: Access
    /// The route's `operationId` in the OpenAPI document.
    let operationID: String

    init(_ method: HTTPRequest.Method, _ path: String, _ handler: Handler, _ access: Access, _ operationID: String) {
        self.method = method
        self.path = path
        self.handler = handler
        self.access = access
        self.operationID = operationID
    }

    /// Every route of the server; an operation's routes come in the order `ServerOperation.all`
    /// lists the operations (and its problems name them).
    static let table: [ServerRoute] = [
        tipStatus,
        ServerRoute(.post, subject + "/tips/{tip}/display", .operation("tip.display"), .write, "tipDisplay"),
        ServerRoute(.post, subject + "/tips/{tip}/shown", .operation("tip.shown"), .write, "tipShown"),
        ServerRoute(.post, subject + "/tips/{tip}/invalidate", .operation("tip.invalidate"), .write, "tipInvalidate"),
        ServerRoute(.post, subject + "/tips/{tip}/reset", .operation("tip.reset"), .write, "tipReset"),
        ServerRoute(.get, subject + "/tips/{tip}/explanation", .operation("explain.tip"), .read, "explainTip"),
        ServerRoute(.get, subject + "/groups/{group}", .operation("group.current"), .read, "groupCurrent"),
        ServerRoute(.post, subject + "/events/{event}/donate", .operation("donate"), .write, "donate"),
        ServerRoute(.get, subject + "/scenarios/{scenario}", .operation("scenario.status"), .read, "scenarioStatus"),
        ServerRoute(.post, subject + "/scenarios/{scenario}/try", .operation("scenario.try"), .write, "scenarioTry"),
        ServerRoute(.post, subject + "/scenarios/{scenario}/trigger", .operation("scenario.trigger"), .write, "scenarioTrigger"),
        ServerRoute(.post, subject + "/scenarios/{scenario}/reset", .operation("scenario.reset"), .write, "scenarioReset"),
        ServerRoute(.get, subject + "/scenarios/{scenario}/explanation", .operation("explain.scenario"), .read, "explainScenario"),
        // `whatsnew next` records the version as seen, so it is a POST.
        ServerRoute(.post, subject + "/whatsnew/next", .operation("whatsNew.next"), .write, "whatsNewNext"),
        ServerRoute(.post, subject + "/whatsnew/present", .operation("whatsNew.present"), .write, "whatsNewPresent"),
        ServerRoute(.post, subject + "/whatsnew/{version}/mark", .operation("whatsNew.mark"), .write, "whatsNewMark"),
        ServerRoute(.post, subject + "/whatsnew/{version}/unmark", .operation("whatsNew.unmark"), .write, "whatsNewUnmark"),
        ServerRoute(.post, subject + "/whatsnew/unmark", .operation("whatsNew.unmark"), .write, "whatsNewUnmarkAll"),
        ServerRoute(.get, subject + "/parameters/{name}", .operation("param.get"), .read, "parameterGet"),
        ServerRoute(.put, subject + "/parameters/{name}", .operation("param.set"), .write, "parameterSet"),
        ServerRoute(.get, subject, .operation("status"), .read, "status"),
        ServerRoute(.delete, subject, .operation("reset"), .write, "resetAll"),
        // A subject's data as a whole is personal data: reading it needs a write token too.
        ServerRoute(.get, "/v1/subjects", .subjects, .write, "subjects"),
        ServerRoute(.get, subject + "/data", .exportData, .write, "exportData"),
        ServerRoute(.put, subject + "/data", .importData, .write, "importData"),
        ServerRoute(.delete, subject + "/data", .eraseData, .write, "eraseData"),
        ServerRoute(.post, subject + "/batch", .batch, .batch, "batch"),
        ServerRoute(.get, subject + "/changes", .changes, .read, "changes"),
        ServerRoute(.get, "/v1/config", .configuration, .read, "config"),
        ServerRoute(.get, "/healthz", .health, .open, "healthz"),
        ServerRoute(.get, "/readyz", .readiness, .open, "readyz"),
        ServerRoute(.get, "/metrics", .metrics, .open, "metrics"),
        ServerRoute(.get, "/openapi.yaml", .openAPI, .open, "openapi"),
        ofrepFlag,
        ofrepFlags,
    ]

    /// The path every subject's route starts with.
    private static let subject = "/v1/subjects/{subject}"

    /// The route hosts call most, answered on the event loop where it can (`TipStatusFastPath`).
    static let tipStatus = ServerRoute(.get, subject + "/tips/{tip}", .tipStatus, .read, "tipStatus")

    /// OFREP's single evaluation, answered on the event loop where it can (`OFREPEventLoop`).
    static let ofrepFlag = ServerRoute(.post, "/ofrep/v1/evaluate/flags/{key}", .ofrepFlag, .read, "ofrepEvaluateFlag")

    /// OFREP's bulk evaluation, answered on the event loop where it can (`OFREPEventLoop`).
    static let ofrepFlags = ServerRoute(.post, "/ofrep/v1/evaluate/flags", .ofrepFlags, .read, "ofrepEvaluateFlags")

    /// The `ServerOperation` the route answers, if it answers one.
    var operation: String? {
        switch handler {
        case .operation(let name): name
        case .tipStatus: "tip.status"
        default: nil
        }
    }

    /// The name of the path's parameter other than the subject (the operation's id), if any.
    var idParameter: String? {
        segments.compactMap(Self.parameterName).last { $0 != "subject" }.map(String.init)
    }

    /// Whether the route also answers `HEAD` (RFC 9110 §9.3.2): every `GET` but a stream's.
    var answersHead: Bool { method == .get && handler != .changes }

    /// The path's segments (without the empty one before the first `/`).
    var segments: [Substring] { path.split(separator: "/") }

    /// The parameter's name when `segment` is one (`{name}`), else nil.
    static func parameterName(_ segment: Substring) -> Substring? {
        segment.first == "{" && segment.last == "}" ? segment.dropFirst().dropLast() : nil
    }

    /// The path's literal text before its first parameter, between parameters, and after the
    /// last (`/v1/subjects/`, `/tips/`, `` for tip status): what a hand-written path reader
    /// checks a path against.
    var literals: [String] {
        var pieces = [""]
        for segment in segments {
            if Self.parameterName(segment) != nil {
                pieces[pieces.count - 1] += "/"
                pieces.append("")
            } else {
                pieces[pieces.count - 1] += "/" + segment
            }
        }
        return pieces
    }

    /// The methods the routes answer, in the order they first appear (`HEAD` after `GET`), and
    /// `OPTIONS`, which `NoRouteMiddleware` answers for every path that has routes.
    static let methods: [HTTPRequest.Method] = {
        var methods: [HTTPRequest.Method] = []
        for route in table where !methods.contains(route.method) {
            methods.append(route.method)
            if route.answersHead, !methods.contains(.head) { methods.append(.head) }
        }
        return methods + [.options]
    }()
}
