import BeckonCore
import BeckonRules
import BeckonRuntime
import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore

/// `GET /v1/subjects/{subject}/tips/{tip}`, the route hosts call most, answered as the C API's
/// `beckon_tip_status` answers: the tip found by its id's bytes in the serving configuration's
/// `TipAnswerTemplates`, decided by slot, and its answer copied from the templates with only what
/// the decision and the request change written in between; no operation report, no general
/// renderer, no `DecisionInput` for a request that gives at most `now`, `appVersion`, `locale`
/// (or `Accept-Language`) and transient parameters.
///
/// It answers exactly the bytes the general path answers (`FastPathTests` checks it over random
/// subjects, instants, transient parameters and testing overrides) and leaves to the general
/// path every request it does not decide itself: one with a body, a query member other than
/// `now`, `appVersion`, `locale`, `transient`, `showTip`, `hideTip`, `showAllTips`, `hideAllTips`, and
/// every failure (an undeclared tip, a bad instant, a store that does not answer), so that each
/// problem is the general path's own.
///
/// Over a store whose calls never wait (memory, SQLite), the request is answered on the
/// connection's event loop (`eventLoopTipStatus`, through `EventLoopTipStatus`) when nothing at
/// the edge has a say in it; otherwise the router's route takes the fast path (`fastTipStatus`).
extension ServerRoutes {
    /// The route template of tip status, as the router names it in metrics and access lines.
    static let tipStatusRoute = ServerRoute.tipStatus.path

    /// Who may ask tip status (`ServerRoute.tipStatus`), once.
    private static let tipStatusAccess = ServerRoute.tipStatus.access

    /// The literal text of the tip status path around its two parameters (`/v1/subjects/`,
    /// `/tips/`), from `ServerRoute.tipStatus`, once.
    private static let tipStatusShape: (prefix: [UInt8], middle: [UInt8]) = {
        let literals = ServerRoute.tipStatus.literals
        precondition(literals.count == 3 && literals[2].isEmpty, "tip status is read as PREFIX{subject}MIDDLE{tip}")
        return (Array(literals[0].utf8), Array(literals[1].utf8))
    }()

    /// The answer of a tip status request, or nil when the general path must answer it. A store
    /// whose calls may wait decides on the server's `storeThreads`.
    func fastTipStatus(_ request: Request, _ context: BasicRequestContext) async -> Response? {
        guard Self.hasNoBody(request.headers),
              let subject = try? Self.subject(context),
              let tip = try? Self.parameter("tip", context),
              let query = try? Self.query(request)
        else { return nil }
        // The serving runtime is held, not borrowed: the store's read may wait (a SQLite lock, a
        // PostgreSQL round trip), and a borrowed runtime would keep a reload waiting as long.
        let serving = server.runtime.serving
        return await server.storeThreads.run(for: serving.runtime.engine.store) {
            guard let answer = fastTipStatus(subject: subject, tip: tip, query: query,
                                             acceptLanguage: request.headers.value(of: .acceptLanguage), on: serving) else { return nil }
            return parts(of: answer, method: request.method, ifNoneMatch: request.headers.value(of: .ifNoneMatch)).response
        }
    }

    /// What `EventLoopTipStatus` answers on the event loop: tip status requests and OFREP
    /// evaluations, single and bulk (whose bodies it gathers up to `--max-body`).
    var eventLoopAnswerer: EventLoopTipStatus.Answerer {
        let ofrep = OFREPRoutes(server: server)
        return EventLoopTipStatus.Answerer(
            // A client that asks to be told to go on (`Expect: 100-continue`), or a body in a
            // content coding (refused by `LimitsMiddleware`), is the router's.
            takesBody: { head in head.fields.expect == nil && head.fields.contentEncoding == nil && OFREPRoutes.isEvaluation(head.path) },
            maxBodyBytes: server.edge.limits.maxBodyBytes,
            answer: { head, body in
                head.method == .get ? self.eventLoopTipStatus(head) : ofrep.eventLoopEvaluation(head, body: body, routes: self)
            })
    }

    /// The serving runtime when a request read on the event loop for a route with this `access`
    /// may be answered there: the server answers there, the request has no `Connection` header,
    /// the edge has no say in it (`EdgeOptions.passesUnchanged`) and the serving store's calls
    /// never wait; else nil.
    func eventLoopServing(_ head: EventLoopRequest, access: ServerRoute.Access) -> ReloadableRuntime.Serving? {
        guard server.tipStatusPath == .eventLoop, head.fields.connection == nil,
              server.edge.passesUnchanged(head, access: access) else { return nil }
        let serving = server.runtime.serving
        return serving.runtime.engine.store.callsMayWait ? nil : serving
    }

    /// An answer made on the event loop, counted and logged as `ObservationMiddleware` counts and
    /// logs a request on `route` that started at `start` (the fields the router's answers get on
    /// the way out are added where it is written: `AnswerParts`).
    func finishedOnEventLoop(_ answer: AnswerParts, method: HTTPRequest.Method, route: String,
                             since start: ContinuousClock.Instant) -> AnswerParts {
        server.metrics.requestStarted()
        server.observation.record(method: method.rawValue, route: route, status: answer.status.code, since: start)
        return answer
    }

    /// The answer of a tip status request decided on the event loop that read it; nil when the
    /// router must answer it: the request is not a plain `GET` of a tip's status (a body, a path
    /// of another shape or not percent-encoded UTF-8), it may not be answered on the event loop
    /// (`eventLoopServing`), or the fast path does not decide it.
    func eventLoopTipStatus(_ head: EventLoopRequest) -> AnswerParts? {
        guard head.method == .get, head.hasNoBody,
              let serving = eventLoopServing(head, access: Self.tipStatusAccess) else { return nil }
        let start = ContinuousClock.now
        guard let target = RequestTarget(head.path), target.undecodable == nil,
              let (rawSubject, rawTip) = Self.tipStatusParameters(in: target.path),
              let subject = try? Self.subject(raw: rawSubject),
              let tip = try? Self.parameter("tip", raw: rawTip),
              let answer = fastTipStatus(subject: subject, tip: tip, query: target.query,
                                         acceptLanguage: head.fields.acceptLanguage, on: serving)
        else { return nil }
        return finishedOnEventLoop(parts(of: answer, method: head.method, ifNoneMatch: head.fields.ifNoneMatch),
                                   method: head.method, route: Self.tipStatusRoute, since: start)
    }

    /// The subject and tip of a path `/v1/subjects/{subject}/tips/{tip}` as written (neither
    /// empty, nor `.` or `..`), or nil for a path of any other shape.
    static func tipStatusParameters(in path: Substring) -> (subject: String, tip: String)? {
        // Read on the path's UTF-8 bytes, with no array of segments and no substrings: a
        // `String` split walks grapheme clusters (~20 k instructions a request here), the `utf8`
        // view's generic searches ~4 k, and substrings cut and compared ~1.5 k.
        var path = path
        let shape = tipStatusShape
        let slash = UInt8(ascii: "/")
        return path.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            guard shape.prefix.withUnsafeBytes({ raw.holds($0) }),
                  let subjectEnd = bytes[shape.prefix.count...].firstIndex(of: slash),
                  shape.middle.withUnsafeBytes({ raw.holds($0, at: subjectEnd) }) else { return nil }
            let tipStart = subjectEnd + shape.middle.count
            let subject = UnsafeBufferPointer(rebasing: bytes[shape.prefix.count..<subjectEnd])
            let tip = UnsafeBufferPointer(rebasing: bytes[tipStart...])
            guard isPlainSegment(subject), isPlainSegment(tip) else { return nil }
            return (String(decoding: subject, as: UTF8.self), String(decoding: tip, as: UTF8.self))
        }
    }

    /// Whether bytes are one plain path segment: not empty, no `/`, not a dot segment (`.`, `..`).
    static func isPlainSegment(_ segment: UnsafeBufferPointer<UInt8>) -> Bool {
        !segment.isEmpty && !segment.contains(UInt8(ascii: "/"))
            && !(segment.count <= 2 && segment.allSatisfy { $0 == UInt8(ascii: ".") })
    }

    /// A tip status the fast path decided: its JSON, where its `now` member stands, and whether
    /// the tip is available.
    private typealias FastAnswer = (json: ByteBuffer, nowMember: Range<Int>, available: Bool)

    /// The parts of `answer` for a request of `method` whose `If-None-Match` is `condition`, as
    /// every answer's (`answer(_:method:ifNoneMatch:operation:positive:carriesContent:now:)`):
    /// a tip status, positive when the tip is available, carrying the tip's content.
    private func parts(of answer: FastAnswer, method: HTTPRequest.Method, ifNoneMatch condition: String?) -> AnswerParts {
        self.answer(answer.json, method: method, ifNoneMatch: condition, operation: "tip.status", positive: answer.available,
                    carriesContent: true, now: .at(answer.nowMember))
    }

    /// The JSON answer of tip `tip` for `subject`, where its `now` member stands and whether the
    /// tip is available, decided with `serving` in the languages of the query's `locale`, else of
    /// `acceptLanguage` (the header's); nil when the general path must answer (see the type's comment).
    private func fastTipStatus(subject: String, tip: String, query: [RequestTarget.Member], acceptLanguage: String?,
                               on serving: ReloadableRuntime.Serving) -> FastAnswer? {
        // The plain members are read here; a request with any other the fast path reads goes
        // through `DecisionInput`, which checks them as the general path does.
        var instant: Int64?
        var version: Version?
        var locales: [String]?
        var transients: [(name: String, text: String)] = []
        var needsInput = false
        for (name, value) in query {
            switch name {
            case "now":
                guard instant == nil, case .success(let parsed) = TimestampSyntax.parseInstant(value) else { return nil }
                instant = parsed
            case "appVersion":
                guard version == nil, let parsed = Version(value) else { return nil }
                version = parsed
            case "locale":
                guard locales == nil, let ranges = LocaleLookup.requestRanges(value) else { return nil }
                locales = ranges
            case "transient":
                guard let pair = try? DecisionInput.pair(value, "transient", "NAME") else { return nil }
                transients.append(pair)
            case "showTip", "hideTip", "showAllTips", "hideAllTips":
                needsInput = true
            default:
                return nil
            }
        }

        let engine = serving.runtime.engine
        var decisionRequest: DecisionRequest
        if needsInput {
            guard var input = try? DecisionInput(query: query, body: nil, operation: "tip.status") else { return nil }
            input.acceptLanguage = acceptLanguage
            guard let built = try? input.request(subject: subject, on: serving.runtime, wallClock: server.wallClock()) else { return nil }
            decisionRequest = built
        } else {
            decisionRequest = DecisionRequest(subject: subject, now: instant ?? server.wallClock(), appVersion: version,
                                              locales: locales ?? LocaleLookup.rangesOrDefault(acceptLanguage))
            // Checked and typed by the runtime, as `DecisionInput` has them checked; a refusal is
            // the general path's to report.
            if !transients.isEmpty {
                guard let values = try? serving.runtime.transientParameters(transients) else { return nil }
                decisionRequest.transientParameters = values
            }
        }

        // A declared id's bytes find its slot with no lookup by string; any other id is looked
        // up as the engine looks it up, and answered as given.
        let templates = serving.tipAnswers
        var id = tip
        let found = id.withUTF8 { templates.slot(ofID: UnsafeRawBufferPointer($0)) }
        let slot: Int
        if let found {
            slot = found
        } else {
            guard let looked = try? engine.tipSlot(of: tip) else { return nil }
            slot = looked
        }
        guard let decision = try? engine.tipStatus(slot: slot, decisionRequest) else { return nil }
        let (json, nowMember) = templates.withStatusJSONText(slot: slot, id: found == nil ? tip : nil, decision,
                                                             subject: decisionRequest.subject, now: decisionRequest.now) {
            (ByteBuffer(bytes: $0), $1)
        }
        return (json, nowMember, decision.status == .available)
    }

    /// Whether the headers say the request has no body (`EventLoopRequest.hasNoBody`).
    static func hasNoBody(_ headers: HTTPFields) -> Bool {
        EventLoopRequest.hasNoBody(contentLength: headers.value(of: .contentLength), transferEncoding: headers.value(of: .transferEncoding))
    }
}
