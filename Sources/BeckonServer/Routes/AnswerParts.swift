import HTTPTypes
import Hummingbird
import NIOCore

/// An answer as the routes make it: its status, the fields they set (in their order) and its
/// body. The router answers it as Hummingbird's `Response` (`response`), to which Hummingbird adds
/// `Content-Length` and the application `Date` and `Server`, in that order; the event loop adds
/// the same three in the same order, as a head after the HTTP parser (`head`) or as bytes before
/// it (`BytesFastPath.bytes(of:allocator:)`, with no `HTTPFields` at all: building them, a field
/// at a time, and a `Response` cost some 10 % of a tip status answered there).
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

    /// The head written after the parser: the route's fields, then `Content-Length`, `Date` and
    /// `Server` (NIO's encoder leaves out the length for a status that has no body).
    var head: HTTPResponse {
        var headers = HTTPFields(fields)
        headers.append(HTTPField(name: .contentLength, value: String(body.readableBytes)))
        headers.append(HTTPDate.field)
        headers.append(ServerRoutes.serverField)
        return HTTPResponse(status: status, headerFields: headers)
    }
}
