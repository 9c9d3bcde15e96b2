/// A request's target (`/path?query`) read on its bytes as Hummingbird's `URI` reads it, for the
/// requests answered on the event loop, where building a `URI` and its `queryParameters` cost
/// more than the rest of reading the request (~11 k instructions for a query of two members):
///
/// - `path`: the target up to its first `?`, as written;
/// - `query`: the members after it (up to a `#`), split at each `&` (an empty member kept but
///   for a last one), each a name up to its first `=`, as written, and a value percent-decoded
///   (as written when it does not decode); a member with no `=` has an empty value.
///
/// `RequestTargetTests` holds it to `URI(target).path` and `.queryParameters` over random targets.
struct RequestTarget {
    typealias Member = (key: Substring, value: Substring)

    let path: Substring
    let query: [Member]

    /// Reads `target`; nil for one that does not start with `/` (an absolute URI, `*`), which
    /// `URI` reads otherwise.
    init?(_ target: String) {
        // The bounds are found on the target's UTF-8 bytes (its `utf8` view's generic searches
        // cost as much as `URI` itself), then cut out of the string.
        var target = target[...]
        var members: [(start: Int, equals: Int?, end: Int)] = []
        let pathEnd: Int? = target.withUTF8 { bytes in
            guard bytes.first == UInt8(ascii: "/") else { return nil }
            guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else { return bytes.count }
            let end = bytes[(mark + 1)...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
            var start = mark + 1
            while start < end {
                let memberEnd = bytes[start..<end].firstIndex(of: UInt8(ascii: "&")) ?? end
                members.append((start, bytes[start..<memberEnd].firstIndex(of: UInt8(ascii: "=")), memberEnd))
                start = memberEnd + 1
            }
            return mark
        }
        guard let pathEnd else { return nil }
        path = target.utf8Slice(0..<pathEnd)
        query = members.map { member in
            guard let equals = member.equals else { return (target.utf8Slice(member.start..<member.end), "") }
            let value = target.utf8Slice((equals + 1)..<member.end)
            return (target.utf8Slice(member.start..<equals), Self.percentDecoded(value) ?? value)
        }
    }

    /// `text` with each `%XX` replaced by its byte, then read as UTF-8 (a malformed sequence
    /// replaced), or nil when an escape is cut short or not hex; `text` itself when it has no `%`.
    private static func percentDecoded(_ text: Substring) -> Substring? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        return ServerRoutes.percentDecodedBytes(text.utf8).map { String(decoding: $0, as: UTF8.self)[...] }
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
