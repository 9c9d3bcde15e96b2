import BeckonConfig
import BeckonCore
import BeckonRules
import BeckonRuntime
import HTTPTypes
import Hummingbird
import NIOCore

/// The routes of `beckon serve`, each declared once in `ServerRoute.table` (method, path, what
/// answers it, who may ask it, and its `operationId` in the OpenAPI document, whose summary
/// names the CLI command an operation's route mirrors) and registered here from it.
///
/// An answer is the JSON `--json` prints for the same operation, request and instant, with
/// status 200 whether the answer is positive or negative (the CLI's exit 0 or 1); a failure is a
/// `Problem`. The request's options (`now`, transient parameters, …) are `DecisionInput`'s; each
/// route's operation is built by `ServerOperation`, as a batch's are. A subject longer than
/// `SubjectID.maximumBytes` UTF-8 bytes is a `subject_too_long` problem. Every GET route but `changes`
/// also answers HEAD (`ServerRoute.answersHead`). The answers of GET and HEAD routes carry an
/// `ETag` (`AnswerETag`), but a subject's data (`SubjectDataRoutes`), which no cache keeps.
struct ServerRoutes: Sendable {
    let server: BeckonServer

    /// What answers a request to a route.
    typealias Responder = @Sendable (Request, BasicRequestContext) async throws -> Response

    /// Adds every route of `ServerRoute.table`, and `HEAD` beside those that answer it.
    func add(to router: Router<BasicRequestContext>) {
        for route in ServerRoute.table {
            let responder = responder(of: route)
            router.on(RouterPath(route.path), method: route.method, use: responder)
            if route.answersHead { router.on(RouterPath(route.path), method: .head, use: Self.head(of: responder)) }
        }
    }

    /// What answers `route`.
    private func responder(of route: ServerRoute) -> Responder {
        switch route.handler {
        case .operation(let name):
            return operation(name, id: route.idParameter)
        case .tipStatus:
            let general = operation("tip.status", id: route.idParameter)
            return { request, context in
                if self.server.tipStatusPath != .general, let response = await self.fastTipStatus(request, context) { return response }
                return try await general(request, context)
            }
        case .batch:
            return { request, context in await BatchRoute(server: self.server).answer(request, context) }
        case .changes:
            return { request, context in ChangeStreamRoute(server: self.server).stream(request, context) }
        case .health:
            return { _, _ in Self.json(.ok, JSONValue.object(["status": .string("ok")])) }
        case .readiness:
            return { _, _ in
                await self.server.storeThreads.run(for: self.server.runtime.serving.runtime.engine.store) { self.readiness() }
            }
        case .configuration:
            return { _, _ in OperatorRoutes(server: self.server).configuration() }
        case .metrics:
            return { _, _ in OperatorRoutes(server: self.server).metrics() }
        case .openAPI:
            let withTokens = server.edge.access != nil
            return { _, _ in OpenAPIDocument.response(withTokens: withTokens) }
        case .ofrepFlag:
            let ofrep = OFREPRoutes(server: server)
            return { request, context in await ofrep.evaluate(request, context) }
        case .ofrepFlags:
            let ofrep = OFREPRoutes(server: server)
            return { request, _ in await ofrep.evaluateAll(request) }
        case .subjects:
            return { request, _ in await SubjectDataRoutes(server: self.server).subjects(request) }
        case .exportData:
            return { request, context in await SubjectDataRoutes(server: self.server).export(request, context) }
        case .importData:
            return { request, context in await SubjectDataRoutes(server: self.server).importData(request, context) }
        case .eraseData:
            return { request, context in await SubjectDataRoutes(server: self.server).erase(request, context) }
        }
    }

    /// What answers the operation `name` (a `ServerOperation`) about the path parameter
    /// `idParameter`, if it has one.
    private func operation(_ name: String, id idParameter: String?) -> Responder {
        { request, context in
            await self.answer(request, context, operation: name) { runtime, input throws(Problem) in
                let id = try idParameter.map { parameter throws(Problem) in try Self.parameter(parameter, context) }
                return try ServerOperation.action(name, id: id, input: input, runtime: runtime)
            }
        }
    }

    /// `responder` for `HEAD`: the same status and headers (`Content-Length` and `ETag`
    /// included) and no body (RFC 9110 §9.3.2).
    private static func head(of responder: @escaping Responder) -> Responder {
        { request, context in
            var response = try await responder(request, context)
            let length = response.headers.value(of: .contentLength)
            response.body = ResponseBody()
            response.headers[.contentLength] = length
            return response
        }
    }

    /// What builds a route's operation from the runtime and the request's input.
    typealias ActionMaker = @Sendable (Runtime, DecisionInput) throws(Problem) -> ServerOperation.Action

    /// Runs the operation `name` for the request's subject and answers with its JSON, or a problem.
    private func answer(_ request: Request, _ context: BasicRequestContext, operation name: String,
                        _ makeAction: @escaping ActionMaker) async -> Response {
        await decidingWithBody(request) { body, serving in
            self.decide(request, context, operation: name, body: body, on: serving.runtime, makeAction)
        }
    }

    /// Reads the request's body (at most `--max-body`; a body that cannot be read is answered
    /// with its problem), then answers with `decide` on the serving runtime. The runtime is read
    /// once: the whole request decides with one configuration. A store whose calls may wait
    /// decides on the server's `storeThreads`.
    func decidingWithBody(_ request: Request,
                          _ decide: @escaping @Sendable (ByteBuffer, ReloadableRuntime.Serving) -> Response) async -> Response {
        let body: ByteBuffer
        do {
            body = try await LimitsMiddleware.collect(request.body, upTo: server.edge.limits.maxBodyBytes)
        } catch {
            return Self.problem(error)
        }
        let serving = server.runtime.serving
        return await server.storeThreads.run(for: serving.runtime.engine.store) { decide(body, serving) }
    }

    /// `answer`'s decision, once the body is read.
    private func decide(_ request: Request, _ context: BasicRequestContext, operation name: String, body: ByteBuffer, on runtime: Runtime,
                        _ makeAction: ActionMaker) -> Response {
        do throws(Problem) {
            let subject = try Self.subject(context)
            var input = try DecisionInput(query: try Self.query(request), body: body.readableBytes == 0 ? nil : Array(body.readableBytesView),
                                          operation: name)
            input.acceptLanguage = request.headers.value(of: .acceptLanguage)
            let decisionRequest = try input.request(subject: subject, on: runtime, wallClock: server.wallClock())
            let action = try makeAction(runtime, input)
            let watching = server.changeNotifier.isWatched(subject)
            let answer = try ServerOperation.perform(action, decisionRequest, on: runtime, reportingChanges: input.changes, watching: watching)
            if watching, answer.records { server.changeNotifier.publishWrites([answer], subject: subject, server: server) }
            return respond(answer.json, to: request, operation: answer.operation, positive: answer.positive,
                           carriesContent: answer.carriesContent)
        } catch {
            return Self.problem(error)
        }
    }

    /// The response of every answer (200, `application/json`), whichever path built it: the
    /// one place where what all answers share (ETag, metrics of decisions by operation and
    /// outcome) is added. `operation` is the answer's operation name (`tip.status`, `donate`,
    /// `param.get`, `status`, …); `positive` whether the answer is positive (the CLI's exit 0
    /// rather than 1), nil for an overview.
    ///
    /// The answers of GET and HEAD routes carry an `ETag` (`AnswerETag`), and a request whose
    /// `If-None-Match` names it gets 304 with no body. Answers that carry content in the
    /// request's locale (`carriesContent`) say `Vary: Accept-Language`, on a 304 too (RFC 9110
    /// §15.4.5). `now` is where the answer's `now` member stands, when its writer knows
    /// (`AnswerETag.NowMember`).
    func respond(_ buffer: ByteBuffer, to request: Request, operation: String, positive: Bool?, carriesContent: Bool,
                 now: AnswerETag.NowMember = .unknown) -> Response {
        answer(buffer, method: request.method, ifNoneMatch: request.headers.value(of: .ifNoneMatch), operation: operation, positive: positive,
               carriesContent: carriesContent, now: now).response
    }

    /// `respond(_:to:operation:positive:carriesContent:now:)`'s answer for a request of `method` whose
    /// `If-None-Match` is `condition`, in parts (for the event loop).
    func answer(_ buffer: ByteBuffer, method: HTTPRequest.Method, ifNoneMatch condition: String?, operation: String,
                positive: Bool?, carriesContent: Bool, now: AnswerETag.NowMember = .unknown) -> AnswerParts {
        server.metrics.recordDecision(operation: operation, positive: positive)
        // An answer with content depends on `Accept-Language` (when no `locale` is given), so a
        // cache must key it by that header too; its `locale` member makes the ETag differ.
        guard method == .get || method == .head else {
            return AnswerParts(status: .ok, isJSON: true, variesByLanguage: carriesContent, body: buffer)
        }
        let tag = AnswerETag(of: buffer, now: now)
        if let condition, tag.isMatched(by: condition) {
            return AnswerParts(status: .notModified, isJSON: false, eTag: tag, variesByLanguage: carriesContent)
        }
        return AnswerParts(status: .ok, isJSON: true, eTag: tag, variesByLanguage: carriesContent, body: buffer)
    }

    /// `Server: beckon/VERSION`, checked once.
    static let serverField = HTTPField(name: .server, value: BeckonServer.serverName)

    /// 200 when the serving configuration's store answers a read, else a problem (503).
    private func readiness() -> Response {
        let runtime = server.runtime.serving.runtime
        do {
            _ = try runtime.engine.store.load(subject: "")
        } catch {
            return Self.problem(Problem(.unavailable, "store unavailable: \(error.message)"))
        }
        return Self.json(.ok, .object(["status": .string("ready")]))
    }

    /// A path parameter, percent-decoded (a subject `ada%20lovelace` is `ada lovelace`, one
    /// with `%2F` holds a `/`); the router matched it, so it is there.
    static func parameter(_ name: String, _ context: BasicRequestContext) throws(Problem) -> String {
        try parameter(name, raw: context.parameters.get(name))
    }

    /// Path parameter `name` as written in the path (`raw`), percent-decoded: a `usage` problem
    /// when it is missing, empty, or not percent-encoded UTF-8.
    static func parameter(_ name: String, raw: String?) throws(Problem) -> String {
        guard let raw, !raw.isEmpty else { throw Problem(.usage, "the path has no \(name)") }
        guard let value = percentDecoded(raw), !value.isEmpty else {
            throw Problem(.usage, "the path's \(name) '\(raw)' is not percent-encoded UTF-8")
        }
        return value
    }

    /// The request's query members: names as written, values percent-decoded, as Hummingbird's
    /// `URI` reads them (`RequestTarget`); a `usage` problem when a value's escapes decode to
    /// bytes that are not UTF-8, which `URI` would turn into U+FFFD (and a parameter be stored so).
    static func query(_ request: Request) throws(Problem) -> [RequestTarget.Member] {
        guard let path = request.head.path, let target = RequestTarget(path) else {
            return request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
        }
        if let name = target.undecodable {
            throw Problem(.usage, "the query member '\(name)' is not percent-encoded UTF-8")
        }
        return target.query
    }

    /// The request's subject: the path's, percent-decoded, at most `SubjectID.maximumBytes` UTF-8 bytes.
    static func subject(_ context: BasicRequestContext) throws(Problem) -> String {
        try subject(raw: context.parameters.get("subject"))
    }

    /// A subject as written in the path (`raw`), checked as `subject(_:)` checks it.
    static func subject(raw: String?) throws(Problem) -> String {
        let subject = try parameter("subject", raw: raw)
        if let problem = SubjectID.lengthProblem(subject) { throw Problem(.subjectTooLong, problem) }
        return subject
    }

    /// `text` with each `%XX` replaced by its byte, or nil when an escape is cut short, not hex,
    /// or the bytes are not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        // Looked for in the contiguous bytes: the `utf8` view's generic search costs ~25
        // instructions a byte, twice on every tip status (`Benchmarks/serve/instructions.sh`).
        let percent = UInt8(ascii: "%")
        guard text.utf8.withContiguousStorageIfAvailable({ $0.contains(percent) }) ?? text.utf8.contains(percent) else { return text }
        return percentDecodedBytes(text[...].utf8).flatMap { String(validating: $0, as: UTF8.self) }
    }

    /// The bytes of `text` with each `%XX` replaced by its byte, or nil when an escape is cut
    /// short or not hex.
    static func percentDecodedBytes(_ text: some Collection<UInt8>) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var iterator = text.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// The value of one hexadecimal digit (a percent-encoded byte's, a JSON `\u` escape's).
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A JSON answer.
    static func json(_ status: HTTPResponse.Status, _ value: JSONValue, contentType: String = "application/json") -> Response {
        Response(status: status, headers: [.contentType: contentType], body: ResponseBody(byteBuffer: ByteBuffer(string: value.text)))
    }

    /// A problem's answer: its status, `application/problem+json`.
    static func problem(_ problem: Problem) -> Response {
        json(HTTPResponse.Status(code: problem.httpStatus), problem.json, contentType: "application/problem+json")
    }
}
