import HTTPTypes
import Hummingbird
import NIOCore

/// An answer as the routes make it: its status, the fields they set (in their order) and its
/// body. The router answers it as Hummingbird's `Response` (`response`), to which Hummingbird adds
/// `Content-Length` and the application `Date` and `Server`, in that order; the event loop adds
/// the same three in the same order (`AddedField`), as a head after the HTTP parser (`head`) or
/// as bytes before it (`BytesFastPath.bytes(of:allocator:)`, with no `HTTPFields` at all:
/// building them, a field at a time, and a `Response` cost some 10 % of a tip status answered
/// there).
struct AnswerParts: Sendable {
    var status: HTTPResponse.Status
    /// The fields the route sets, without `Content-Length`, `Date` and `Server`.
    var fields: [HTTPField]
    /// The body (empty for a 304).
    var body: ByteBuffer

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
