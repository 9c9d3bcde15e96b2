/// Routes by the shape of their path, a segment at a time, to find the ones a request's path
/// fills as the router would (a parameter `{name}` is filled by any non-empty segment) without
/// the router: the scope a request needs before it is routed (`AccessControl`), the methods of
/// a path no route takes with its method (`NoRouteMiddleware`).
struct RouteShapes<Value: Sendable>: Sendable {
    /// A route's path, a segment at a time: nil for a parameter.
    private typealias Shape = [String?]

    private let routes: [(shape: Shape, method: String, value: Value)]

    /// The shapes of these routes (paths as the OpenAPI document and `Router.routes` write
    /// them, `{name}` for a parameter), each with what it is looked up for.
    init(_ routes: [(path: String, method: String, value: Value)]) {
        self.routes = routes.map { route in
            let shape = route.path.split(separator: "/").map { segment -> String? in
                ServerRoute.parameterName(segment) == nil ? String(segment) : nil
            }
            return (shape, route.method, route.value)
        }
    }

    /// The routes (method and value) whose shape `path` fills, in the order they were given.
    func matches(path: String) -> [(method: String, value: Value)] {
        // Split on the UTF-8 view: a `String` split walks grapheme clusters.
        let segments = path.utf8.split(separator: UInt8(ascii: "/"))
        return routes.compactMap { route in
            Self.fills(segments, route.shape) ? (route.method, route.value) : nil
        }
    }

    /// The value of the first route with this method whose shape `path` fills.
    func first(method: String, path: String) -> Value? {
        let segments = path.utf8.split(separator: UInt8(ascii: "/"))
        return routes.first { $0.method == method && Self.fills(segments, $0.shape) }?.value
    }

    private static func fills(_ segments: [Substring.UTF8View], _ shape: Shape) -> Bool {
        shape.count == segments.count
            && zip(shape, segments).allSatisfy { literal, segment in literal.map { segment.elementsEqual($0.utf8) } ?? true }
    }
}
