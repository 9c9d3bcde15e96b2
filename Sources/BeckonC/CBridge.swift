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

    /// Writes `message` into the caller's error and returns `status`. A message longer than the
    /// buffer is cut before the character that would not fit whole, so the text stays UTF-8. An
    /// error whose `struct_size` is smaller than ABI 1.0's `beckon_error` is left untouched, as
    /// a NULL one: the library never writes past what the host said it has.
    static func fail(_ status: Int32, _ message: String, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
        guard let error, Int(error.pointee.struct_size) >= MemoryLayout<beckon_error>.size else { return status }
        let bytes = Self.messageBytes(message)
        withUnsafeMutableBytes(of: &error.pointee.message) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        withUnsafeMutableBytes(of: &error.pointee.json_pointer) { $0[0] = 0 }
        return status
    }

    /// Writes `failure`'s message into the caller's error and returns its status, as
    /// `fail(_:_:_:)` does.
    static func fail(_ failure: CallFailure, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
        fail(failure.status, failure.message, error)
    }

    /// The bytes of `message` that fit in `beckon_error.message` with its NUL, ending on a
    /// character boundary (never inside a multi-byte character).
    static func messageBytes(_ message: String) -> ArraySlice<UInt8> {
        let utf8 = Array(message.utf8)
        var length = min(utf8.count, Int(BECKON_ERROR_MESSAGE_CAPACITY) - 1)
        // The first byte left out is a continuation byte when the cut splits a character.
        while length > 0, length < utf8.count, utf8[length] & 0xC0 == 0x80 { length -= 1 }
        return utf8[..<length]
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

    /// Whether a sink wants answers: NULL or a NULL `write` means "no answer wanted".
    static func wantsAnswer(_ sink: UnsafeMutablePointer<beckon_sink>?) -> Bool {
        sink?.pointee.write != nil
    }

    /// The refusal of a sink smaller than ABI 1.0's `beckon_sink` (NULL is accepted: no answer
    /// wanted), or nil when it may be used. `name` is the parameter's name in the header.
    static func checkSink(_ sink: UnsafeMutablePointer<beckon_sink>?, _ name: String) -> CallFailure? {
        guard let sink else { return nil }
        let size = Int(sink.pointee.struct_size)
        guard size >= MemoryLayout<beckon_sink>.size else {
            return CallFailure(BECKON_INVALID_ARGUMENT, "\(name).struct_size is \(size); ABI 1.0 needs \(MemoryLayout<beckon_sink>.size)")
        }
        return nil
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

    /// The engine and the decoded request of a call, or the failure to report. The typed calls,
    /// which answer no text, pass `readingLocale: false`: the request's locale is not read.
    static func decode(_ handle: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ result: UnsafeMutablePointer<beckon_sink>?,
                       readingLocale: Bool = true) -> Result<(EmbeddedEngine, Call), CallFailure> {
        guard let engine = EmbeddedEngine.from(handle) else { return .failure(.init(BECKON_INVALID_ARGUMENT, "engine is NULL")) }
        do throws(CallFailure) {
            return .success((engine, try call(engine, request, result, readingLocale: readingLocale)))
        } catch {
            return .failure(error)
        }
    }

    /// The decoded request of a call to `handle`'s engine (checked not NULL), or the failure to
    /// report; built in place, without copying the request.
    static func call(_ handle: OpaquePointer?, _ request: UnsafePointer<beckon_request>?,
                     _ result: UnsafeMutablePointer<beckon_sink>?) throws(CallFailure) -> Call {
        guard let engine = EmbeddedEngine.from(handle) else { throw CallFailure(BECKON_INVALID_ARGUMENT, "engine is NULL") }
        return try call(engine, request, result)
    }

    private static func call(_ engine: EmbeddedEngine, _ request: UnsafePointer<beckon_request>?,
                             _ result: UnsafeMutablePointer<beckon_sink>?, readingLocale: Bool = true) throws(CallFailure) -> Call {
        if let refusal = checkSink(result, "result") { throw refusal }
        guard let request else { throw CallFailure(BECKON_INVALID_ARGUMENT, "request is NULL") }
        let size = Int(request.pointee.struct_size)
        guard size >= RequestExtensions.version10Size else {
            throw CallFailure(BECKON_INVALID_ARGUMENT, "request.struct_size is \(size); ABI 1.0 needs \(RequestExtensions.version10Size)")
        }
        guard let subject = string(request.pointee.subject), !subject.isEmpty else {
            throw CallFailure(BECKON_INVALID_ARGUMENT, "request.subject must be a non-empty UTF-8 string")
        }
        if let problem = SubjectID.lengthProblem(subject) { throw CallFailure(BECKON_INVALID_ARGUMENT, "request.subject: \(problem)") }
        let version = try engine.version(request.pointee.app_version)
        let now = request.pointee.now
        guard now == Int64.min || TimestampSyntax.instants.contains(now) else {
            throw CallFailure(BECKON_INVALID_ARGUMENT, "request.now is \(now); instants lie between \(TimestampSyntax.instantsText)")
        }
        let extensions = try RequestExtensions(request, readingLocale: readingLocale)
        let runtimes = engine.runtimes.serving
        var decision = DecisionRequest(subject: subject, now: engine.instant(now), appVersion: version,
                                       locales: try engine.locales(extensions.locale))
        // A request with nothing beyond 1.0 (the common case) is used as it is.
        if !extensions.isEmpty { decision = try extensions.applied(to: decision, serving: runtimes, parameterHandles: engine.parameterHandles) }
        return Call(serving: runtimes, request: decision, reportsChanges: extensions.reportsChanges, engine: runtimes.runtime.engine)
    }

    /// Runs one operation and writes its answer (the CLI's `--json` object) to the sink.
    static func perform(_ handle: OpaquePointer?, _ request: UnsafePointer<beckon_request>?,
                        _ result: UnsafeMutablePointer<beckon_sink>?, _ errorOut: UnsafeMutablePointer<beckon_error>?,
                        _ makeOperation: (ReloadableRuntime.Serving) throws(CallFailure) -> TraceOperation) -> beckon_status {
        answer(handle, request, result, errorOut) { call throws(CallFailure) in
            let operation = try makeOperation(call.serving)
            do throws(EngineError) {
                return try OperationRunner.perform(operation, call.request, on: call.engine, reportingChanges: call.reportsChanges)
            } catch {
                throw CallFailure(error)
            }
        }
    }

    /// `beckon_tip_status`, the hottest call: the decision written straight into the answer's
    /// bytes (none for a NULL sink), without an operation report; the same answer as
    /// `perform` with `.tipStatus`.
    static func tipStatus(_ handle: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ tip: beckon_string,
                          _ result: UnsafeMutablePointer<beckon_sink>?, _ errorOut: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
        do throws(CallFailure) {
            let call = try self.call(handle, request, result)
            let templates = call.serving.tipAnswers
            // A declared id's bytes find its slot with no string made; any other id is read and
            // looked up as `tipStatus(id)` looks it up (which refuses it as it would).
            let found = tip.len > 0 ? tip.ptr.flatMap { templates.slot(ofID: UnsafeRawBufferPointer(start: $0, count: tip.len)) } : nil
            let id = found == nil ? try self.id(tip, "tip") : nil
            let slot: Int, decision: TipDecision
            do throws(EngineError) {
                if let found { slot = found } else { slot = try call.engine.tipSlot(of: id!) }
                decision = try call.engine.tipStatus(slot: slot, call.request)
            } catch {
                throw CallFailure(error)
            }
            if wantsAnswer(result) {
                templates.withStatusJSONText(slot: slot, id: id, decision, subject: call.request.subject, now: call.request.now) { bytes, _ in
                    write(bytes, to: result)
                }
            }
            return BECKON_OK
        } catch {
            return fail(error, errorOut)
        }
    }

    /// Decodes a call, runs `report` and writes its answer to the sink (none is built for a
    /// NULL sink), or fills the caller's error.
    static func answer(_ handle: OpaquePointer?, _ request: UnsafePointer<beckon_request>?,
                       _ result: UnsafeMutablePointer<beckon_sink>?, _ errorOut: UnsafeMutablePointer<beckon_error>?,
                       _ report: (Call) throws(CallFailure) -> OperationReport) -> beckon_status {
        do throws(CallFailure) {
            let call = try self.call(handle, request, result)
            let answer = try report(call)
            if wantsAnswer(result) {
                answer.withJSONText(subject: call.request.subject, now: call.request.now) { write($0, to: result) }
            }
            return BECKON_OK
        } catch {
            return fail(error, errorOut)
        }
    }

    /// `count` non-empty ids at `strings` (NULL only when `count` is 0), or the failure naming `what`.
    static func ids(_ strings: UnsafePointer<beckon_string>?, _ count: Int, _ what: String) throws(CallFailure) -> [String] {
        guard count > 0 else { return [] }
        guard let strings else { throw CallFailure(BECKON_INVALID_ARGUMENT, "\(what) is NULL") }
        var ids: [String] = []
        for index in 0..<count {
            ids.append(try CBridge.id(strings[index], "\(what)[\(index)]"))
        }
        return ids
    }

    /// An id argument, or the failure naming it.
    static func id(_ view: beckon_string, _ what: String) throws(CallFailure) -> String {
        guard let text = string(view), !text.isEmpty else { throw CallFailure(BECKON_INVALID_ARGUMENT, "\(what) must be a non-empty UTF-8 string") }
        return text
    }
}

/// One call, decoded: the runtime serving it (read once, so that a reload never splits a call
/// between two configurations), its request, and whether it asked for its changes.
struct Call {
    var serving: ReloadableRuntime.Serving
    var request: DecisionRequest
    /// `BECKON_REQUEST_REPORT_CHANGES`.
    var reportsChanges: Bool

    /// The runtime serving the call (borrowed from `serving`, not copied).
    var runtime: Runtime { serving.runtime }
    /// Its engine, read once from `serving` (reading it through `runtime` copies the runtime).
    var engine: Engine
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
