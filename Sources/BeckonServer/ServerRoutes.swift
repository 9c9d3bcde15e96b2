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
/// | `GET    /healthz`, `GET /readyz`       |                                       |
///
/// An answer is the JSON `--json` prints for the same operation, request and instant, with
/// status 200 whether the answer is positive or negative (the CLI's exit 0 or 1); a failure is a
/// `Problem`. The request's options (`now`, transient parameters, …) are `DecisionInput`'s.
/// (`whatsnew next` records the version as seen, so it is a POST.)
struct ServerRoutes: Sendable {
    let server: BeckonServer

    /// The most a request body may hold: the options of one operation.
    static let bodyLimit = 64 * 1024

    /// What a route asks the engine: an operation, or a parameter's value.
    enum Action {
        case operation(TraceOperation)
        case parameter(String)
        /// Everything the subject would see (`beckon status`), its tips narrowed to these.
        case status(tips: [String]?)
    }

    func add(to router: Router<BasicRequestContext>) {
        router.add(middleware: NoRouteProblem())
        router.get("/healthz") { _, _ in Self.json(.ok, JSONValue.object(["status": .string("ok")])) }
        router.get("/readyz") { _, _ in self.readiness() }
        let subject = router.group("/v1/subjects/:subject")
        subject.get("/tips/:tip") { request, context in
            if self.server.tipStatusFastPath, let response = self.fastTipStatus(request, context) { return response }
            return await self.answer(request, context) { _, _ throws(Problem) in .operation(.tipStatus(try Self.parameter("tip", context))) }
        }
        route(subject.post, "/tips/:tip/display") { _, _, id throws(Problem) in .tipDisplay(try id("tip")) }
        route(subject.post, "/tips/:tip/shown") { _, input, id throws(Problem) in
            let text = try input.required(input.duration, "for")
            switch DurationSyntax.parse(text) {
            case .success(let milliseconds): return .tipShown(try id("tip"), duration: milliseconds)
            case .failure(let error): throw Problem(.invalidArgument, "for: \(error.message)")
            }
        }
        route(subject.post, "/tips/:tip/invalidate") { _, input, id throws(Problem) in
            let text = try input.required(input.reason, "reason")
            guard let reason = HostInvalidationReason(rawValue: text) else {
                let reasons = HostInvalidationReason.allCases.map(\.rawValue).joined(separator: ", ")
                throw Problem(.usage, "reason '\(text)' is not one of \(reasons)")
            }
            return .tipInvalidate(try id("tip"), reason: reason.reason)
        }
        route(subject.post, "/tips/:tip/reset") { _, _, id throws(Problem) in .tipReset(try id("tip")) }
        route(subject.get, "/tips/:tip/explanation") { _, _, id throws(Problem) in .explainTip(try id("tip")) }
        route(subject.get, "/groups/:group") { _, _, id throws(Problem) in .groupCurrent(try id("group")) }
        route(subject.post, "/events/:event/donate") { runtime, input, id throws(Problem) in
            let event = try id("event")
            do throws(EngineError) {
                return try runtime.donation(of: event, info: input.info)
            } catch {
                throw Problem(error)
            }
        }
        route(subject.get, "/scenarios/:scenario") { _, _, id throws(Problem) in .scenarioStatus(try id("scenario")) }
        route(subject.post, "/scenarios/:scenario/try") { _, _, id throws(Problem) in .scenarioTry(try id("scenario")) }
        route(subject.post, "/scenarios/:scenario/trigger") { _, _, id throws(Problem) in .scenarioTrigger(try id("scenario")) }
        route(subject.post, "/scenarios/:scenario/reset") { _, _, id throws(Problem) in .scenarioReset(try id("scenario")) }
        route(subject.get, "/scenarios/:scenario/explanation") { _, _, id throws(Problem) in .explainScenario(try id("scenario")) }
        route(subject.post, "/whatsnew/next") { _, _, _ throws(Problem) in .whatsNewNext }
        route(subject.post, "/whatsnew/present") { _, _, _ throws(Problem) in .whatsNewPresent }
        route(subject.post, "/whatsnew/:version/mark") { _, _, id throws(Problem) in .whatsNewMark(try Self.version(try id("version"))) }
        route(subject.post, "/whatsnew/:version/unmark") { _, _, id throws(Problem) in .whatsNewUnmark(try Self.version(try id("version"))) }
        route(subject.post, "/whatsnew/unmark") { _, _, _ throws(Problem) in .whatsNewUnmark(nil) }
        subject.get("/parameters/:name") { request, context in
            await self.answer(request, context) { _, _ throws(Problem) in .parameter(try Self.parameter("name", context)) }
        }
        route(subject.put, "/parameters/:name") { runtime, input, id throws(Problem) in
            let name = try id("name")
            let value = try input.required(input.value, "value")
            do throws(EngineError) {
                return try runtime.assignment(of: name, text: value)
            } catch {
                throw Problem(error)
            }
        }
        subject.get("") { request, context in
            await self.answer(request, context) { _, input throws(Problem) in .status(tips: input.tips.isEmpty ? nil : input.tips) }
        }
        route(subject.delete, "") { _, _, _ throws(Problem) in .resetAll }
    }

    /// Adds a route whose answer is one operation, built from the runtime, the request's input
    /// and its path parameters.
    private func route(
        _ method: (RouterPath, @escaping @Sendable (Request, BasicRequestContext) async throws -> Response) -> RouterGroup<BasicRequestContext>,
        _ path: RouterPath,
        _ makeOperation: @escaping @Sendable (Runtime, DecisionInput, (String) throws(Problem) -> String) throws(Problem) -> TraceOperation
    ) {
        _ = method(path) { request, context in
            await self.answer(request, context) { runtime, input throws(Problem) in
                .operation(try makeOperation(runtime, input) { name throws(Problem) in try Self.parameter(name, context) })
            }
        }
    }

    /// A version in a path, as the CLI reads `whatsnew mark VERSION`.
    static func version(_ text: String) throws(Problem) -> Version {
        guard let version = Version(text) else { throw Problem(.invalidArgument, Version.problem(with: text)) }
        return version
    }

    /// Runs one operation for the request's subject and answers with its JSON, or a problem.
    /// The runtime is read once: the whole request decides with one configuration.
    private func answer(_ request: Request, _ context: BasicRequestContext,
                        _ makeAction: (Runtime, DecisionInput) throws(Problem) -> Action) async -> Response {
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: Self.bodyLimit)
        } catch {
            if error is NIOTooManyBytesError || (error as? HTTPError)?.status == .contentTooLarge {
                return Self.problem(Problem(.tooLarge, "the body is larger than \(Self.bodyLimit) bytes"))
            }
            return Self.problem(Problem(.usage, "the body could not be read: \(error)"))
        }
        do throws(Problem) {
            let subject = try Self.parameter("subject", context)
            let query = request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
            let input = try DecisionInput(query: query, body: body.readableBytes == 0 ? nil : Array(body.readableBytesView))
            let serving = server.runtime.serving
            let runtime = serving.runtime
            let decisionRequest = try input.request(subject: subject, on: runtime, wallClock: server.wallClock())
            let action = try makeAction(runtime, input)
            do throws(EngineError) {
                switch action {
                case .operation(let operation):
                    let report = try OperationRunner.perform(operation, decisionRequest, on: runtime.engine, reportingChanges: input.changes)
                    let buffer = report.withJSONText(subject: decisionRequest.subject, now: decisionRequest.now) { ByteBuffer(bytes: $0) }
                    return respond(buffer, to: request, operation: operation.name, positive: report.isPositive)
                case .parameter(let name):
                    let report = try OperationRunner.parameter(name, decisionRequest, on: runtime.engine)
                    let buffer = report.withJSONText(subject: decisionRequest.subject, now: decisionRequest.now) { ByteBuffer(bytes: $0) }
                    return respond(buffer, to: request, operation: "param.get", positive: report.isPositive)
                case .status(let tips):
                    let report = try StatusReport.make(decisionRequest, on: runtime.engine, tips: tips)
                    let buffer = report.withJSONText { ByteBuffer(bytes: $0) }
                    return respond(buffer, to: request, operation: "status", positive: nil)
                }
            } catch {
                throw Problem(error)
            }
        } catch {
            return Self.problem(error)
        }
    }

    /// The response of every answer (200, `application/json`), whichever path built it: the
    /// one place where what all answers share (ETag, metrics of decisions by operation and
    /// outcome) is added. `operation` is the answer's operation name (`tip.status`, `donate`,
    /// `param.get`, `status`, …); `positive` whether the answer is positive (the CLI's exit 0
    /// rather than 1), nil for an overview.
    func respond(_ buffer: ByteBuffer, to request: Request, operation: String, positive: Bool?) -> Response {
        server.metrics.recordDecision(operation: operation, positive: positive)
        return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: buffer))
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
        guard let raw = context.parameters.get(name), !raw.isEmpty else { throw Problem(.usage, "the path has no \(name)") }
        guard let value = percentDecoded(raw), !value.isEmpty else {
            throw Problem(.usage, "the path's \(name) '\(raw)' is not percent-encoded UTF-8")
        }
        return value
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

    /// The value of one hexadecimal digit.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
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
