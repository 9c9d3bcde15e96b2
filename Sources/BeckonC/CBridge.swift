internal import CBeckon
import BeckonConfig
import BeckonCore
import BeckonRules
import BeckonRuntime
import FoundationEssentials

/// Conversions at the C boundary: views to strings, results to sinks, failures to statuses and
/// the caller's error struct.
enum CBridge {
    /// A copy of a borrowed view; nil for invalid UTF-8 or a NULL pointer with a length.
    static func string(_ view: beckon_string) -> String? {
        guard view.len > 0 else { return "" }
        guard let pointer = view.ptr else { return nil }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: view.len).bindMemory(to: UInt8.self)
        // Ids, subjects and versions are mostly ASCII, which needs no validation (the general
        // validating initializer cost a tenth of a tip status).
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Writes `message` into the caller's error (cut to fit on a UTF-8 boundary) and returns `status`.
    static func fail(_ status: Int32, _ message: String, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
        guard let error else { return status }
        let capacity = Int(BECKON_ERROR_MESSAGE_CAPACITY) - 1
        var bytes = Array(message.utf8.prefix(capacity))
        while bytes.count == capacity, let last = bytes.last, last & 0xC0 == 0x80 { bytes.removeLast() }
        if bytes.count == capacity, let last = bytes.last, last >= 0xC0 { bytes.removeLast() }
        withUnsafeMutableBytes(of: &error.pointee.message) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        withUnsafeMutableBytes(of: &error.pointee.json_pointer) { $0[0] = 0 }
        return status
    }

    /// Writes one JSON document to the host's sink (a NULL sink or writer drops it).
    static func write(_ json: String, to sink: UnsafeMutablePointer<beckon_sink>?) {
        var json = json
        json.withUTF8 { write($0, to: sink) }
    }

    /// Writes one JSON document, as UTF-8 bytes, to the host's sink.
    static func write(_ json: UnsafeBufferPointer<UInt8>, to sink: UnsafeMutablePointer<beckon_sink>?) {
        guard let sink, let write = sink.pointee.write else { return }
        write(sink.pointee.context, UnsafeRawPointer(json.baseAddress)?.assumingMemoryBound(to: CChar.self), json.count)
    }

    /// The JSON text of a value, keys sorted as the CLI prints them.
    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The status of an engine error.
    static func status(of error: EngineError) -> Int32 {
        switch error {
        case .undeclared: BECKON_NOT_FOUND
        case .invalidValue, .notApplicable: BECKON_INVALID_ARGUMENT
        case .store: BECKON_UNAVAILABLE
        case .contention: BECKON_CONFLICT
        }
    }

    /// The engine and the decision request of a call, or the failure to report.
    static func decode(_ handle: OpaquePointer?, _ request: UnsafePointer<beckon_request>?)
        -> Result<(EmbeddedEngine, DecisionRequest), CallFailure> {
        guard let engine = EmbeddedEngine.from(handle) else { return .failure(.init(BECKON_INVALID_ARGUMENT, "engine is NULL")) }
        guard let request else { return .failure(.init(BECKON_INVALID_ARGUMENT, "request is NULL")) }
        let size = Int(request.pointee.struct_size)
        guard size >= MemoryLayout<beckon_request>.size else {
            return .failure(.init(BECKON_INVALID_ARGUMENT, "request.struct_size is \(size); ABI 1.0 needs \(MemoryLayout<beckon_request>.size)"))
        }
        guard let subject = string(request.pointee.subject), !subject.isEmpty else {
            return .failure(.init(BECKON_INVALID_ARGUMENT, "request.subject must be a non-empty UTF-8 string"))
        }
        guard let versionText = string(request.pointee.app_version) else {
            return .failure(.init(BECKON_INVALID_ARGUMENT, "request.app_version is not UTF-8"))
        }
        var version: Version?
        if !versionText.isEmpty {
            guard let parsed = engine.version(versionText) else {
                return .failure(.init(BECKON_INVALID_ARGUMENT, "request.app_version: \(Version.problem(with: versionText))"))
            }
            version = parsed
        }
        let now = request.pointee.now
        guard now == Int64.min || TimestampSyntax.instants.contains(now) else {
            return .failure(.init(BECKON_INVALID_ARGUMENT, "request.now is \(now); instants lie between \(TimestampSyntax.instantsText)"))
        }
        let decision = DecisionRequest(subject: subject, now: engine.instant(now), appVersion: version)
        return .success((engine, decision))
    }

    /// Runs one operation and writes its answer (the CLI's `--json` object) to the sink.
    static func perform(_ handle: OpaquePointer?, _ request: UnsafePointer<beckon_request>?,
                        _ result: UnsafeMutablePointer<beckon_sink>?, _ errorOut: UnsafeMutablePointer<beckon_error>?,
                        _ makeOperation: (EmbeddedEngine) throws(CallFailure) -> TraceOperation) -> beckon_status {
        let engine: EmbeddedEngine, decision: DecisionRequest
        switch decode(handle, request) {
        case .failure(let failure): return fail(failure.status, failure.message, errorOut)
        case .success(let decoded): (engine, decision) = decoded
        }
        do throws(CallFailure) {
            let operation = try makeOperation(engine)
            let report: OperationReport
            do {
                report = try OperationRunner.perform(operation, decision, on: engine.engine)
            } catch {
                throw CallFailure(error)
            }
            report.withJSONText(subject: decision.subject, now: decision.now) { write($0, to: result) }
            return BECKON_OK
        } catch {
            return fail(error.status, error.message, errorOut)
        }
    }

    /// An id argument, or the failure naming it.
    static func id(_ view: beckon_string, _ what: String) throws(CallFailure) -> String {
        guard let text = string(view), !text.isEmpty else { throw CallFailure(BECKON_INVALID_ARGUMENT, "\(what) must be a non-empty UTF-8 string") }
        return text
    }
}

/// Why a call failed: its status and message.
struct CallFailure: Error {
    var status: Int32
    var message: String

    init(_ status: Int32, _ message: String) {
        self.status = status
        self.message = message
    }

    init(_ error: EngineError) {
        self.init(CBridge.status(of: error), error.description)
    }
}
