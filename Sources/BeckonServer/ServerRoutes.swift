import BeckonConfig
import BeckonCore
import BeckonRuntime
import Hummingbird


/// The routes of `beckon serve`, each one CLI operation:
///
/// | method and path                                        | CLI                          |
/// |--------------------------------------------------------|------------------------------|
/// | `GET  /v1/subjects/{subject}/tips/{tip}`               | `beckon tip status TIP`      |
/// | `POST /v1/subjects/{subject}/tips/{tip}/display`       | `beckon tip display TIP`     |
/// | `POST /v1/subjects/{subject}/events/{event}/donate`    | `beckon event donate EVENT`  |
/// | `GET  /v1/subjects/{subject}/scenarios/{scenario}`     | `beckon scenario status ID`  |
/// | `POST /v1/subjects/{subject}/scenarios/{scenario}/try` | `beckon scenario try ID`     |
/// | `GET  /healthz`, `GET /readyz`                         |                              |
///
/// An answer is the JSON `--json` prints for the same operation, request and instant, with
/// status 200 whether the answer is positive or negative (the CLI's exit 0 or 1); a failure is a
/// `Problem`. The request's options (`now`, transient parameters, …) are `DecisionInput`'s.
struct ServerRoutes: Sendable {
    let server: BeckonServer

    /// The most a request body may hold: the options of one operation.
    static let bodyLimit = 64 * 1024

    func add(to router: Router<BasicRequestContext>) {
        router.get("/healthz") { _, _ in Self.json(.ok, JSONValue.object(["status": .string("ok")])) }
        router.get("/readyz") { _, _ in self.readiness() }
        let subject = router.group("/v1/subjects/:subject")
        subject.get("/tips/:tip") { request, context in
            await self.answer(request, context) { _, _ throws(Problem) in .tipStatus(try Self.parameter("tip", context)) }
        }
        subject.post("/tips/:tip/display") { request, context in
            await self.answer(request, context) { _, _ throws(Problem) in .tipDisplay(try Self.parameter("tip", context)) }
        }
        subject.post("/events/:event/donate") { request, context in
            await self.answer(request, context) { runtime, input throws(Problem) in
                let event = try Self.parameter("event", context)
                do throws(EngineError) {
                    return try runtime.donation(of: event, info: input.info)
                } catch {
                    throw Problem(error)
                }
            }
        }
        subject.get("/scenarios/:scenario") { request, context in
            await self.answer(request, context) { _, _ throws(Problem) in .scenarioStatus(try Self.parameter("scenario", context)) }
        }
        subject.post("/scenarios/:scenario/try") { request, context in
            await self.answer(request, context) { _, _ throws(Problem) in .scenarioTry(try Self.parameter("scenario", context)) }
        }
    }

    /// Runs one operation for the request's subject and answers with its JSON, or a problem.
    /// The runtime is read once: the whole request decides with one configuration.
    private func answer(_ request: Request, _ context: BasicRequestContext,
                        _ makeOperation: (Runtime, DecisionInput) throws(Problem) -> TraceOperation) async -> Response {
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: Self.bodyLimit)
        } catch {
            return Self.problem(Problem(.usage, "the body is larger than \(Self.bodyLimit) bytes or could not be read"))
        }
        do throws(Problem) {
            let subject = try Self.parameter("subject", context)
            let query = request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
            let input = try DecisionInput(query: query, body: body.readableBytes == 0 ? nil : Array(body.readableBytesView))
            let serving = server.runtime.serving
            let runtime = serving.runtime
            let decisionRequest = try input.request(subject: subject, on: runtime, wallClock: server.wallClock())
            let operation = try makeOperation(runtime, input)
            let report: OperationReport
            do throws(EngineError) {
                report = try OperationRunner.perform(operation, decisionRequest, on: runtime.engine, reportingChanges: input.changes)
            } catch {
                throw Problem(error)
            }
            let buffer = report.withJSONText(subject: decisionRequest.subject, now: decisionRequest.now) { ByteBuffer(bytes: $0) }
            return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: buffer))
        } catch {
            return Self.problem(error)
        }
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

    /// A path parameter (the router matched it, so it is there).
    static func parameter(_ name: String, _ context: BasicRequestContext) throws(Problem) -> String {
        guard let value = context.parameters.get(name), !value.isEmpty else { throw Problem(.usage, "the path has no \(name)") }
        return value
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
