public import CBeckonPlugin

extension String {
    /// Copies a borrowed `beckon_string` (UTF-8 bytes; any invalid sequence becomes U+FFFD).
    /// A NULL `ptr` or a zero `len` gives the empty string.
    public init(_ string: beckon_string) {
        self = String(decoding: string.bytes, as: UTF8.self)
    }
}

extension beckon_string {
    /// The bytes it views, borrowed like the string itself (empty when `ptr` is NULL).
    public var bytes: UnsafeBufferPointer<UInt8> {
        guard let pointer = ptr, len > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: len)
    }

    /// Calls `body` with a view of `text`'s UTF-8 bytes, valid only until `body` returns: how a
    /// Swift string is handed across the ABI without copying or allocating on the other side.
    public static func withBorrowed<Result, Failure: Error>(
        _ text: String, _ body: (beckon_string) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var text = text
        // Typed throws cannot pass through `withUTF8`'s rethrows, so the result travels out.
        let outcome: Swift.Result<Result, Failure> = text.withUTF8 { bytes in
            let view = beckon_string(ptr: UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self), len: bytes.count)
            do throws(Failure) {
                return .success(try body(view))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }
}

/// A copy of `text` as a NUL-terminated C string that is never freed: for the descriptor's
/// static data (names, versions, summaries), which the host keeps pointers to.
func staticCString(_ text: String) -> UnsafePointer<CChar> {
    let bytes = text.utf8CString
    let storage = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
    _ = UnsafeMutableBufferPointer(start: storage, count: bytes.count).initialize(from: bytes)
    return UnsafePointer(storage)
}
