public import BeckonCore
public import BeckonRules
internal import CBeckonICU
import Synchronization

/// One message compiled by ICU for one locale: the only owner of its `icu::MessageFormat`, made
/// once at load and freed with this object. Formatting creates no ICU object. A message in the
/// shapes templates mostly take (text, simple arguments, plural, select) also has a plan (the
/// shim's `MessagePlan`, compiled from ICU's own parse), which formats integers and strings with
/// the locale's ICU number format and plural rules but without `MessageFormat`'s per-call work:
/// a title with a count and a name costs about a tenth (`beckon-bench content`).
/// `MessagePlanTests` hold the plan to `MessageFormat`'s text.
///
/// ICU's `MessageFormat::format` is const but not safe on one object from two threads at once:
/// it makes its plural rules and number formats lazily on first use, through `const_cast`. So
/// each template formats under a lock of its own (uncontended, a few nanoseconds), which also
/// guards the shim's text (the last one formatted, lent to the caller with no `String` made)
/// and the values it was formatted with: a subject asking again (the common call) reads the
/// same text without formatting.
public final class MessageTemplate: CompiledMessage, @unchecked Sendable {
    private let handle: OpaquePointer
    private let argumentCount: Int
    /// The values the shim's text was last formatted with; nil before the first.
    private let lock = Mutex<ArraySlice<Value>?>(nil)

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

    /// The message with the `i`th of `arguments` as `a<i>` (a missing argument is an empty
    /// text), its UTF-8 lent to `body`.
    public func withText(_ arguments: ArraySlice<Value>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        lock.withLock { last in
            if last != arguments {
                fill(arguments, planned: true)
                last = arguments
            }
            body(text)
        }
    }

    /// Whether the message has a plan (see the type's documentation).
    package var hasPlan: Bool {
        beckon_icu_message_has_plan(handle)
    }

    /// The message formatted afresh, by its plan when `planned` (where it has one that takes the
    /// values) or else by `MessageFormat`: for the tests that hold the two together.
    package func format(_ arguments: [Value], planned: Bool) -> String {
        lock.withLock { last in
            last = nil
            fill(arguments[...], planned: planned)
            return String(decoding: text, as: UTF8.self)
        }
    }

    /// The shim's text; the caller holds the lock.
    private var text: UnsafeBufferPointer<UInt8> {
        var length: Int32 = 0
        let bytes = beckon_icu_message_text(handle, &length)
        return UnsafeBufferPointer(start: UnsafeRawPointer(bytes)?.assumingMemoryBound(to: UInt8.self), count: Int(length))
    }

    /// Formats `arguments` into the shim's text; the caller holds the lock.
    private func fill(_ arguments: ArraySlice<Value>, planned: Bool) {
        withUnsafeTemporaryAllocation(of: beckon_icu_argument.self, capacity: argumentCount) { slots in
            withArguments(arguments, from: 0, into: slots) {
                _ = beckon_icu_message_format(handle, slots.baseAddress, planned)
            }
        }
    }

    /// Fills `slots` from `index` on and runs `body` while every text they point at is alive.
    private func withArguments(_ arguments: ArraySlice<Value>, from index: Int, into slots: UnsafeMutableBufferPointer<beckon_icu_argument>,
                               _ body: () -> Void) {
        guard index < argumentCount else { return body() }
        let value = index < arguments.count ? arguments[arguments.startIndex + index] : .null
        switch value {
        case .int(let integer):
            slots[index] = beckon_icu_argument(kind: Int32(BECKON_ICU_INT), integer: integer, number: 0, text: nil, length: 0)
            withArguments(arguments, from: index + 1, into: slots, body)
        case .double(let number):
            slots[index] = beckon_icu_argument(kind: Int32(BECKON_ICU_DOUBLE), integer: 0, number: number, text: nil, length: 0)
            withArguments(arguments, from: index + 1, into: slots, body)
        default:
            var text = Self.text(of: value)
            text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    slots[index] = beckon_icu_argument(kind: Int32(BECKON_ICU_STRING), integer: 0, number: 0,
                                                       text: chars.baseAddress, length: Int32(chars.count))
                    withArguments(arguments, from: index + 1, into: slots, body)
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
