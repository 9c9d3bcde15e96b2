import HTTPTypes
import NIOCore

/// A plain HTTP/1.1 request found whole at the start of the bytes a connection read, as the HTTP
/// parser and `HTTP1ToHTTPServerCodec` would hand it on (`BytesFastPath` answers it before them):
/// the head as the answerers read it (`EventLoopRequest`, as made from the codec's
/// `HTTPRequest`: `Host` the authority, not a field; values without the spaces before them) and
/// its body.
///
/// Only the plainest requests are read here, and every other is left to the parser, which reads
/// and refuses what it must: a method other than `GET` or `POST`; a target not in origin form or
/// with a byte outside visible ASCII; a version other than HTTP/1.1; a header line folded, with a
/// byte outside visible ASCII, space and tab, a space or tab after its value, or a name that is
/// not a token; a `Connection`,
/// `Keep-Alive`, `Upgrade`, `Expect`, `Transfer-Encoding`, `Content-Encoding`, `Cookie` or second `Host`; a `GET`
/// with a `Content-Length`, a `POST` without one (or with two, or one past `maxBodyBytes`); more
/// than `maxFields` fields, a head past `maxHeadBytes`, or a head or body not all read yet.
struct WholeRequest {
    var head: EventLoopRequest
    var body: ByteBuffer
    /// The request's bytes, head and body.
    var length: Int

    /// The most header fields read here.
    static let maxFields = 64

    /// The request at the start of `bytes`, or nil when the parser must read it.
    init?(_ bytes: ByteBuffer, maxHeadBytes: Int, maxBodyBytes: Int) {
        guard let found = bytes.withUnsafeReadableBytes({ Self.head($0, maxHeadBytes: maxHeadBytes, maxBodyBytes: maxBodyBytes) }),
              bytes.readableBytes - found.headLength >= found.bodyLength,
              let body = bytes.getSlice(at: bytes.readerIndex + found.headLength, length: found.bodyLength) else { return nil }
        self.head = found.head
        self.body = body
        self.length = found.headLength + found.bodyLength
    }

    private static let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")

    /// The head at the start of `bytes`, its length and its body's.
    private static func head(_ bytes: UnsafeRawBufferPointer, maxHeadBytes: Int,
                             maxBodyBytes: Int) -> (head: EventLoopRequest, headLength: Int, bodyLength: Int)? {
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

        var head = EventLoopRequest(method: method, path: text(bytes, targetStart..<targetEnd))
        var hasHost = false
        var bodyLength: Int?
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
            switch role(of: UnsafeRawBufferPointer(rebasing: bytes[nameStart..<nameEnd])) {
            case .host:
                // The authority, not a field (as the codec has it): once.
                guard !hasHost else { return nil }
                hasHost = true
                continue
            case .leftToParser:
                return nil
            case .read(.contentLength):
                let value = text(bytes, valueStart..<valueEnd)
                guard method == .post, bodyLength == nil, (1...9).contains(value.utf8.count),
                      value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                      let length = Int(value), length <= maxBodyBytes else { return nil }
                bodyLength = length
                head.fields.contentLength = value
            case .read(let name):
                head.fields.add(text(bytes, valueStart..<valueEnd), as: name)
            case .other:
                break
            }
            head.headerBytes += (nameEnd - nameStart) + (valueEnd - valueStart)
        }
        guard method == .get || bodyLength != nil else { return nil }
        return (head, at, bodyLength ?? 0)
    }

    /// The text of `range` of `bytes` (visible ASCII, checked as read).
    private static func text(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// What a header field is to this reading, found by its name.
    private enum FieldRole {
        /// `Host`: the request's authority.
        case host
        /// A field whose request is left to the parser (see the type's comment).
        case leftToParser
        /// A field the answerers read.
        case read(EventLoopRequest.Fields.Name)
        /// Any other field: only its size counts.
        case other
    }

    /// The names with a role, lowercase, and their roles.
    private static let roles: [(name: [UInt8], role: FieldRole)] = {
        let leftToParser: [HTTPField.Name] = [.connection, .upgrade, .expect, .transferEncoding, .contentEncoding, .cookie,
                                              HTTPField.Name("Keep-Alive")!, HTTPField.Name("Proxy-Connection")!]
        var roles: [(name: [UInt8], role: FieldRole)] = [(Array("host".utf8), .host)]
        roles += leftToParser.map { (Array($0.canonicalName.utf8), .leftToParser) }
        roles += EventLoopRequest.Fields.Name.allCases.filter { !leftToParser.contains($0.field) }
            .map { (Array($0.field.canonicalName.utf8), .read($0)) }
        return roles
    }()

    /// The role of the field named `name` (a token), found on its bytes: a `String` and an
    /// `HTTPField.Name` made of every name, as `HTTPFields` has them, cost more than the rest of
    /// this reading.
    private static func role(of name: UnsafeRawBufferPointer) -> FieldRole {
        for (known, role) in roles where known.count == name.count {
            // A token byte ORed with 0x20 is a lowercase letter, or `-`, only if it is that letter
            // in either case, or `-`.
            if known.indices.allSatisfy({ name[$0] | 0x20 == known[$0] }) { return role }
        }
        return .other
    }

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
