import BeckonCore
import BeckonDiagnostics
import BeckonRuntime

/// A `/v1` request's JSON body, read by the parser the subject data format uses (`JSONParser`:
/// RFC 8259, one value, nothing after it, no member name given twice, which of the two is meant
/// being never guessed), and its faults as `usage` problems, each after the sentence that says
/// what the body should have been (`refusal`).
enum JSONBody {
    /// The value of `body`, or why it is not JSON: the byte (from 1) where reading stopped.
    static func parse(_ body: [UInt8], refusal: String) throws(Problem) -> ParsedJSON {
        if let invalid = UTF8Text.firstInvalidByte(in: body) {
            throw Problem(.usage, "\(refusal): not UTF-8 text at byte \(invalid + 1)")
        }
        do {
            return try JSONParser.parse(body)
        } catch {
            throw Problem(.usage, "\(refusal): \(error.message) at byte \(error.offset)")
        }
    }

    /// A value of the wrong shape, named by its member's JSON Pointer (`/transients/level: expected …`).
    static func refused(_ error: JSONShapeError, _ refusal: String) -> Problem {
        Problem(.usage, "\(refusal): \(error.located)")
    }
}
