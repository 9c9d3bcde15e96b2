import BeckonConfig
import BeckonCore
import BeckonRules
import BeckonRuntime
import Hummingbird
import NIOCore


/// The routes of `beckon serve`, each one CLI operation (`{s}` is `/v1/subjects/{subject}`):
///
/// | method and path                        | CLI                                   |
/// |----------------------------------------|---------------------------------------|
/// | `GET    {s}/tips/{tip}`                | `beckon tip status TIP`               |
/// | `POST   {s}/tips/{tip}/display`        | `beckon tip display TIP`              |
/// | `POST   {s}/tips/{tip}/shown?for=45s`  | `beckon tip shown TIP --for 45s`      |
/// | `POST   {s}/tips/{tip}/invalidate`     | `beckon tip invalidate TIP --reason R`|
/// | `POST   {s}/tips/{tip}/reset`          | `beckon tip reset TIP`                |
/// | `GET    {s}/tips/{tip}/explanation`    | `beckon explain tip TIP`              |
/// | `GET    {s}/groups/{group}`            | `beckon group current GROUP`          |
/// | `POST   {s}/events/{event}/donate`     | `beckon event donate EVENT`           |
/// | `GET    {s}/scenarios/{id}`            | `beckon scenario status ID`           |
/// | `POST   {s}/scenarios/{id}/try`        | `beckon scenario try ID`              |
/// | `POST   {s}/scenarios/{id}/trigger`    | `beckon scenario trigger ID`          |
/// | `POST   {s}/scenarios/{id}/reset`      | `beckon scenario reset ID`            |
/// | `GET    {s}/scenarios/{id}/explanation`| `beckon explain scenario ID`          |
/// | `POST   {s}/whatsnew/next`             | `beckon whatsnew next`                |
/// | `POST   {s}/whatsnew/present`          | `beckon whatsnew present`             |
/// | `POST   {s}/whatsnew/{version}/mark`   | `beckon whatsnew mark VERSION`        |
/// | `POST   {s}/whatsnew/{version}/unmark` | `beckon whatsnew unmark VERSION`      |
/// | `POST   {s}/whatsnew/unmark`           | `beckon whatsnew unmark --all`        |
/// | `GET    {s}/parameters/{name}`         | `beckon param get NAME`               |
/// | `PUT    {s}/parameters/{name}`         | `beckon param set NAME VALUE`         |
/// | `GET    {s}` (`?tip=ID`…)              | `beckon status` (`--tip ID`…)         |
/// | `DELETE {s}`                           | `beckon reset --all`                  |
/// | `POST   {s}/batch`                     | several of these (`BatchRoute`)       |
/// | `GET    {s}/changes`                   | change notifications (`ChangeStreamRoute`) |
/// | `GET    /healthz`, `GET /readyz`       |                                       |
/// | `POST   /ofrep/v1/evaluate/flags[/{key}]` | OpenFeature's OFREP (`OFREPRoutes`) |
///
/// An answer is the JSON `--json` prints for the same operation, request and instant, with
/// status 200 whether the answer is positive or negative (the CLI's exit 0 or 1); a failure is a
/// `Problem`. The request's options (`now`, transient parameters, …) are `DecisionInput`'s; each
/// route's operation is built by `ServerOperation`, as a batch's are. A subject longer than
/// `subjectLimit` UTF-8 bytes is a `subject_too_long` problem. Every GET route but `changes`
/// also answers HEAD (`getAndHead`). The answers of GET and HEAD routes carry an `ETag`
/// (`AnswerETag`). (`whatsnew next` records the version as seen, so it is a POST.)
struct ServerRoutes: Sendable {
    let server: BeckonServer

    /// The most UTF-8 bytes a subject (percent-decoded) may have: longer is `subject_too_long`.
    static let subjectLimit = 256

    func add(to router: Router<BasicRequestContext>) {
        router.getAndHead("/healthz") { _, _ in Self.json(.ok, JSONValue.object(["status": .string("ok")])) }
        router.getAndHead("/readyz") { _, _ in
            await self.server.storeThreads.run(for: self.server.runtime.serving.runtime.engine.store) { self.readiness() }
        }
        let subject = router.group("/v1/subjects/:subject")
        subject.getAndHead("/tips/:tip") { request, context in
            if self.server.tipStatusPath != .general, let response = await self.fastTipStatus(request, context) { return response }
            return await self.answer(request, context) { runtime, input throws(Problem) in
                try ServerOperation.action("tip.status", id: try Self.parameter("tip", context), input: input, runtime: runtime)
            }
        }
        route(subject.post, "/tips/:tip/display", "tip.display", id: "tip")
        route(subject.post, "/tips/:tip/shown", "tip.shown", id: "tip")
        route(subject.post, "/tips/:tip/invalidate", "tip.invalidate", id: "tip")
        route(subject.post, "/tips/:tip/reset", "tip.reset", id: "tip")
        route(subject.getAndHead, "/tips/:tip/explanation", "explain.tip", id: "tip")
        route(subject.getAndHead, "/groups/:group", "group.current", id: "group")
        route(subject.post, "/events/:event/donate", "donate", id: "event")
        route(subject.getAndHead, "/scenarios/:scenario", "scenario.status", id: "scenario")
        route(subject.post, "/scenarios/:scenario/try", "scenario.try", id: "scenario")
        route(subject.post, "/scenarios/:scenario/trigger", "scenario.trigger", id: "scenario")
        route(subject.post, "/scenarios/:scenario/reset", "scenario.reset", id: "scenario")
        route(subject.getAndHead, "/scenarios/:scenario/explanation", "explain.scenario", id: "scenario")
        route(subject.post, "/whatsnew/next", "whatsNew.next")
        route(subject.post, "/whatsnew/present", "whatsNew.present")
        route(subject.post, "/whatsnew/:version/mark", "whatsNew.mark", id: "version")
        route(subject.post, "/whatsnew/:version/unmark", "whatsNew.unmark", id: "version")
        route(subject.post, "/whatsnew/unmark", "whatsNew.unmark")
        route(subject.getAndHead, "/parameters/:name", "param.get", id: "name")
        route(subject.put, "/parameters/:name", "param.set", id: "name")
        route(subject.getAndHead, "", "status")
        route(subject.delete, "", "reset")
        subject.post("/batch") { request, context in await BatchRoute(server: self.server).answer(request, context) }
        subject.get("/changes") { request, context in ChangeStreamRoute(server: self.server).stream(request, context) }
        OFREPRoutes(server: server).add(to: router)
    }

    /// Adds a route answering the operation `name` (a `ServerOperation`) about the path
    /// parameter `idParameter`, if it has one.
    private func route(
        _ method: (RouterPath, @escaping @Sendable (Request, BasicRequestContext) async throws -> Response) -> RouterGroup<BasicRequestContext>,
        _ path: RouterPath,
        _ name: String, id idParameter: String? = nil
    ) {
        _ = method(path) { request, context in
            await self.answer(request, context) { runtime, input throws(Problem) in
                let id = try idParameter.map { parameter throws(Problem) in try Self.parameter(parameter, context) }
                return try ServerOperation.action(name, id: id, input: input, runtime: runtime)
            }
        }
    }

    /// What builds a route's operation from the runtime and the request's input.
    typealias ActionMaker = @Sendable (Runtime, DecisionInput) throws(Problem) -> ServerOperation.Action

    /// Runs one operation for the request's subject and answers with its JSON, or a problem.
    /// The runtime is read once: the whole request decides with one configuration. A store
    /// whose calls may wait decides on the server's `storeThreads`.
    private func answer(_ request: Request, _ context: BasicRequestContext, _ makeAction: @escaping ActionMaker) async -> Response {
        var request = request
        let body: ByteBuffer
        do {
            body = try await Self.body(of: &request, limit: server.edge.limits.maxBodyBytes)
        } catch {
            return Self.problem(error)
        }
        let serving = server.runtime.serving
        return await server.storeThreads.run(for: serving.runtime.engine.store) { [request] in
            self.decide(request, context, body: body, on: serving.runtime, makeAction)
        }
    }

    /// `answer`'s decision, once the body is read.
    private func decide(_ request: Request, _ context: BasicRequestContext, body: ByteBuffer, on runtime: Runtime,
                        _ makeAction: ActionMaker) -> Response {
        do throws(Problem) {
            let subject = try Self.subject(context)
            let query = request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
            let input = try DecisionInput(query: query, body: body.readableBytes == 0 ? nil : Array(body.readableBytesView))
            let decisionRequest = try input.request(subject: subject, on: runtime, wallClock: server.wallClock())
            let action = try makeAction(runtime, input)
            let watching = server.changeNotifier.isWatched(subject)
            let answer = try ServerOperation.perform(action, decisionRequest, on: runtime, reportingChanges: input.changes, watching: watching)
            if watching, answer.records { server.changeNotifier.publishWrites([answer], subject: subject, server: server) }
            return respond(answer.json, to: request, operation: answer.operation, positive: answer.positive)
        } catch {
            return Self.problem(error)
        }
    }

    /// The request's body, at most `limit` bytes (`--max-body`; else a `too_large` problem).
    static func body(of request: inout Request, limit: Int) async throws(Problem) -> ByteBuffer {
        do {
            return try await request.collectBody(upTo: limit)
        } catch {
            if error is NIOTooManyBytesError || (error as? HTTPError)?.status == .contentTooLarge {
                throw Problem(.tooLarge, "the body is larger than \(limit) bytes")
            }
            throw Problem(.usage, "the body could not be read: \(error)")
        }
    }

    /// The response of every answer (200, `application/json`), whichever path built it: the
    /// one place where what all answers share (ETag, metrics of decisions by operation and
    /// outcome) is added. `operation` is the answer's operation name (`tip.status`, `donate`,
    /// `param.get`, `status`, …); `positive` whether the answer is positive (the CLI's exit 0
    /// rather than 1), nil for an overview.
    ///
    /// The answers of GET and HEAD routes carry an `ETag` (`AnswerETag`), and a request whose
    /// `If-None-Match` names it gets 304 with no body.
    func respond(_ buffer: ByteBuffer, to request: Request, operation: String, positive: Bool?) -> Response {
        server.metrics.recordDecision(operation: operation, positive: positive)
        guard request.method == .get || request.method == .head else {
            return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: buffer))
        }
        let tag = AnswerETag(of: buffer)
        if let condition = request.headers[.ifNoneMatch], tag.isMatched(by: condition) {
            return Response(status: .notModified, headers: [.eTag: tag.header])
        }
        return Response(status: .ok, headers: [.contentType: "application/json", .eTag: tag.header], body: ResponseBody(byteBuffer: buffer))
    }

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

    /// The request's subject: the path's, percent-decoded, at most `subjectLimit` UTF-8 bytes.
    static func subject(_ context: BasicRequestContext) throws(Problem) -> String {
        try subject(raw: context.parameters.get("subject"))
    }

    /// A subject as written in the path (`raw`), checked as `subject(_:)` checks it.
    static func subject(raw: String?) throws(Problem) -> String {
        let subject = try parameter("subject", raw: raw)
        guard subject.utf8.count <= subjectLimit else {
            throw Problem(.subjectTooLong, "the subject has \(subject.utf8.count) UTF-8 bytes; at most \(subjectLimit) are accepted")
        }
        return subject
    }

    /// `text` with each `%XX` replaced by its byte, or nil when an escape is cut short, not hex,
    /// or the bytes are not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
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
