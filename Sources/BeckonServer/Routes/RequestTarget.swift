/// A request's target (`/path?query`) read on its bytes as Hummingbird's `URI` reads it, for
/// every route (`ServerRoutes.query`) and the requests answered on the event loop, where building
/// a `URI` and its `queryParameters` cost more than the rest of reading the request (~11 k
/// instructions for a query of two members):
///
/// - `path`: the target up to its first `?`, as written;
/// - `query`: the members after it (up to a `#`), split at each `&`, each a name up to its first
///   `=`, as written, and a value percent-decoded (as written when it does not decode); a member
///   with no `=` has an empty value. An empty member (`a=1&&b=2`, `?&a=1`, a last `&`) is passed
///   over, as WHATWG's URL parser, Go's `url.ParseQuery` and Python's `parse_qsl` do (`URI`
///   keeps each but a last one as a member named `''`, which no route takes);
/// - `undecodable`: the first member whose value's escapes decode to bytes that are not UTF-8
///   (`URI` puts U+FFFD where they stand, and so does `query`), which the server refuses rather
///   than store a parameter so (`ServerRoutes.query`).
///
/// `RequestTargetTests` holds it to `URI(target).path` and `.queryParameters` over random targets.
struct RequestTarget {
    /// A query member: its name as written and its value percent-decoded (or as written).
    typealias Member = (name: String, value: String)

    let path: Substring
    let query: [Member]
    /// The name of the first member whose value's escapes decode to bytes that are not UTF-8.
    let undecodable: String?

    /// Reads `target`; nil for one that does not start with `/` (an absolute URI, `*`), which
    /// `URI` reads otherwise.
    init?(_ target: String) {
        // The bounds are found on the target's UTF-8 bytes, and each member is made from its
        // bytes: found through the `utf8` view's generic searches and cut out of the string as
        // substrings, a query of two members cost ~5 k instructions more than a bare path.
        var target = target[...]
        var query: [Member] = []
        var undecodable: String?
        let pathEnd: Int? = target.withUTF8 { bytes in
            guard bytes.first == UInt8(ascii: "/") else { return nil }
            guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else { return bytes.count }
            let end = bytes[(mark + 1)...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
            query.reserveCapacity(4)  // grown an element at a time, two members cost two allocations
            var start = mark + 1
            while start < end {
                let memberEnd = bytes[start..<end].firstIndex(of: UInt8(ascii: "&")) ?? end
                if memberEnd == start {  // an empty member
                    start += 1
                    continue
                }
                let equals = bytes[start..<memberEnd].firstIndex(of: UInt8(ascii: "="))
                let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(equals ?? memberEnd)]), as: UTF8.self)
                let (value, decodes) = equals.map { Self.value(UnsafeBufferPointer(rebasing: bytes[($0 + 1)..<memberEnd])) } ?? ("", true)
                if !decodes, undecodable == nil { undecodable = key }
                query.append((key, value))
                start = memberEnd + 1
            }
            return mark
        }
        guard let pathEnd else { return nil }
        path = target.utf8Slice(0..<pathEnd)
        self.query = query
        self.undecodable = undecodable
    }

    /// A value's bytes with each `%XX` replaced by its byte, then read as UTF-8 (a malformed
    /// sequence replaced, and `decodes` false); as written when an escape is cut short or not hex.
    private static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> (text: String, decodes: Bool) {
        guard bytes.contains(UInt8(ascii: "%")), let decoded = ServerRoutes.percentDecodedBytes(bytes) else {
            return (String(decoding: bytes, as: UTF8.self), true)
        }
        if let text = String(validating: decoded, as: UTF8.self) { return (text, true) }
        return (String(decoding: decoded, as: UTF8.self), false)
    }
}

extension Substring {
    /// The part of this text between two offsets into its UTF-8 bytes (found on them with
    /// `withUTF8`, as the paths read on the event loop are), a `Substring` of the same string.
    func utf8Slice(_ offsets: Range<Int>) -> Substring {
        let utf8 = self.utf8
        return Substring(utf8[utf8.index(utf8.startIndex, offsetBy: offsets.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: offsets.upperBound)])
    }
}
