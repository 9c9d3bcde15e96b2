import HTTPTypes

/// What the event loop's answerers (`EventLoopTipStatus.Answerer`) read of a request's head: its
/// method, its target, the values of the few fields they look at, and its fields' size as the
/// limits count it (`RequestLimits.headerBytes`). It is made from the parser's `HTTPRequest`
/// (`init(_:)`) or read straight from the bytes (`WholeRequest`), where building an
/// `HTTPRequest` and its `HTTPFields` (every name a checked `String`) was a fifth of a tip status
/// answered there: 48.8k instructions a request with curl's three fields, 41.5k read this way
/// (`Benchmarks/serve/instructions.sh`). `BytesFastPathTests` holds the two readings together.
struct EventLoopRequest: Equatable, Sendable {
    var method: HTTPRequest.Method
    /// The target as written (origin form: the path and its query).
    var path: String
    /// The fields the answerers read, each as `HTTPFields.value(of:)` reads it.
    var fields = Fields()
    /// The bytes of every field's name and value, as `RequestLimits.headerBytes` counts them.
    var headerBytes = 0

    /// The fields the answerers read; every other field only counts in `headerBytes`.
    struct Fields: Equatable, Sendable {
        var acceptLanguage: String?
        var authorization: String?
        var connection: String?
        var contentEncoding: String?
        var contentLength: String?
        var expect: String?
        var ifNoneMatch: String?
        var origin: String?
        var transferEncoding: String?

        /// The names of the fields read.
        enum Name: CaseIterable, Sendable {
            case acceptLanguage, authorization, connection, contentEncoding, contentLength, expect, ifNoneMatch, origin, transferEncoding

            /// The field's name, and where its value is kept.
            var spelling: (field: HTTPField.Name, value: WritableKeyPath<Fields, String?>) {
                switch self {
                case .acceptLanguage: (.acceptLanguage, \.acceptLanguage)
                case .authorization: (.authorization, \.authorization)
                case .connection: (.connection, \.connection)
                case .contentEncoding: (.contentEncoding, \.contentEncoding)
                case .contentLength: (.contentLength, \.contentLength)
                case .expect: (.expect, \.expect)
                case .ifNoneMatch: (.ifNoneMatch, \.ifNoneMatch)
                case .origin: (.origin, \.origin)
                case .transferEncoding: (.transferEncoding, \.transferEncoding)
                }
            }

            var field: HTTPField.Name { spelling.field }

            /// Every case and its field's name, in one array made once: looked up for each field
            /// of each request the parser reads.
            private static let fields = allCases.map { ($0, $0.field) }

            /// The field named `name`, when it is one of those read.
            init?(_ name: HTTPField.Name) {
                guard let read = Self.fields.first(where: { $0.1 == name })?.0 else { return nil }
                self = read
            }
        }

        subscript(name: Name) -> String? {
            get { self[keyPath: name.spelling.value] }
            set { self[keyPath: name.spelling.value] = newValue }
        }

        /// Adds a field's value: a second field of the same name joins the first with ", ", as
        /// `HTTPFields` joins them (none of these is `Cookie`).
        mutating func add(_ value: String, as name: Name) {
            if let first = self[name] {
                self[name] = first + ", " + value
            } else {
                self[name] = value
            }
        }
    }

    init(method: HTTPRequest.Method, path: String) {
        self.method = method
        self.path = path
    }

    /// The parser's request.
    init(_ head: HTTPRequest) {
        self.init(method: head.method, path: head.path ?? "")
        headerBytes = RequestLimits.headerBytes(of: head.headerFields)
        for field in head.headerFields {
            if let name = Fields.Name(field.name) { fields.add(field.value, as: name) }
        }
    }

    /// Whether the request says it has no body.
    var hasNoBody: Bool {
        Self.hasNoBody(contentLength: fields.contentLength, transferEncoding: fields.transferEncoding)
    }

    /// Whether a request with these fields has no body: no `Content-Length` but 0, no
    /// `Transfer-Encoding`.
    static func hasNoBody(contentLength: String?, transferEncoding: String?) -> Bool {
        transferEncoding == nil && (contentLength ?? "0") == "0"
    }
}
