import BeckonRules

/// The bytes of a text being written (a JSON answer; in the server, a log line and an answer's
/// head): one buffer that doubles when full, appended to without the uniqueness and capacity
/// checks of `Array.append` on every byte (an answer is a few hundred bytes, written byte by
/// byte, a microsecond budget for the whole call; `Array.append(contentsOf:)` cost ~90
/// instructions a piece, and a tip status answered with its access line is some 50 pieces).
///
/// Its appends are `@inlinable`, so that the server's writers (an answer's head, the access line:
/// some 110 appends a tip status) inline them as this module's own do, rather than calling
/// across the module ~50 instructions a piece (`Benchmarks/serve/instructions.sh`). They are
/// `public` for that: this toolchain (Swift 6.3) inlines no `@inlinable package` function into
/// another module (a call is left even under `@inline(__always)`), a `public` one it does. This
/// module is no product, so `public` shows them to no one `package` does not.
public struct ByteOutput: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    /// How many bytes were written (stored as `written`, whose setter the inlined appends use).
    public var count: Int { written }
    @usableFromInline var written = 0
    /// The thread's recent seconds (see JSONScratch), when the output is the thread's own.
    private var recentSeconds: UnsafeMutablePointer<RecentSeconds>?

    public init(capacity: Int = 1024) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    /// Takes over the bytes at `base` (`capacity` of them, allocated with `allocate`), empty.
    init(reusing base: UnsafeMutablePointer<UInt8>, capacity: Int, recentSeconds: UnsafeMutablePointer<RecentSeconds>? = nil) {
        self.base = base
        self.capacity = capacity
        self.recentSeconds = recentSeconds
    }

    deinit {
        base.deallocate()
    }

    /// Gives the buffer back (which may have moved while it grew) without freeing it.
    consuming func release() -> (base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        let buffer = (base, capacity)
        discard self
        return buffer
    }

    /// Calls `body` with an empty output whose bytes are reused from call to call on the same
    /// thread (see JSONScratch): a hot answer (and in the server, its head and access line)
    /// allocates nothing once its thread has answered once.
    @inline(__always)
    public static func withReusable<R>(_ body: (inout ByteOutput) throws -> R) rethrows -> R {
        try JSONScratch.withOutput(body)
    }

    /// The bytes written so far, borrowed for the duration of `body`.
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: written))
    }

    @inlinable @inline(__always)
    mutating func append(_ byte: UInt8) {
        if written == capacity { grow(toHold: 1) }
        base[written] = byte
        written += 1
    }

    @inlinable @inline(__always)
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if written + bytes.count > capacity { grow(toHold: bytes.count) }
        (base + written).update(from: source, count: bytes.count)
        written += bytes.count
    }

    /// Appends a text's UTF-8 as it is (no escape), copied from its contiguous bytes (appending
    /// a `utf8` view goes byte by byte).
    @inlinable @inline(__always)
    public mutating func appendUnescaped(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Replaces the byte written at `index` (a separator written before it was known to be the first).
    mutating func replace(at index: Int, with byte: UInt8) {
        precondition(index < written, "no byte written at \(index)")
        base[index] = byte
    }

    /// Removes the bytes written from `index` on, and gives them back.
    mutating func removeBytes(from index: Int) -> [UInt8] {
        precondition(index <= written, "no byte written at \(index)")
        let removed = Array(UnsafeBufferPointer(start: base + index, count: written - index))
        written = index
        return removed
    }

    /// Appends static text as it is (it needs no escape). A one-character literal may have no
    /// bytes to point at; for a literal the test is decided when the call is compiled.
    @inlinable @inline(__always)
    public mutating func append(_ text: StaticString) {
        guard text.hasPointerRepresentation else { return append(scalar: text.unicodeScalar) }
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @usableFromInline @inline(never)
    mutating func append(scalar: Unicode.Scalar) {
        for byte in scalar.utf8 { append(byte) }
    }

    /// The decimal digits of `value`, as `String(value)` writes them.
    @inlinable @inline(__always)
    public mutating func append(_ value: Int64) {
        // Counts are mostly a digit.
        if 0 <= value && value < 10 { return append(UInt8(ascii: "0") + UInt8(value)) }
        appendDigits(value)
    }

    @usableFromInline
    mutating func appendDigits(_ value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for UInt64.max's 20 digits
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            append(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[start...]))
        }
    }

    /// An instant as a JSON string of its ISO-8601 text (`TimestampSyntax.format`'s), written in
    /// place: instants of years 0 (from March) to 9999 two digits at a time, others by
    /// `TimestampSyntax.write`.
    mutating func appendQuotedTimestamp(_ milliseconds: Int64) {
        let room = TimestampSyntax.maximumFormattedLength + 2
        if written + room > capacity { grow(toHold: room) }
        base[written] = UInt8(ascii: "\"")
        written += 1
        if let length = Self.writeFourDigitYearTimestamp(milliseconds, at: base + written, recentSeconds: recentSeconds) {
            written += length
        } else {
            written += TimestampSyntax.write(milliseconds, into: UnsafeMutableBufferPointer(start: base + written, count: room - 2))
        }
        base[written] = UInt8(ascii: "\"")
        written += 1
    }

    /// The instants of `writeFourDigitYearTimestamp`: from 0000-03-01T00:00:00Z (day 0 of Howard
    /// Hinnant's civil_from_days, with its eras of 400 years from 1 March) to the end of 9999.
    static var fourDigitYearInstants: ClosedRange<Int64> { -marchOfYearZero...253_402_300_799_999 }
    private static var marchOfYearZero: Int64 { TimestampSyntax.daysFromMarchOfYearZeroTo1970 * 86_400_000 }

    /// Writes `TimestampSyntax.format(milliseconds)` at `target` (room for 24 bytes) and returns
    /// how many bytes, or nil (nothing written) outside `fourDigitYearInstants`.
    @inline(__always)
    private static func writeFourDigitYearTimestamp(_ milliseconds: Int64, at target: UnsafeMutablePointer<UInt8>,
                                                    recentSeconds: UnsafeMutablePointer<RecentSeconds>?) -> Int? {
        guard fourDigitYearInstants.contains(milliseconds) else { return nil }
        let sinceMarch = UInt64(milliseconds + marchOfYearZero)
        let millis = sinceMarch % 1000, seconds = sinceMarch / 1000
        if recentSeconds?.pointee.copy(seconds, to: target) != true {
            writeSecond(seconds, at: target)
            recentSeconds?.pointee.remember(seconds, from: target)
        }
        guard millis != 0 else {
            target[19] = UInt8(ascii: "Z")
            return 20
        }
        target[19] = UInt8(ascii: ".")
        target[20] = UInt8(ascii: "0") + UInt8(millis / 100)
        target[21] = UInt8(ascii: "0") + UInt8(millis / 10 % 10)
        target[22] = UInt8(ascii: "0") + UInt8(millis % 10)
        target[23] = UInt8(ascii: "Z")
        return 24
    }

    /// Writes `YYYY-MM-DDTHH:MM:SS` (19 bytes) at `target` for `seconds` since 0000-03-01T00:00:00Z.
    private static func writeSecond(_ seconds: UInt64, at target: UnsafeMutablePointer<UInt8>) {
        let secondOfDay = seconds % 86_400, days = seconds / 86_400
        let (year, month, day) = TimestampSyntax.civilFromDaysSinceMarchOfYearZero(days)
        let pairs: StaticString = """
            00010203040506070809101112131415161718192021222324252627282930313233343536373839\
            40414243444546474849505152535455565758596061626364656667686970717273747576777879\
            8081828384858687888990919293949596979899
            """
        let digits = pairs.utf8Start
        func pair(_ value: UInt64, at offset: Int) {
            target[offset] = digits[Int(value) * 2]
            target[offset + 1] = digits[Int(value) * 2 + 1]
        }
        pair(year / 100, at: 0)
        pair(year % 100, at: 2)
        target[4] = UInt8(ascii: "-")
        pair(month, at: 5)
        target[7] = UInt8(ascii: "-")
        pair(day, at: 8)
        target[10] = UInt8(ascii: "T")
        pair(secondOfDay / 3600, at: 11)
        target[13] = UInt8(ascii: ":")
        pair(secondOfDay / 60 % 60, at: 14)
        target[16] = UInt8(ascii: ":")
        pair(secondOfDay % 60, at: 17)
    }

    @usableFromInline @inline(never)
    mutating func grow(toHold extra: Int) {
        var newCapacity = capacity * 2
        while newCapacity < written + extra { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: written)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}

/// The `YYYY-MM-DDTHH:MM:SS` texts of the last two seconds written on a thread: the instants of
/// answers asked in the same second (their `now`, a tip's `revisitAt` asked again) are copied
/// rather than computed.
struct RecentSeconds {
    /// Seconds since 0000-03-01T00:00:00Z; `UInt64.max` for none.
    private var keys: (UInt64, UInt64) = (.max, .max)
    /// Their texts, 19 bytes in each 24.
    private var texts: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
    private var next = 0

    /// Copies the text of `second` to `target` when it is one of the two; false otherwise.
    @inline(__always)
    mutating func copy(_ second: UInt64, to target: UnsafeMutablePointer<UInt8>) -> Bool {
        let index = keys.0 == second ? 0 : keys.1 == second ? 1 : -1
        guard index >= 0 else { return false }
        withUnsafeBytes(of: &texts) { target.update(from: $0.baseAddress!.assumingMemoryBound(to: UInt8.self) + 24 * index, count: 19) }
        return true
    }

    /// Keeps the text of `second` (19 bytes at `source`) in place of the older of the two.
    mutating func remember(_ second: UInt64, from source: UnsafePointer<UInt8>) {
        let index = next
        withUnsafeMutableBytes(of: &texts) { ($0.baseAddress! + 24 * index).copyMemory(from: source, byteCount: 19) }
        if index == 0 { keys.0 = second } else { keys.1 = second }
        next = 1 - index
    }
}
