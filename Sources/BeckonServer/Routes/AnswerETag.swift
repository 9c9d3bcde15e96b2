import BeckonCore
import NIOCore

/// The entity tag of an answer: a weak tag (`W/"…"`) over the answer's bytes without its
/// top-level `now` member, so that asking again at another instant gets the same tag, and a 304,
/// exactly when everything else in the answer is the same.
///
/// Weak, because two answers with the same tag may differ in their bytes (their `now`): RFC 9110
/// reserves strong tags for byte-identical representations, and `If-None-Match` compares tags
/// weakly anyway. The hash is 64-bit FNV-1a over 8-byte words (`FNV1a.combineWords`), of the
/// bytes before the `now` member and then of those after it: stable across processes and
/// restarts (servers behind one balancer give the same tag for the same answer), and one pass
/// over the bytes at a step a word; a client only compares a tag with the previous tag of the
/// same resource, so 64 bits make an unnoticed change an accident of about 2⁻⁶⁴.
struct AnswerETag: Equatable {
    /// The answer's hash without its `now`.
    let hash: UInt64

    /// Where an answer's top-level `now` member stands, as far as its writer knows.
    ///
    /// A writer that knows saves the scan, which costs more than the hash: a few hundred
    /// instructions on a tip status, ~23 k of an OFREP bulk answer's ~158 k
    /// (`Benchmarks/serve/instructions.sh`).
    enum NowMember {
        /// Looked for in the answer's bytes (`nowMember(in:)`).
        case unknown
        /// There is none (an OFREP bulk answer's members are `eventStreams` and `flags`).
        case absent
        /// `"now":"…"`, without the commas around it, at these bytes (a tip status answer).
        case at(Range<Int>)
    }

    /// The tag of an answer's JSON text (an object; its top-level `now`, if any, is left out).
    init(of answer: ByteBuffer, now written: NowMember = .unknown) {
        hash = answer.withUnsafeReadableBytes { bytes in
            let member: Range<Int>? = switch written {
            case .unknown: Self.nowMember(in: bytes)
            case .absent: nil
            case .at(let range): range
            }
            let now = member.map { Self.withItsComma($0, in: bytes) } ?? bytes.count..<bytes.count
            var hash = FNV1a()
            hash.combineWords(UnsafeRawBufferPointer(rebasing: bytes[..<now.lowerBound]))
            hash.combineWords(UnsafeRawBufferPointer(rebasing: bytes[now.upperBound...]))
            return hash.value
        }
    }

    /// The `ETag` header's value: `W/"` and 16 hexadecimal digits `"`.
    var header: String {
        String(unsafeUninitializedCapacity: Self.headerLength) { bytes in
            writeHeader(to: bytes)
            return Self.headerLength
        }
    }

    /// How many bytes `header` is.
    static let headerLength = 20

    /// Writes `header`'s bytes to the start of `bytes` (`headerLength` of them), byte by byte:
    /// built from strings (`String(radix:)`, padding, three appends) it cost ~2.5 k instructions
    /// a request, a fiftieth of a tip status's.
    func writeHeader(to bytes: UnsafeMutableBufferPointer<UInt8>) {
        let hexadecimal: StaticString = "0123456789abcdef"
        bytes[0] = UInt8(ascii: "W")
        bytes[1] = UInt8(ascii: "/")
        bytes[2] = UInt8(ascii: "\"")
        for index in 0..<16 {
            let digit = Int((hash >> UInt64(60 - 4 * index)) & 0xF)
            bytes[3 + index] = hexadecimal.utf8Start[digit]
        }
        bytes[19] = UInt8(ascii: "\"")
    }

    /// Whether an `If-None-Match` header's value names this tag (weak comparison, RFC 9110
    /// §13.1.2): `*`, or a comma-separated list holding the tag with or without `W/`.
    func isMatched(by ifNoneMatch: String) -> Bool {
        let opaque = header.dropFirst(2)
        for candidate in ifNoneMatch.split(separator: ",") {
            var tag = candidate.trimmingWhitespace()
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            if tag == opaque { return true }
        }
        return false
    }

    /// The key `nowMember` looks for, with its quotes and colon.
    private static let nowKey: StaticString = #""now":"#

    /// The byte range of the object's top-level `"now":VALUE` member; nil when there is none. A
    /// scan that skips strings and counts depth: nested `now` members (inside `arguments`, say)
    /// are content.
    static func nowMember(in bytes: UnsafeRawBufferPointer) -> Range<Int>? {
        let key = nowKey
        var depth = 0, index = 0, inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: "\""):
                if depth == 1, bytes.holds(key, at: index) {
                    return index..<valueEnd(in: bytes, from: index + key.utf8CodeUnitCount)
                }
                inString = true
            default: break
            }
            index += 1
        }
        return nil
    }

    /// `member` with the comma that separates it from the next member, or else from the one
    /// before it: what is left out of the hash.
    static func withItsComma(_ member: Range<Int>, in bytes: UnsafeRawBufferPointer) -> Range<Int> {
        if member.upperBound < bytes.count, bytes[member.upperBound] == UInt8(ascii: ",") { return member.lowerBound..<(member.upperBound + 1) }
        if member.lowerBound > 0, bytes[member.lowerBound - 1] == UInt8(ascii: ",") { return (member.lowerBound - 1)..<member.upperBound }
        return member
    }

    /// Where the scalar JSON value (a string, number or `null`) starting at `start` ends.
    private static func valueEnd(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            return min(index + 1, bytes.count)
        }
        while index < bytes.count, bytes[index] != UInt8(ascii: ","), bytes[index] != UInt8(ascii: "}") { index += 1 }
        return index
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    fileprivate func trimmingWhitespace() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
