internal import CBeckonPlugin
import BeckonPluginKit
import Glibc

/// A `beckon_error` for one call: on the caller's stack, with only the fields a plugin reads
/// set up front (zeroing its 770 bytes on every evaluation would cost more than the call).
enum CError {
    // Computed, not stored: the optimizer folds them to constants, where a static stored
    // property would cost a lazy-initialization check on every evaluation.
    private static var messageOffset: Int { MemoryLayout<beckon_error>.offset(of: \beckon_error.message)! }
    private static var pointerOffset: Int { MemoryLayout<beckon_error>.offset(of: \beckon_error.json_pointer)! }

    /// Runs `body` with a fresh error struct.
    static func with<R>(_ body: (UnsafeMutablePointer<beckon_error>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: beckon_error.self, capacity: 1) { buffer in
            let error = buffer.baseAddress!
            let raw = UnsafeMutableRawPointer(error)
            raw.storeBytes(of: UInt32(MemoryLayout<beckon_error>.size), as: UInt32.self)
            raw.storeBytes(of: 0, toByteOffset: messageOffset, as: UInt8.self)
            raw.storeBytes(of: 0, toByteOffset: pointerOffset, as: UInt8.self)
            return body(error)
        }
    }

    /// The message a plugin left, or the status's name when it left none.
    static func message(_ error: UnsafePointer<beckon_error>, status: beckon_status) -> String {
        let text = field(error, at: messageOffset, capacity: Int(BECKON_ERROR_MESSAGE_CAPACITY))
        return text.isEmpty ? "it returned \(PluginStatus(rawValue: status)) without a message" : text
    }

    /// Whether the plugin left a message.
    static func hasMessage(_ error: UnsafePointer<beckon_error>) -> Bool {
        UnsafeRawPointer(error).load(fromByteOffset: messageOffset, as: UInt8.self) != 0
    }

    /// The JSON pointer a plugin left (validate_config, bind).
    static func jsonPointer(_ error: UnsafePointer<beckon_error>) -> String {
        field(error, at: pointerOffset, capacity: Int(BECKON_ERROR_POINTER_CAPACITY))
    }

    /// A text field, read up to its NUL or its capacity, whichever comes first; invalid UTF-8
    /// is repaired rather than trusted.
    private static func field(_ error: UnsafePointer<beckon_error>, at offset: Int, capacity: Int) -> String {
        let start = UnsafeRawPointer(error).advanced(by: offset).assumingMemoryBound(to: CChar.self)
        let length = strnlen(start, capacity)
        let bytes = UnsafeRawBufferPointer(start: start, count: length)
        return String(decoding: bytes, as: UTF8.self)
    }
}
