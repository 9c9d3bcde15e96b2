import BeckonCore
import BeckonRules
import BeckonRuntime
import HTTPTypes
import Hummingbird
import NIOCore

/// OpenFeature's Remote Evaluation Protocol (OFREP, `open-feature/protocol`), one more
/// transport over the same reads as `/v1`: a flag key names a tip, a group, a scenario or what's
/// new (`OFREPFlag`), the context says who asks and with what (`OFREPContext`), and the answer
/// is mapped from the runtime's own (`OFREPAnswer`). Evaluating records nothing.
///
/// | method and path                         | answers                                     |
/// |-----------------------------------------|---------------------------------------------|
/// | `POST /ofrep/v1/evaluate/flags/{key}`   | one flag (200), or its failure (`OFREPFailure`) |
/// | `POST /ofrep/v1/evaluate/flags`         | every flag for the subject, with an `ETag` (304 on a matching `If-None-Match`) and `eventStreams` naming the subject's change stream |
///
/// The query is ignored (OFREP's `flagConfigEtag` and `flagConfigLastModified` included: every
/// evaluation decides afresh). A read token is enough (their access in `ServerRoute.table`); a body larger than
/// `--max-body` is a `too_large` problem as on `/v1`.
struct OFREPRoutes: Sendable {
    let server: BeckonServer

    /// `POST /ofrep/v1/evaluate/flags/{key}`: one flag.
    func evaluate(_ request: Request, _ context: BasicRequestContext) async -> Response {
        await ServerRoutes(server: server).decidingWithBody(request) { body, serving in
            Self.parts(Self.evaluate(rawKey: context.parameters.get("key"), body: body, on: serving, wallClock: self.server.wallClock)).response
        }
    }

    /// `POST /ofrep/v1/evaluate/flags`: every flag, with its `ETag`; a request whose
    /// `If-None-Match` names it gets 304.
    func evaluateAll(_ request: Request) async -> Response {
        await ServerRoutes(server: server).decidingWithBody(request) { body, serving in
            Self.bulkParts(Self.evaluateAll(body: body, on: serving, wallClock: self.server.wallClock),
                           ifNoneMatch: request.headers.value(of: .ifNoneMatch)).response
        }
    }

    /// The HTTP answer of a bulk evaluation: its answer with its `ETag` (made without looking for
    /// a `now`: the answer has none at its top level), or 304 when `ifNoneMatch` names that tag; a
    /// failure as it is.
    static func bulkParts(_ answer: Answer, ifNoneMatch condition: String?) -> AnswerParts {
        guard answer.status == 200 else { return parts(answer) }
        let tag = AnswerETag(of: answer.body, now: .absent)
        if let condition, tag.isMatched(by: condition) {
            return AnswerParts(status: .notModified, isJSON: false, eTag: tag)
        }
        return AnswerParts(status: .ok, isJSON: true, eTag: tag, body: answer.body)
    }

    /// An evaluation's HTTP answer: its status and JSON body.
    struct Answer: Sendable {
        var status: Int
        var body: ByteBuffer
    }

    /// The HTTP answer of an evaluation: its status, its JSON body.
    static func parts(_ answer: Answer) -> AnswerParts {
        AnswerParts(status: HTTPResponse.Status(code: answer.status), isJSON: true, body: answer.body)
    }

    /// A single evaluation of the flag whose key is `rawKey` (as written in the path) with the
    /// context of `body`, decided on `serving` at `wallClock` unless the context gives `now`:
    /// no `Request` needed, so that any path that has the key and the body can answer it.
    static func evaluate(rawKey: String?, body: ByteBuffer, on serving: ReloadableRuntime.Serving, wallClock: @Sendable () -> Int64) -> Answer {
        let key = rawKey.flatMap(ServerRoutes.percentDecoded) ?? rawKey ?? ""
        let engine = serving.runtime.engine
        do throws(OFREPFailure) {
            let flag = try OFREPFlag.named(key, in: engine)
            let context = try OFREPContext(body: body, parameters: engine.configuration.parameters)
            var answer = ByteBuffer()
            try OFREPAnswer.write(flag, context.request(wallClock: wallClock), on: serving, to: &answer)
            return Answer(status: 200, body: answer)
        } catch {
            return failed(error, key: key)
        }
    }

    /// A bulk evaluation: every flag (`OFREPFlag.all`) for the context of `body`, each an
    /// evaluation or its failure, and the subject's change stream as `eventStreams`.
    static func evaluateAll(body: ByteBuffer, on serving: ReloadableRuntime.Serving, wallClock: @Sendable () -> Int64) -> Answer {
        let engine = serving.runtime.engine
        let context: OFREPContext
        do throws(OFREPFailure) {
            context = try OFREPContext(body: body, parameters: engine.configuration.parameters)
        } catch {
            return failed(error, key: nil)
        }
        let request = context.request(wallClock: wallClock)
        let all = OFREPFlag.all(in: engine)
        // The tips are decided on one read of the subject's record, as `tip.status` decides each;
        // should that read fail, each flag is evaluated alone and answers its own failure.
        let tipSlots = all.compactMap { flag -> Int? in if case .tip(_, let slot) = flag { slot } else { nil } }
        let tipDecisions = try? engine.tipStatuses(slots: tipSlots, request)
        let stream: JSONObject = ["endpoint": .object(["requestUri": .string(changesURI(subject: context.subject))]), "type": .string("sse")]
        var answer = ByteBuffer()
        answer.writeStaticString("{\"eventStreams\":[")
        OFREPAnswer.write(stream, to: &answer)
        answer.writeStaticString("],\"flags\":[")
        var tipsWritten = 0
        for (index, flag) in all.enumerated() {
            if index > 0 { answer.writeStaticString(",") }
            if case .tip(_, let slot) = flag, let tipDecisions {
                OFREPAnswer.writeTip(tipDecisions[tipsWritten], slot: slot, key: flag.key, on: serving, to: &answer)
                tipsWritten += 1
                continue
            }
            do throws(OFREPFailure) {
                try OFREPAnswer.write(flag, request, on: serving, to: &answer)
            } catch {
                OFREPAnswer.write(error.json(key: flag.key), to: &answer)
            }
        }
        answer.writeStaticString("]}")
        return Answer(status: 200, body: answer)
    }

    /// A failure's answer.
    private static func failed(_ failure: OFREPFailure, key: String?) -> Answer {
        var body = ByteBuffer()
        OFREPAnswer.write(failure.json(key: key), to: &body)
        return Answer(status: failure.status, body: body)
    }

    /// The path of the subject's change stream (`GET /v1/subjects/{subject}/changes`), the
    /// subject percent-encoded: OFREP's `endpoint.requestUri`, which a provider joins to the
    /// origin it evaluates with.
    static func changesURI(subject: String) -> String {
        var path = "/v1/subjects/"
        for byte in subject.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                path.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".utf8)
                path += "%" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
            }
        }
        return path + "/changes"
    }
}
