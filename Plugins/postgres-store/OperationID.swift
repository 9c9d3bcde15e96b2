/// A random (version 4) UUID naming one commit, as PostgreSQL's `uuid` text. The bytes come
/// from `SystemRandomNumberGenerator` (getrandom(2) on Linux).
enum OperationID {
    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
    }
}
