internal import CBeckon
import BeckonCore
import BeckonRuntime

/// The members a request gained in ABI 1.1 (transient parameters, testing overrides, flags), 1.3
/// (typed transient parameters) and 1.4 (the locale), read only as far as the request's
/// `struct_size` covers them: a 1.0 host's request is shorter, and the bytes after it are not the
/// host's to give.
struct RequestExtensions {
    var transients: [(name: String, text: String)] = []
    var typedTransients = TypedTransients(values: UnsafeBufferPointer(start: nil, count: 0))
    var testingShow: [String] = []
    var testingHide: [String] = []
    var flags: UInt32 = 0
    /// The request's `locale` (ABI 1.4) as the host sent it, read by `EmbeddedEngine.locales`;
    /// empty: the default locale.
    var locale = beckon_string(ptr: nil, len: 0)

    /// The size of a 1.0 request, the smallest accepted (`BECKON_REQUEST_SIZE_1_0`).
    static let version10Size = MemoryLayout<beckon_request>.offset(of: \.transients)!
    /// The size of a whole 1.3 request, up to and with `typed_transient_count`: a request this
    /// long has typed transients, a longer one may have a locale.
    static let version13Size = MemoryLayout<beckon_request>.offset(of: \.locale)!

    /// Whether the request asks for nothing beyond 1.0 (the common case, decided without the configuration).
    var isEmpty: Bool { transients.isEmpty && typedTransients.isEmpty && testingShow.isEmpty && testingHide.isEmpty && flags & Self.testingFlags == 0 }

    /// `BECKON_REQUEST_REPORT_CHANGES`: the answer says what the operation changed.
    var reportsChanges: Bool { flags & UInt32(BECKON_REQUEST_REPORT_CHANGES) != 0 }

    private static let testingFlags = UInt32(BECKON_REQUEST_SHOW_ALL_TIPS) | UInt32(BECKON_REQUEST_HIDE_ALL_TIPS)

    /// `request` with these transient parameters (text and typed, each parameter once in all;
    /// typed ones name parameters by `parameterHandles`) and testing overrides, checked against
    /// the configuration. The runtime is read only then: a request with none of them costs no
    /// copy of it.
    func applied(to request: DecisionRequest, serving: ReloadableRuntime.Serving,
                 parameterHandles: HandleTable) throws(CallFailure) -> DecisionRequest {
        guard !isEmpty else { return request }
        let runtime = serving.runtime
        var request = request
        let typed = try typedTransients.byName(runtime.engine, handles: parameterHandles)
        do throws(EngineError) {
            request.transientParameters = try runtime.transientParameters(transients)
            for (name, value) in typed {
                let given = transients.contains { $0.name == name }
                guard !given else { throw EngineError.invalidValue("transient parameter '\(name)' is given twice") }
                request.transientParameters[name] = value
            }
            request.testing = try runtime.testingOverrides(show: testingShow, hide: testingHide,
                                                           showAll: flags & UInt32(BECKON_REQUEST_SHOW_ALL_TIPS) != 0,
                                                           hideAll: flags & UInt32(BECKON_REQUEST_HIDE_ALL_TIPS) != 0)
        } catch {
            throw CallFailure(error)
        }
        return request
    }
}

extension RequestExtensions {
    /// Reads the members past 1.0 that `request.struct_size` covers; the others stay empty. The
    /// locale is read only when `readingLocale` (the calls that answer with content). Each member
    /// is read into a constant and the whole built once at the end: assigned one after another in
    /// a throwing initializer, they were built aside, copied and dropped (~0.2 k instructions a
    /// `beckon_tip_status`, `beckon-bench embedding --instructions`).
    init(_ request: UnsafePointer<beckon_request>, readingLocale: Bool = true) throws(CallFailure) {
        let size = Int(request.pointee.struct_size)
        // A whole request of this header whose lists are all empty (hosts built against it send
        // `sizeof`, and most calls give no transients or overrides): its flags and locale, read
        // as they are: member by member, it cost 136 instructions more a `beckon_tip_status`
        // (`beckon-bench embedding --instructions`).
        if size >= MemoryLayout<beckon_request>.size {
            let whole = request.pointee
            if whole.transient_count == 0 && whole.testing_show_count == 0 && whole.testing_hide_count == 0 && whole.typed_transient_count == 0 {
                self.init(flags: whole.flags, locale: readingLocale ? whole.locale : beckon_string(ptr: nil, len: 0))
                return
            }
        }
        let raw = UnsafeRawPointer(request)
        /// The member at `key` when the request covers it whole, else `zero` (what a shorter request means).
        func member<T>(_ key: KeyPath<beckon_request, T>, else zero: T) -> T {
            let offset = MemoryLayout<beckon_request>.offset(of: key)!
            return size >= offset + MemoryLayout<T>.size ? raw.load(fromByteOffset: offset, as: T.self) : zero
        }
        var transients: [(name: String, text: String)] = []
        let count = member(\.transient_count, else: 0)
        if count > 0 {
            guard let fields = member(\.transients, else: nil) else { throw CallFailure(BECKON_INVALID_ARGUMENT, "request.transients is NULL") }
            for index in 0..<count {
                let field = fields[index]
                guard field.struct_size >= MemoryLayout<beckon_field>.size,
                      let name = CBridge.string(field.name), let text = CBridge.string(field.value) else {
                    throw CallFailure(BECKON_INVALID_ARGUMENT, "request.transients[\(index)] is not a beckon_field of UTF-8 strings")
                }
                transients.append((name, text))
            }
        }
        let testingShow = try CBridge.ids(member(\.testing_show, else: nil), member(\.testing_show_count, else: 0), "request.testing_show")
        let testingHide = try CBridge.ids(member(\.testing_hide, else: nil), member(\.testing_hide_count, else: 0), "request.testing_hide")
        let typedTransients = try TypedTransients(request)
        self.init(transients: transients, typedTransients: typedTransients, testingShow: testingShow, testingHide: testingHide,
                  flags: member(\.flags, else: 0),
                  locale: readingLocale ? member(\.locale, else: beckon_string(ptr: nil, len: 0)) : beckon_string(ptr: nil, len: 0))
    }
}
