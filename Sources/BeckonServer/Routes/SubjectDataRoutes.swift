import BeckonConfig
import BeckonCore
import BeckonRuntime
import Hummingbird
import NIOCore

/// The routes of a subject's data as a whole (`beckon data …` over HTTP), each needing a `write`
/// token when tokens are on (the data is personal, reading it too):
///
/// | route                                   | CLI                                  | answer                         |
/// |-----------------------------------------|--------------------------------------|--------------------------------|
/// | `GET /v1/subjects?after=&limit=`        | `beckon data subjects`               | a page (`SubjectDataReport.page`) |
/// | `GET /v1/subjects/{subject}/data`       | `beckon data export --subject S`     | the export line, as JSON       |
/// | `PUT /v1/subjects/{subject}/data`       | `beckon data import` of one line     | the import summary's JSON      |
/// | `DELETE /v1/subjects/{subject}/data`    | `beckon data erase --subject S`      | the erasure (`SubjectDataReport.erasure`) |
///
/// The runtime does the work (`SubjectData`) and spells the answers (`SubjectDataReport`); this
/// maps requests in and `SubjectDataError`s out to problems: a store that cannot list, erase or
/// restore subjects (a plugin store older than ABI 1.3: an export, a read, works) or that fails
/// is `unavailable` (503, the CLI's exit 69) with the store's message; a bad line `invalid_argument` (422) naming the
/// member's path; a subject stored with other data, without `replace=true`, `conflict` (409).
/// Each runs on the serving runtime read once, on `storeThreads` for a store whose calls may
/// wait. An import or an erasure tells the subject's change stream (`ChangeNotifier`).
struct SubjectDataRoutes: Sendable {
    let server: BeckonServer

    /// The subjects a page lists when the request does not say, and the most it may ask for.
    static let defaultLimit = 100
    static let limits = 1...10_000

    /// `GET /v1/subjects`: a page of stored subjects after `after`, at most `limit`.
    func subjects(_ request: Request) async -> Response {
        let page: (after: String?, limit: Int)
        do throws(Problem) { page = try Self.page(ServerRoutes.query(request)) } catch {
            return ServerRoutes.problem(error)
        }
        return await onStore { runtime in
            let listed = try SubjectData.subjects(in: runtime.engine.store, after: page.after, limit: page.limit)
            return ServerRoutes.json(.ok, SubjectDataReport.page(listed, limit: page.limit))
        }
    }

    /// `GET /v1/subjects/{subject}/data`: the subject's line as `beckon data export --subject`
    /// writes it, without its newline; `not_found` when the subject is not stored.
    func export(_ request: Request, _ context: BasicRequestContext) async -> Response {
        await onSubject(request, context) { subject, runtime, _ in
            var line: [UInt8] = []
            let summary: SubjectData.ExportSummary
            do {
                summary = try SubjectData.export(from: runtime.engine.store, configuration: runtime.loaded.configuration,
                                                 subjects: [subject], to: { line = $0 })
            } catch let error as SubjectDataError {
                throw Self.problem(error)
            } catch {
                throw Problem(.internalError, "\(error)")
            }
            guard summary.exported == 1 else {
                throw Problem(.notFound, "subject '\(subject)' is not stored", kind: "subject", id: subject)
            }
            if line.last == UInt8(ascii: "\n") { line.removeLast() }
            return Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: line)))
        }
    }

    /// `PUT /v1/subjects/{subject}/data[?replace=true]`: imports the body, one line of the
    /// subject data format whose `subject` is the path's.
    func importData(_ request: Request, _ context: BasicRequestContext) async -> Response {
        await onSubject(request, context, query: ["replace"]) { subject, runtime, body in
            let replace = try Self.replace(ServerRoutes.query(request))
            var line = Array(body.readableBytesView)
            if line.last == UInt8(ascii: "\n") { line.removeLast() }
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            guard !line.isEmpty else { throw Problem(.usage, "the body holds no line of the subject data format") }
            guard !line.contains(UInt8(ascii: "\n")) else {
                throw Problem(.usage, "the body holds more than one line: PUT takes one subject's line")
            }
            let configuration = runtime.loaded.configuration
            let decoded: (subject: String, snapshot: SubjectSnapshot)
            do throws(SubjectDataLineError) {
                decoded = try SubjectDataFormat.decode(line, line: 1, configuration: configuration)
            } catch {
                throw Self.problem(error)
            }
            guard decoded.subject == subject else {
                throw Problem(.invalidArgument, "/subject: the body's subject '\(decoded.subject)' is not the path's '\(subject)'")
            }
            let summary: SubjectData.ImportSummary
            do {
                summary = try SubjectData.importData(from: .bytes(line), into: runtime.engine.store, configuration: configuration,
                                                     options: .init(replace: replace))
            } catch let error as SubjectDataError {
                throw Self.problem(error, replacing: subject)
            } catch {
                throw Problem(.internalError, "\(error)")
            }
            if summary.imported + summary.replaced > 0 { server.changeNotifier.publishWhole(subject, why: "import", server: server) }
            return ServerRoutes.json(.ok, summary.json)
        }
    }

    /// `DELETE /v1/subjects/{subject}/data`: erases every trace of the subject.
    func erase(_ request: Request, _ context: BasicRequestContext) async -> Response {
        await onSubject(request, context) { subject, runtime, _ in
            let erased: Bool
            do throws(SubjectDataError) { erased = try SubjectData.erase(subject: subject, from: runtime.engine.store) } catch {
                throw Self.problem(error)
            }
            if erased { server.changeNotifier.publishWhole(subject, why: "erase", server: server) }
            return ServerRoutes.json(.ok, SubjectDataReport.erasure(subject: subject, erased: erased))
        }
    }

    /// Runs `work` on the serving runtime (read once), on the store's threads when its calls
    /// may wait; a thrown problem is the answer.
    private func onStore(_ work: @escaping @Sendable (Runtime) throws -> Response) async -> Response {
        let serving = server.runtime.serving
        return await server.storeThreads.run(for: serving.runtime.engine.store) {
            do {
                return try work(serving.runtime)
            } catch let problem as Problem {
                return ServerRoutes.problem(problem)
            } catch let error as SubjectDataError {
                return ServerRoutes.problem(Self.problem(error))
            } catch {
                return ServerRoutes.problem(Problem(.internalError, "\(error)"))
            }
        }
    }

    /// Reads the body, checks the path's subject and that the query holds only `query`'s
    /// members, then runs `work` as `onStore` does.
    private func onSubject(_ request: Request, _ context: BasicRequestContext, query allowed: Set<String> = [],
                           _ work: @escaping @Sendable (String, Runtime, ByteBuffer) throws -> Response) async -> Response {
        let subject: String
        let body: ByteBuffer
        do throws(Problem) {
            subject = try ServerRoutes.subject(context)
            if let member = request.uri.queryParameters.first(where: { !allowed.contains(String($0.key)) })?.key {
                throw Problem(.usage, "unknown query member '\(member)'")
            }
            body = try await LimitsMiddleware.collect(request.body, upTo: server.edge.limits.maxBodyBytes)
        } catch {
            return ServerRoutes.problem(error)
        }
        return await onStore { runtime in try work(subject, runtime, body) }
    }

    /// The page a list request asks for: `after` (a subject; empty: from the first) and
    /// `limit` (`limits`, `defaultLimit` when absent), each at most once; anything else is a
    /// `usage` problem.
    static func page(_ query: [RequestTarget.Member]) throws(Problem) -> (after: String?, limit: Int) {
        var after: String?
        var limit: Int?
        for (name, value) in query {
            switch name {
            case "after":
                guard after == nil else { throw Problem(.usage, "'after' is given twice") }
                after = value
            case "limit":
                guard limit == nil else { throw Problem(.usage, "'limit' is given twice") }
                guard let number = Int(value), limits.contains(number) else {
                    throw Problem(.usage, "'limit' must be from \(limits.lowerBound) to \(limits.upperBound), not '\(value)'")
                }
                limit = number
            default:
                throw Problem(.usage, "unknown query member '\(name)' (the list takes 'after' and 'limit')")
            }
        }
        return (after?.isEmpty == false ? after : nil, limit ?? defaultLimit)
    }

    /// Whether an import's query asks to replace (`replace=true`; `false` or absent: not).
    static func replace(_ query: [RequestTarget.Member]) throws(Problem) -> Bool {
        let values = query.filter { $0.name == "replace" }.map(\.value)
        guard values.count <= 1 else { throw Problem(.usage, "'replace' is given twice") }
        switch values.first {
        case nil, "false": return false
        case "true": return true
        case let value?: throw Problem(.usage, "'replace' must be true or false, not '\(value)'")
        }
    }

    /// The problem of a bad line of the body: its member's path and what is wrong.
    static func problem(_ error: SubjectDataLineError) -> Problem {
        Problem(.invalidArgument, error.path.isEmpty ? "the body: \(error.message)" : "\(error.path): \(error.message)")
    }

    /// The problem of a data operation's error (`replacing`: the subject an import refused).
    static func problem(_ error: SubjectDataError, replacing subject: String? = nil) -> Problem {
        switch error {
        case .store(let store):
            // Data the store refuses is the request's fault, as the CLI's exit 65 says.
            return Problem(store.kind == .invalidData ? .invalidArgument : .unavailable, store.message)
        case .badLines(let lines, _):
            return lines.first.map(problem) ?? Problem(.invalidArgument, error.description)
        case .refused:
            let who = subject.map { "subject '\($0)' is" } ?? "the subject is"
            return Problem(.conflict, "\(who) already stored with other data; nothing imported (?replace=true overwrites it)")
        case .file, .notConfigured:
            return Problem(.internalError, error.description)
        }
    }
}
