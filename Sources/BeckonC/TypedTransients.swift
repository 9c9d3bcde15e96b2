internal import CBeckon
import BeckonCore
import BeckonRules

/// A request's typed transient parameters (ABI 1.3, `beckon_request.typed_transients`): each a
/// parameter's handle and a value in C types, checked against the serving configuration into the
/// engine's `TransientValue`s. The typed path checks them into a buffer on the stack, so a
/// decision with transients allocates nothing for them.
struct TypedTransients {
    let values: UnsafeBufferPointer<beckon_transient>

    /// The smallest `struct_size` of a `beckon_transient` (1.3's).
    static let valueSize = MemoryLayout<beckon_transient>.size

    init(values: UnsafeBufferPointer<beckon_transient>) {
        self.values = values
    }

    /// The typed transients of `request`, as far as its `struct_size` covers them (none for a
    /// request shorter than 1.3's).
    init(_ request: UnsafePointer<beckon_request>) throws(CallFailure) {
        let size = Int(request.pointee.struct_size)
        guard size >= RequestExtensions.version13Size, request.pointee.typed_transient_count > 0 else {
            values = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        guard let first = request.pointee.typed_transients else {
            throw CallFailure(BECKON_INVALID_ARGUMENT, "request.typed_transients is NULL")
        }
        values = UnsafeBufferPointer(start: first, count: request.pointee.typed_transient_count)
    }

    var isEmpty: Bool { values.isEmpty }

    /// Runs `body` with every value checked against `engine` (the serving one), in a buffer on
    /// the stack: a `null` is left out, a parameter given twice refused.
    func withChecked<T>(_ engine: Engine, handles: HandleTable,
                        _ body: (UnsafeBufferPointer<TransientValue>) throws(CallFailure) -> T) throws(CallFailure) -> T {
        let result: Result<T, CallFailure> = withUnsafeTemporaryAllocation(of: TransientValue.self, capacity: values.count) { buffer in
            var count = 0
            defer { buffer.baseAddress!.deinitialize(count: count) }
            do throws(CallFailure) {
                for index in values.indices {
                    guard let checked = try Self.check(values[index], index, engine, handles) else { continue }
                    for earlier in buffer[..<count] where earlier.slot == checked.slot {
                        let name = engine.configuration.parameters.all[checked.slot].id
                        throw CallFailure(BECKON_INVALID_ARGUMENT, "transient parameter '\(name)' is given twice")
                    }
                    (buffer.baseAddress! + count).initialize(to: checked)
                    count += 1
                }
                return .success(try body(UnsafeBufferPointer(start: buffer.baseAddress, count: count)))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The values by parameter name, for the general path (a `null` left out).
    func byName(_ engine: Engine, handles: HandleTable) throws(CallFailure) -> [String: Value] {
        try withChecked(engine, handles: handles) { checked in
            var named: [String: Value] = [:]
            for each in checked { named[engine.configuration.parameters.all[each.slot].id] = each.value }
            return named
        }
    }

    /// `value` checked as the transient its handle names (nil for BECKON_VALUE_NULL).
    @inline(__always)
    private static func check(_ value: beckon_transient, _ index: Int, _ engine: Engine, _ handles: HandleTable) throws(CallFailure) -> TransientValue? {
        guard value.struct_size >= valueSize else {
            throw CallFailure(BECKON_INVALID_ARGUMENT, "request.typed_transients[\(index)].struct_size is \(value.struct_size); ABI 1.3 needs \(valueSize)")
        }
        let slot = try handles.slot(of: value.parameter, in: engine, "request.typed_transients[].parameter", parameterSlot)
        let given: Value
        switch value.type {
        case BECKON_VALUE_NULL: given = .null
        case BECKON_VALUE_BOOL:
            guard value.integer == 0 || value.integer == 1 else {
                throw CallFailure(BECKON_INVALID_ARGUMENT, "request.typed_transients[\(index)]: a bool is 0 or 1, not \(value.integer)")
            }
            given = .bool(value.integer == 1)
        case BECKON_VALUE_INT: given = .int(value.integer)
        case BECKON_VALUE_DOUBLE:
            guard value.number.isFinite else {
                throw CallFailure(BECKON_INVALID_ARGUMENT, "request.typed_transients[\(index)]: a double is finite, not \(value.number)")
            }
            given = .double(value.number)
        case BECKON_VALUE_DURATION: given = .duration(value.integer)
        case BECKON_VALUE_TIMESTAMP:
            guard TimestampSyntax.instants.contains(value.integer) else {
                throw CallFailure(BECKON_INVALID_ARGUMENT, "request.typed_transients[\(index)]: \(value.integer) is not an instant between \(TimestampSyntax.instantsText)")
            }
            given = .timestamp(value.integer)
        case BECKON_VALUE_STRING, BECKON_VALUE_VERSION, BECKON_VALUE_TEXT:
            guard let text = CBridge.string(value.text) else {
                throw CallFailure(BECKON_INVALID_ARGUMENT, "request.typed_transients[\(index)].text is not UTF-8")
            }
            switch value.type {
            case BECKON_VALUE_STRING: given = .string(text)
            case BECKON_VALUE_VERSION:
                guard let version = Version(text) else {
                    throw CallFailure(BECKON_INVALID_ARGUMENT, "request.typed_transients[\(index)]: \(Version.problem(with: text))")
                }
                given = .version(version)
            default:
                do throws(EngineError) { return try engine.transientValue(slot: slot, text: text) } catch { throw CallFailure(error) }
            }
        default:
            throw CallFailure(BECKON_INVALID_ARGUMENT, "request.typed_transients[\(index)].type is \(value.type), not a BECKON_VALUE_*")
        }
        do throws(EngineError) { return try engine.transientValue(slot: slot, given) } catch { throw CallFailure(error) }
    }
}

/// A parameter's slot in `engine`, looked up by id (what a parameter handle's slot is resolved with).
func parameterSlot(_ engine: Engine, _ id: String) throws(EngineError) -> Int {
    try engine.parameterSlot(of: id)
}
