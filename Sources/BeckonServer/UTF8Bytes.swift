/// Bytes gathered from texts, each copied from its contiguous UTF-8 when it has it (appending a
/// `utf8` view goes byte by byte): a log line (`BufferedLogHandler`), an answer's head
/// (`BytesFastPath`).
struct UTF8Bytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func add(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
    }
}
