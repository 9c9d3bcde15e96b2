import BeckonCore
import BeckonRuntime
import Hummingbird
import NIOCore

/// `POST /v1/subjects/{subject}/batch`: several operations for one subject in one request
/// (`BatchRequest`), answered with
/// `{"answers": [...], "now": ISO, "subject": S}` where each answer is, byte for byte, the JSON
/// the operation's own route answers, or the problem object it would answer with.
///
/// Each operation's answer is counted in the metrics as its route's is (decisions by operation
/// and outcome, store errors); the request itself is one request of the route `…/batch`.
///
/// The operations run in order, each as its route runs it (each atomic, writes included), all at
/// one instant (`now`, else the server's clock once) and with one configuration (the runtime
/// serving when the batch starts, even if a reload happens meanwhile). The batch as a whole is
/// not atomic: an operation that fails is a problem in its place and the next ones still run,
/// and what earlier ones wrote stays written. A body that is not a batch, or shared members
/// that do not check (a bad `now`, an undeclared transient parameter), is one problem for the
/// whole request.
struct BatchRoute: Sendable {
    let server: BeckonServer

    func answer(_ request: Request, _ context: BasicRequestContext) async -> Response {
        await ServerRoutes(server: server).decidingWithBody(request) { body, serving in
            self.decide(request, context, body: body, on: serving.runtime)
        }
    }

    /// `answer`'s decisions, once the body is read.
    private func decide(_ request: Request, _ context: BasicRequestContext, body: ByteBuffer, on runtime: Runtime) -> Response {
        do throws(Problem) {
            let subject = try ServerRoutes.subject(context)
            if let member = request.uri.queryParameters.first?.key {
                throw Problem(.usage, "a batch takes its members in its body, not in the query ('\(member)')")
            }
            var batch = try BatchRequest(body: Array(body.readableBytesView))
            batch.shared.acceptLanguage = request.headers.value(of: .acceptLanguage)
            let decisionRequest = try batch.shared.request(subject: subject, on: runtime, wallClock: server.wallClock())
            let watching = server.changeNotifier.isWatched(subject)
            var answers: [ByteBuffer] = []
            var writes: [ServerOperation.Answer] = []
            answers.reserveCapacity(batch.operations.count)
            for operation in batch.operations {
                do throws(Problem) {
                    let input = try batch.shared.adding(operationMembers: operation.members)
                    let action = try ServerOperation.action(operation.name, id: operation.id, input: input, runtime: runtime)
                    let answer = try ServerOperation.perform(action, decisionRequest, on: runtime,
                                                             reportingChanges: input.changes, watching: watching)
                    answers.append(answer.json)
                    server.metrics.recordDecision(operation: answer.operation, positive: answer.positive)
                    if answer.records { writes.append(answer) }
                } catch {
                    answers.append(ByteBuffer(string: error.json.text))
                    if error.code == .unavailable || error.code == .conflict { server.metrics.recordStoreError(error.code) }
                }
            }
            if watching, !writes.isEmpty { server.changeNotifier.publishWrites(writes, subject: subject, server: server) }
            return Response(status: .ok, headers: [.contentType: "application/json"],
                            body: ResponseBody(byteBuffer: Self.json(answers, subject: subject, now: decisionRequest.now)))
        } catch {
            return ServerRoutes.problem(error)
        }
    }

    /// `{"answers":[A1,A2,…],"now":"…","subject":"…"}`, members sorted as in every answer.
    static func json(_ answers: [ByteBuffer], subject: String, now: Int64) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(answers.reduce(64 + subject.utf8.count) { $0 + $1.readableBytes + 1 })
        buffer.writeString(#"{"answers":["#)
        for (index, answer) in answers.enumerated() {
            if index > 0 { buffer.writeString(",") }
            buffer.writeImmutableBuffer(answer)
        }
        buffer.writeString(#"],"now":"#)
        buffer.writeString(JSONValue.instant(now).text)
        buffer.writeString(#","subject":"#)
        buffer.writeString(JSONValue.string(subject).text)
        buffer.writeString("}")
        return buffer
    }
}
