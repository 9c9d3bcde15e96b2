public import BeckonCore
public import BeckonRules
internal import CBeckonICU
import Synchronization

/// One message compiled by ICU for one locale: the only owner of its `icu::MessageFormat`, made
/// once at load and freed with this object. Formatting creates no ICU object.
///
/// ICU's `MessageFormat::format` is const but not safe on one object from two threads at once:
/// it makes its plural rules and number formats lazily on first use, through `const_cast`. So
/// each template formats under a lock of its own (uncontended, a few nanoseconds), which also
/// keeps the last values formatted and their text.
public final class MessageTemplate: CompiledMessage, @unchecked Sendable {
    private let handle: OpaquePointer
    private let argumentCount: Int
    /// The last values formatted and their text: a subject asking again (the common call) gets
    /// the same text without ICU; other values replace it. Read and written under the lock.
    private let lock = Mutex<(values: [Value], text: String)?>(nil)

    /// Compiles `pattern` (arguments named `a0`…) for the BCP 47 tag `locale`.
    public init(_ pattern: String, locale: String, argumentCount: Int) throws(MessageCompileError) {
        var error = beckon_icu_error()
        var text = pattern
        let opened = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                beckon_icu_message_open(chars.baseAddress, Int32(chars.count), locale, Int32(argumentCount), &error)
            }
        }
        guard let opened else {
            let code = error.name.map { String(cString: $0) } ?? "U_INTERNAL_PROGRAM_ERROR"
            throw MessageCompileError(code: code, utf16Offset: error.offset >= 0 ? Int(error.offset) : nil)
        }
        handle = opened
        self.argumentCount = argumentCount
    }

    deinit {
        beckon_icu_message_close(handle)
    }

    /// The message with `arguments[i]` as `a<i>`; a missing argument is an empty text.
    public func format(_ arguments: [Value]) -> String {
        lock.withLock { last in
            if let last, last.values == arguments { return last.text }
            let text = withUnsafeTemporaryAllocation(of: beckon_icu_argument.self, capacity: argumentCount) { slots in
                withArguments(arguments, from: 0, into: slots) { formatted(slots) }
            }
            last = (arguments, text)
            return text
        }
    }

    /// Fills `slots` from `index` on and runs `body` while every text they point at is alive.
    private func withArguments(_ arguments: [Value], from index: Int, into slots: UnsafeMutableBufferPointer<beckon_icu_argument>,
                               _ body: () -> String) -> String {
        guard index < argumentCount else { return body() }
        let value = index < arguments.count ? arguments[index] : .null
        switch value {
        case .int(let integer):
            slots[index] = beckon_icu_argument(kind: Int32(BECKON_ICU_INT), integer: integer, number: 0, text: nil, length: 0)
            return withArguments(arguments, from: index + 1, into: slots, body)
        case .double(let number):
            slots[index] = beckon_icu_argument(kind: Int32(BECKON_ICU_DOUBLE), integer: 0, number: number, text: nil, length: 0)
            return withArguments(arguments, from: index + 1, into: slots, body)
        default:
            var text = Self.text(of: value)
            return text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    slots[index] = beckon_icu_argument(kind: Int32(BECKON_ICU_STRING), integer: 0, number: 0,
                                                       text: chars.baseAddress, length: Int32(chars.count))
                    return withArguments(arguments, from: index + 1, into: slots, body)
                }
            }
        }
    }

    /// A value that is not a number, as a text argument: `true`/`false` (what `select` selects
    /// on), a version or an instant as the rule language writes it, null as nothing.
    static func text(of value: Value) -> String {
        switch value {
        case .string(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .null: ""
        case .version(let version): version.description
        default: value.description
        }
    }

    /// ICU's text for the arguments in `slots`; the caller holds the lock.
    private func formatted(_ slots: UnsafeMutableBufferPointer<beckon_icu_argument>) -> String {
        do {
            let first = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 512) { buffer -> String? in
                let needed = beckon_icu_message_format(handle, slots.baseAddress, buffer.baseAddress, Int32(buffer.count))
                guard needed >= 0, needed <= buffer.count else { return needed < 0 ? "" : nil }
                return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(needed)), as: UTF8.self)
            }
            if let first { return first }
            // Longer than the stack buffer: rare, formatted again into room of its size.
            let needed = Int(beckon_icu_message_format(handle, slots.baseAddress, nil, 0))
            guard needed > 0 else { return "" }
            var bytes = [CChar](repeating: 0, count: needed)
            let written = bytes.withUnsafeMutableBufferPointer {
                beckon_icu_message_format(handle, slots.baseAddress, $0.baseAddress, Int32(needed))
            }
            guard written == needed else { return "" }
            return String(decoding: bytes.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}

/// The ICU compiler of content templates, which the load hands to the rule book.
public struct ICUMessageCompiler: MessageCompiler {
    /// Creates the compiler.
    public init() {}

    public func compile(_ pattern: String, locale: String, argumentCount: Int) -> Result<any CompiledMessage, MessageCompileError> {
        do {
            return .success(try MessageTemplate(pattern, locale: locale, argumentCount: argumentCount))
        } catch {
            return .failure(error)
        }
    }
}
