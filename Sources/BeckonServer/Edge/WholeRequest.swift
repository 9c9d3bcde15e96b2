import HTTPTypes
import NIOCore

/// A plain HTTP/1.1 request found whole at the start of the bytes a connection read, as the HTTP
/// parser and `HTTP1ToHTTPServerCodec` would hand it on (`BytesFastPath` answers it before them):
/// the head as an `HTTPRequest` (its first `Host` the authority, the other fields in their order,
/// names as written, values without the spaces before them) and its body.
///
/// Only the plainest requests are read here, and every other is left to the parser, which reads
/// and refuses what it must: a method other than `GET` or `POST`; a target not in origin form or
/// with a byte outside visible ASCII; a version other than HTTP/1.1; a header line folded, with a
/// byte outside visible ASCII, space and tab, a space or tab after its value, or a name that is
/// not a token; a `Connection`,
/// `Keep-Alive`, `Upgrade`, `Expect`, `Transfer-Encoding`, `Cookie` or second `Host`; a `GET`
/// with a `Content-Length`, a `POST` without one (or with two, or one past `maxBodyBytes`); more
/// than `maxFields` fields, a head past `maxHeadBytes`, or a head or body not all read yet.
struct WholeRequest {
    var head: HTTPRequest
    var body: ByteBuffer
    /// The request's bytes, head and body.
    var length: Int

    /// The most header fields read here.
    static let maxFields = 64

    /// The request at the start of `bytes`, or nil when the parser must read it.
    init?(_ bytes: ByteBuffer, maxHeadBytes: Int, maxBodyBytes: Int) {
        let found: (head: HTTPRequest, headLength: Int, bodyLength: Int)?? = bytes.readableBytesView.withContiguousStorageIfAvailable { raw in
            Self.head(UnsafeRawBufferPointer(raw), maxHeadBytes: maxHeadBytes, maxBodyBytes: maxBodyBytes)
        }
        guard let found = found ?? nil, bytes.readableBytes - found.headLength >= found.bodyLength,
              let body = bytes.getSlice(at: bytes.readerIndex + found.headLength, length: found.bodyLength) else { return nil }
        self.head = found.head
        self.body = body
        self.length = found.headLength + found.bodyLength
    }

    private static let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")

    /// The head at the start of `bytes`, its length and its body's.
    private static func head(_ bytes: UnsafeRawBufferPointer, maxHeadBytes: Int,
                             maxBodyBytes: Int) -> (head: HTTPRequest, headLength: Int, bodyLength: Int)? {
        // The request line: METHOD SP TARGET SP HTTP/1.1 CRLF.
        let method: HTTPRequest.Method
        var at: Int
        if bytes.holds("GET ") {
            method = .get
            at = 4
        } else if bytes.holds("POST ") {
            method = .post
            at = 5
        } else {
            return nil
        }
        let limit = min(bytes.count, maxHeadBytes)
        let targetStart = at
        guard at < limit, bytes[at] == UInt8(ascii: "/") else { return nil }
        while at < limit && bytes[at] > space && bytes[at] < 0x7F { at += 1 }
        let targetEnd = at
        guard bytes.holds(" HTTP/1.1\r\n", at: at) else { return nil }
        at += 11

        var fields = HTTPFields()
        var authority: String?
        var contentLength: Int?
        var count = 0
        while true {
            guard at + 1 < limit else { return nil }
            if bytes[at] == cr {
                guard bytes[at + 1] == lf else { return nil }
                at += 2
                break
            }
            // NAME ":" OWS VALUE OWS CRLF, the name a token.
            let nameStart = at
            while at < limit && isTokenByte(bytes[at]) { at += 1 }
            guard at < limit, at > nameStart, bytes[at] == UInt8(ascii: ":") else { return nil }
            let nameEnd = at
            at += 1
            while at < limit && (bytes[at] == space || bytes[at] == tab) { at += 1 }
            let valueStart = at
            while at < limit && bytes[at] != cr {
                let byte = bytes[at]
                guard (byte >= space && byte < 0x7F) || byte == tab else { return nil }
                at += 1
            }
            let valueEnd = at
            // Spaces after a value are left to the parser, which has its own reading of them.
            guard at + 1 < limit, bytes[at + 1] == lf, valueEnd == valueStart || (bytes[valueEnd - 1] != space && bytes[valueEnd - 1] != tab)
            else { return nil }
            at += 2
            count += 1
            guard count <= maxFields else { return nil }
            let value = text(bytes, valueStart..<valueEnd)
            // `Host` is found on its bytes: the field of every request, the one a client like wrk
            // sends alone, and a name made of it only to be compared cost ~0.7 k instructions.
            if isHost(UnsafeRawBufferPointer(rebasing: bytes[nameStart..<nameEnd])) {
                guard authority == nil else { return nil }
                authority = value
                continue
            }
            guard let name = HTTPField.Name(text(bytes, nameStart..<nameEnd)) else { return nil }
            switch name {
            case .contentLength:
                guard method == .post, contentLength == nil, (1...9).contains(value.utf8.count),
                      value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                      let length = Int(value), length <= maxBodyBytes else { return nil }
                contentLength = length
            case .connection, .upgrade, .expect, .transferEncoding, .cookie, Self.keepAlive, Self.proxyConnection:
                return nil
            default:
                break
            }
            fields.append(HTTPField(name: name, value: value))
        }
        guard method == .get || contentLength != nil else { return nil }
        let path = text(bytes, targetStart..<targetEnd)
        let head = HTTPRequest(method: method, scheme: "http", authority: authority, path: path, headerFields: fields)
        return (head, at, contentLength ?? 0)
    }

    /// The text of `range` of `bytes` (visible ASCII, checked as read).
    private static func text(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Whether a field's name is `Host`, in any case.
    private static func isHost(_ name: UnsafeRawBufferPointer) -> Bool {
        // A byte ORed with 0x20 is a lowercase letter only if it is that letter in either case.
        name.count == 4 && name[0] | 0x20 == UInt8(ascii: "h") && name[1] | 0x20 == UInt8(ascii: "o")
            && name[2] | 0x20 == UInt8(ascii: "s") && name[3] | 0x20 == UInt8(ascii: "t")
    }

    private static let keepAlive = HTTPField.Name("Keep-Alive")!
    private static let proxyConnection = HTTPField.Name("Proxy-Connection")!

    /// Whether `byte` may be in a header name (RFC 9110's `tchar`).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "!"), UInt8(ascii: "#")...UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"),
             UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
