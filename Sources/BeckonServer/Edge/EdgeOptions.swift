import HTTPTypes
import Hummingbird

/// What stands between the network and the routes of `beckon serve`: bearer tokens, request
/// limits and CORS. By default: no token asked for, the default limits, no CORS header.
public struct EdgeOptions: Sendable {
    /// The tokens asked for under `/v1/`, or nil for none.
    public var access: AccessControl?
    /// The request limits.
    public var limits: RequestLimits
    /// The origins browsers may call from (`*` for any); empty: CORS off.
    public var corsOrigins: [String]

    public init(access: AccessControl? = nil, limits: RequestLimits = RequestLimits(), corsOrigins: [String] = []) {
        self.access = access
        self.limits = limits
        self.corsOrigins = corsOrigins
    }

    /// Adds the middleware, outermost first: CORS (so that preflights and refusals carry its
    /// headers), limits, tokens.
    func addMiddleware(to router: Router<BasicRequestContext>) {
        if !corsOrigins.isEmpty { router.add(middleware: CORSMiddleware(origins: corsOrigins)) }
        router.add(middleware: LimitsMiddleware(limits: limits))
        if let access { router.add(middleware: AuthMiddleware(access: access)) }
    }

    /// Whether this edge lets a request to a route with this `access`, with this target and
    /// these headers, through to its route with nothing added or refused, as each middleware
    /// decides it (`CORSMiddleware.applies`, `LimitsMiddleware.targetFits` and `headersFit`,
    /// `AuthMiddleware.admits`). Only then may a request be answered before the middleware
    /// (`EventLoopTipStatus`); any other is the middleware's to answer.
    func passesUnchanged(_ head: EventLoopRequest, access route: ServerRoute.Access) -> Bool {
        guard LimitsMiddleware.targetFits(targetBytes: head.path.utf8.count, limits),
              LimitsMiddleware.headersFit(headerBytes: head.headerBytes, limits) else { return false }
        if CORSMiddleware.applies(origin: head.fields.origin, origins: corsOrigins) { return false }
        if let access, !AuthMiddleware.admits(route, authorization: head.fields.authorization, access: access) { return false }
        return true
    }
}
