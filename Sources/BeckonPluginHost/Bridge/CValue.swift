internal import CBeckonPlugin
import BeckonRules
import Glibc

/// Conversions between rule values and `beckon_value`. Strings handed to a plugin are copied
/// into memory the caller owns and frees (`CAllocations`), so that a view stays valid for the
/// whole call whatever Swift does with its own strings.
enum CValue {
    /// The C type code of a rule type; nil for lists, which the ABI does not carry.
    static func code(of type: ValueType) -> beckon_type? {
        switch type {
        case .null: beckon_type(BECKON_TYPE_NULL)
        case .bool: beckon_type(BECKON_TYPE_BOOL)
        case .int: beckon_type(BECKON_TYPE_INT)
        case .double: beckon_type(BECKON_TYPE_DOUBLE)
        case .string: beckon_type(BECKON_TYPE_STRING)
        case .duration: beckon_type(BECKON_TYPE_DURATION)
        case .timestamp: beckon_type(BECKON_TYPE_TIMESTAMP)
        case .version: beckon_type(BECKON_TYPE_VERSION)
        case .list: nil
        }
    }

    /// The C form of `value`; strings are copied into `allocations`. Nil for a list.
    static func make(_ value: Value, allocations: inout CAllocations) -> beckon_value? {
        guard let type = code(of: value.type) else { return nil }
        var result = beckon_value()
        result.type = type
        switch value {
        case .null, .list: break
        case .bool(let flag): result.as.boolean = flag
        case .int(let integer), .duration(let integer), .timestamp(let integer): result.as.integer = integer
        case .double(let number): result.as.number = number
        case .string(let text): result.as.string = allocations.copy(text)
        case .version(let version): result.as.string = allocations.copy(version.description)
        }
        return result
    }

    /// The rule value of a C value, strings copied, or what is wrong with it, as the end of a
    /// sentence that starts with the value's role ("result"): "has unknown type code 42",
    /// "is not UTF-8", "has a NULL pointer and length 3", "'1.x' is not MAJOR.MINOR.PATCH", "12345… is outside the instants 0000-01-01… and 9999-12-31…".
    static func read(_ value: beckon_value) -> Result<Value, MalformedValue> {
        switch Int32(bitPattern: value.type) {
        case BECKON_TYPE_NULL: return .success(.null)
        case BECKON_TYPE_BOOL: return .success(.bool(value.as.boolean))
        case BECKON_TYPE_INT: return .success(.int(value.as.integer))
        case BECKON_TYPE_DOUBLE: return .success(.double(value.as.number))
        case BECKON_TYPE_STRING: return text(value.as.string).map(Value.string).mapError { MalformedValue("string", $0) }
        case BECKON_TYPE_DURATION: return .success(.duration(value.as.integer))
        case BECKON_TYPE_TIMESTAMP:
            guard TimestampSyntax.instants.contains(value.as.integer) else {
                return .failure(MalformedValue("timestamp", TextProblem("\(value.as.integer) is outside the instants \(TimestampSyntax.instantsText)")))
            }
            return .success(.timestamp(value.as.integer))
        case BECKON_TYPE_VERSION:
            switch text(value.as.string) {
            case .failure(let problem): return .failure(MalformedValue("version", problem))
            case .success(let written):
                guard let version = Version(written) else {
                    return .failure(MalformedValue("version", TextProblem("\(DescriptorString.quoted(written)) is not MAJOR.MINOR.PATCH")))
                }
                return .success(.version(version))
            }
        default:
            return .failure(MalformedValue(nil, TextProblem("has unknown type code \(value.type)")))
        }
    }

    /// A copy of a borrowed view; nil for invalid UTF-8 or a NULL pointer with a length.
    static func string(_ view: beckon_string) -> String? {
        try? text(view).get()
    }

    /// A copy of a borrowed view, or what is wrong with it ("is not UTF-8", "has a NULL pointer
    /// and length 3").
    static func text(_ view: beckon_string) -> Result<String, TextProblem> {
        guard view.len > 0 else { return .success("") }
        guard let pointer = view.ptr else { return .failure(TextProblem("has a NULL pointer and length \(view.len)")) }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: view.len).bindMemory(to: UInt8.self)
        guard let text = String(validating: bytes, as: UTF8.self) else { return .failure(TextProblem("is not UTF-8")) }
        return .success(text)
    }

    /// A borrowed view of a NUL-terminated static string from a descriptor.
    static func view(_ pointer: UnsafePointer<CChar>?) -> beckon_string {
        guard let pointer else { return beckon_string(ptr: nil, len: 0) }
        return beckon_string(ptr: pointer, len: strlen(pointer))
    }
}

/// C memory handed across the boundary for the duration of a call, freed together afterwards.
///
/// A list threaded through the allocations themselves (each starts with a pointer to the one
/// before), so that the struct is a single pointer: an evaluation that copies no string pays
/// nothing to create or destroy it.
struct CAllocations {
    private var last: UnsafeMutableRawPointer?
    private static let header = MemoryLayout<UnsafeMutableRawPointer?>.stride

    /// A NUL-terminated copy of `text`, as a view.
    mutating func copy(_ text: String) -> beckon_string {
        var text = text
        return text.withUTF8 { copy(UnsafeRawBufferPointer($0)) }
    }

    /// A NUL-terminated copy of `bytes`, as a view.
    mutating func copy(_ bytes: UnsafeRawBufferPointer) -> beckon_string {
        let block = UnsafeMutableRawPointer.allocate(byteCount: Self.header + bytes.count + 1, alignment: Self.header)
        block.storeBytes(of: last, as: UnsafeMutableRawPointer?.self)
        last = block
        let memory = block + Self.header
        if let base = bytes.baseAddress { memory.copyMemory(from: base, byteCount: bytes.count) }
        memory.storeBytes(of: 0, toByteOffset: bytes.count, as: UInt8.self)
        return beckon_string(ptr: memory.assumingMemoryBound(to: CChar.self), len: bytes.count)
    }

    /// Frees every copy.
    mutating func free() {
        while let block = last {
            last = block.load(as: UnsafeMutableRawPointer?.self)
            block.deallocate()
        }
    }
}
