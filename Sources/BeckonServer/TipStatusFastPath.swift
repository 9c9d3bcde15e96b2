import BeckonCore
import BeckonRules
import BeckonRuntime
import Hummingbird
import NIOCore

/// `GET /v1/subjects/{subject}/tips/{tip}`, the route hosts call most, answered as the C API's
/// `beckon_tip_status` answers: the tip found by its id's bytes in the serving configuration's
/// `TipAnswerTemplates`, decided by slot, and its answer copied from the templates with only what
/// the decision and the request change written in between; no operation report, no general
/// renderer, no `DecisionInput` for a request that gives at most `now` and `appVersion`.
///
/// It answers exactly the bytes the general path answers (`FastPathTests` checks it over random
/// subjects, instants, transient parameters and testing overrides) and leaves to the general
/// path every request it does not decide itself: one with a body, a query member other than
/// `now`, `appVersion`, `transient`, `showTip`, `hideTip`, `showAllTips`, `hideAllTips`, and
/// every failure (an undeclared tip, a bad instant, a store that does not answer), so that each
/// problem is the general path's own.
extension ServerRoutes {
    /// The answer of a tip status request, or nil when the general path must answer it. A store
    /// whose calls may wait decides on the server's `storeThreads`.
    func fastTipStatus(_ request: Request, _ context: BasicRequestContext) async -> Response? {
        // The serving runtime is held, not borrowed: the store's read may wait (a SQLite lock, a
        // PostgreSQL round trip), and a borrowed runtime would keep a reload waiting as long.
        let serving = server.runtime.serving
        return await server.storeThreads.run(for: serving.runtime.engine.store) { fastTipStatus(request, context, on: serving) }
    }

    /// `fastTipStatus`'s answer, decided with `serving`.
    private func fastTipStatus(_ request: Request, _ context: BasicRequestContext, on serving: ReloadableRuntime.Serving) -> Response? {
        guard Self.hasNoBody(request),
              let subject = try? Self.subject(context),
              let tip = try? Self.parameter("tip", context)
        else { return nil }

        // The plain members are read here; a request with any other the fast path reads goes
        // through `DecisionInput`, which checks them as the general path does.
        var instant: Int64?
        var version: Version?
        var needsInput = false
        let query = request.uri.queryParameters
        for (name, value) in query {
            switch name {
            case "now":
                guard instant == nil, case .success(let parsed) = TimestampSyntax.parseInstant(String(value)) else { return nil }
                instant = parsed
            case "appVersion":
                guard version == nil, let parsed = Version(String(value)) else { return nil }
                version = parsed
            case "transient", "showTip", "hideTip", "showAllTips", "hideAllTips":
                needsInput = true
            default:
                return nil
            }
        }

        let engine = serving.runtime.engine
        let decisionRequest: DecisionRequest
        if needsInput {
            let pairs = query.map { (name: String($0.key), value: String($0.value)) }
            guard let input = try? DecisionInput(query: pairs, body: nil),
                  let built = try? input.request(subject: subject, on: serving.runtime, wallClock: server.wallClock())
            else { return nil }
            decisionRequest = built
        } else {
            decisionRequest = DecisionRequest(subject: subject, now: instant ?? server.wallClock(), appVersion: version)
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
        let buffer = templates.withStatusJSONText(slot: slot, id: found == nil ? tip : nil, decision,
                                                  subject: decisionRequest.subject, now: decisionRequest.now) { ByteBuffer(bytes: $0) }
        return respond(buffer, to: request, operation: "tip.status", positive: decision.status == .available)
    }

    /// Whether the request says it has no body (no `Content-Length` but 0, no `Transfer-Encoding`).
    static func hasNoBody(_ request: Request) -> Bool {
        if request.headers[.transferEncoding] != nil { return false }
        guard let length = request.headers[.contentLength] else { return true }
        return length == "0"
    }
}
