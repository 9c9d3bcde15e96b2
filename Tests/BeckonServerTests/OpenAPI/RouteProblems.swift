import BeckonRuntime
@testable import BeckonServer

/// The problems each kind of route can answer, by code: the document lists each route's
/// problem responses from these through the status table (`Problem.Code.statuses`), so a
/// status that changes there changes in the document too. (`internal` is a bug, not a
/// promise, and `method_not_allowed` and `no_route` answer other methods and paths.)
enum RouteProblems: CaseIterable {
    /// A GET that decides (`tip status`, `status`, `param get`, …).
    case read
    /// A POST, PUT or DELETE that records.
    case write
    /// `POST …/batch` (its operations' own problems are in its answer).
    case batch
    /// `GET …/changes`.
    case changes
    /// `GET /v1/config`.
    case config
    /// `/healthz` and `/openapi.yaml`: no token, no store.
    case open
    /// `/readyz`.
    case ready
    /// `/metrics`.
    case metrics
    /// `GET /v1/subjects`.
    case subjects
    /// `GET`, `PUT`, `DELETE /v1/subjects/{subject}/data`.
    case exportData, importData, eraseData

    /// The kind of the route `method` `path` (as `OpenAPIDocument.routes` writes it); nil for
    /// OFREP's, whose failures are OFREP's own (`OpenAPIOFREP`).
    static func kind(method: String, path: String) -> RouteProblems? {
        switch path {
        case "/healthz", "/openapi.yaml": return .open
        case "/readyz": return .ready
        case "/metrics": return .metrics
        case "/v1/config": return .config
        case "/v1/subjects": return .subjects
        case _ where path.hasSuffix("/data"): return method == "GET" ? .exportData : method == "PUT" ? .importData : .eraseData
        case _ where path.hasPrefix("/ofrep/"): return nil
        case _ where path.hasSuffix("/changes"): return .changes
        case _ where path.hasSuffix("/batch"): return .batch
        default: return method == "GET" ? .read : .write
        }
    }

    /// What every request can be answered: its head or body too slow, its target too long, its
    /// headers too large.
    static let everyRequest: [Problem.Code] = [.timeout, .targetTooLong, .headersTooLarge]

    /// The codes a route of this kind can answer.
    var codes: [Problem.Code] {
        let subject: [Problem.Code] = [.usage, .unauthorized, .subjectTooLong]
        let deciding: [Problem.Code] = subject + [.notFound, .invalidArgument, .tooLarge, .unsupportedEncoding, .unavailable]
        let own: [Problem.Code] = switch self {
        case .read: deciding
        case .write: deciding + [.forbidden, .notApplicable, .conflict]
        case .batch: deciding + [.forbidden]
        case .changes: subject
        case .config: [.unauthorized, .notFound]
        case .open: []
        case .ready: [.unavailable]
        case .metrics: [.notFound]
        case .subjects: [.usage, .unauthorized, .forbidden, .unavailable]
        case .exportData: subject + [.forbidden, .notFound, .tooLarge, .unsupportedEncoding, .unavailable]
        case .importData: subject + [.forbidden, .invalidArgument, .tooLarge, .unsupportedEncoding, .conflict, .unavailable]
        case .eraseData: subject + [.forbidden, .tooLarge, .unsupportedEncoding, .unavailable]
        }
        return own + Self.everyRequest
    }

    /// The HTTP statuses of `codes`, ascending, each once.
    var statuses: [Int] {
        Set(codes.map(\.statuses.httpStatus)).sorted()
    }
}

extension DerivedOpenAPIDocument {
    /// A route's problem responses, one line each (`'404': {$ref: …}`), indented for the
    /// document's `responses` of an operation.
    static func problemResponses(_ kind: RouteProblems) -> String {
        kind.statuses.map { status in
            "'\(status)': {$ref: '#/components/responses/\(status == 401 ? "Unauthorized" : "Problem")'}"
        }.joined(separator: "\n        ")
    }
}
