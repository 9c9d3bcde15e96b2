/// Bytes gathered from texts, each copied from its contiguous UTF-8 (appending a `utf8` view
/// goes byte by byte): a log line (`BufferedLogHandler`), an answer's head (`BytesFastPath`).
///
/// One allocation of its own, appended to with a copy: `Array.append(contentsOf:)` cost ~90
/// instructions an append with its uniqueness and capacity checks, and a tip status answered
/// with its access line makes 46 appends (~4 k of its ~70 k instructions,
/// `Benchmarks/serve/instructions.sh`).
struct UTF8Bytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes were gathered.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add($0) }
    }

    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// The bytes gathered, borrowed for the duration of `body`.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    private mutating func grow(toHold needed: Int) {
        var grownCapacity = capacity * 2
        while grownCapacity < needed { grownCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: grownCapacity)
        grown.initialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = grownCapacity
    }
}
