@testable import BeckonServer
import Testing

/// `UnsafeRawBufferPointer.holds(_:at:)`, the byte comparison the requests read on their bytes
/// use: the same answer as `starts(with:)` of the bytes from the offset, at every offset, the
/// ends and past them included.
@Suite("beckon serve: bytes compared at an offset")
struct RawBytesHoldsTests {
    @Test(arguments: ["", "G", "GET", "GET ", "GET /a HTTP/1.1\r\n", "POST "])
    func agreesWithStartsWithAtEveryOffset(text: String) {
        let expected: [StaticString] = ["", "G", "GET ", "T /", " HTTP/1.1\r\n", "GET /a HTTP/1.1\r\nX"]
        Array(text.utf8).withUnsafeBytes { bytes in
            for literal in expected {
                let literalBytes = Array(UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
                for offset in -1...(bytes.count + 1) {
                    let reference = offset >= 0 && offset <= bytes.count && bytes[offset...].starts(with: literalBytes)
                    #expect(bytes.holds(literal, at: offset) == reference, "\(literal) at \(offset) of \(text.debugDescription)")
                }
            }
        }
    }
}
