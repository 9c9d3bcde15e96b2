import BeckonRuntime
import HTTPTypes
import Hummingbird

/// A `Problem` a middleware refuses a request with, thrown as Hummingbird's `HTTPResponseError`:
/// the router renders it (`response(from:context:)`, the one place a thrown problem becomes its
/// answer, `ServerRoutes.problem` and the headers that go with it), and the middleware outside
/// the thrower see it as any thrown error (`CORSMiddleware` adds its headers to it,
/// `ObservationMiddleware` counts its status).
struct ProblemError: HTTPResponseError {
    let problem: Problem
    /// Headers the answer carries besides the problem's own (a challenge, `Allow`,
    /// `Connection: close`).
    var headers: HTTPFields = [:]

    init(_ problem: Problem, headers: HTTPFields = [:]) {
        self.problem = problem
        self.headers = headers
    }

    var status: HTTPResponse.Status { HTTPResponse.Status(code: problem.httpStatus) }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = ServerRoutes.problem(problem)
        response.headers.append(contentsOf: headers)
        return response
    }
}
