import HTTPTypes
import Hummingbird
import NIOCore

/// An answer as the routes make it: its status, what its fields say, and its body. The fields
/// are kept as what they mean (the body is JSON; its entity tag; whether it depends on
/// `Accept-Language`) and written in one order, `Content-Type`, `ETag`, `Vary`: as `HTTPField`s
/// for the router (`response`) and the parser's encoder (`head`), or as bytes before the parser
/// (`BytesFastPath.bytes(of:allocator:)`), where making the fields (a checked `HTTPField` and a
/// `String` for the tag, an array) and destroying them cost some 3k instructions of a tip status.
///
/// The router answers it as Hummingbird's `Response`, to which Hummingbird adds `Content-Length`
/// and the application `Date` and `Server`, in that order; the event loop adds the same three in
/// the same order (`AddedField`).
struct AnswerParts: Sendable {
    var status: HTTPResponse.Status
    /// Whether the body is JSON: `Content-Type: application/json`.
    var isJSON: Bool
    /// The answer's entity tag: `ETag` (the answers to `GET` and `HEAD`).
    var eTag: AnswerETag?
    /// Whether the answer's content depends on the request's languages: `Vary: Accept-Language`.
    var variesByLanguage: Bool
    /// The body (empty for a 304).
    var body: ByteBuffer

    init(status: HTTPResponse.Status, isJSON: Bool, eTag: AnswerETag? = nil, variesByLanguage: Bool = false,
         body: ByteBuffer = ByteBuffer()) {
        self.status = status
        self.isJSON = isJSON
        self.eTag = eTag
        self.variesByLanguage = variesByLanguage
        self.body = body
    }

    /// `Content-Type: application/json`, checked once.
    static let jsonContentTypeField = HTTPField(name: .contentType, value: "application/json")
    /// `Vary: Accept-Language`, checked once.
    static let varyField = HTTPField(name: .vary, value: "Accept-Language")

    /// The fields the route sets, in their order, without `Content-Length`, `Date` and `Server`.
    var fields: [HTTPField] {
        var fields: [HTTPField] = []
        if isJSON { fields.append(Self.jsonContentTypeField) }
        if let eTag { fields.append(HTTPField(name: .eTag, value: eTag.header)) }
        if variesByLanguage { fields.append(Self.varyField) }
        return fields
    }

    /// The router's response.
    var response: Response {
        Response(status: status, headers: HTTPFields(fields), body: ResponseBody(byteBuffer: body))
    }

    /// The fields the event loop adds after the route's, in the order Hummingbird adds them to a
    /// `Response`: both writers (`head`, `BytesFastPath.bytes(of:allocator:)`) follow this list.
    enum AddedField {
        case contentLength, date, server

        static let inRoutersOrder: [AddedField] = [.contentLength, .date, .server]

        /// The field, for an answer whose body is `bodyLength` bytes.
        func field(bodyLength: Int) -> HTTPField {
            switch self {
            case .contentLength: HTTPField(name: .contentLength, value: String(bodyLength))
            case .date: HTTPDate.field
            case .server: ServerRoutes.serverField
            }
        }
    }

    /// The head written after the parser: the route's fields, then the added ones (NIO's encoder
    /// leaves out the length for a status that has no body).
    var head: HTTPResponse {
        var headers = HTTPFields(fields)
        for added in AddedField.inRoutersOrder { headers.append(added.field(bodyLength: body.readableBytes)) }
        return HTTPResponse(status: status, headerFields: headers)
    }
}
