import BeckonCore
import BeckonRules
import BeckonRuntime
import NIOCore

/// The evaluation context of an OFREP request (`{"context": {...}}`), read against the serving
/// configuration's declarations, as one decision request:
///
/// | attribute        | read as                                                              |
/// |------------------|----------------------------------------------------------------------|
/// | `targetingKey`   | the subject (a non-empty string; missing or empty: `TARGETING_KEY_MISSING`) |
/// | `appVersion`     | the app version (a version string); else the configured one          |
/// | `now`            | the instant decided at (ISO-8601 or Unix ms, as `/v1`'s `now`); else the server's clock |
/// | `locale`         | the languages content is wanted in (a tag, an Accept-Language list or a POSIX locale name, as `/v1`'s `locale`); else, or with no language range in it, the default locale |
/// | a declared transient parameter's name | that transient, typed from JSON by its declaration |
/// | anything else    | ignored (SDKs send many attributes)                                   |
///
/// A transient's JSON must be of its declared type: a boolean for `bool`, an integer for `int`,
/// a number for `double`, a string for `string`, `duration`, `version` and `timestamp` (which
/// also takes Unix ms), an array of those for `list<T>`; `null` is the default, as in `/v1`.
/// Anything else is `INVALID_CONTEXT` naming the attribute. The body is read once
/// (`OFREPBodyReader`); the attributes not named above are checked and skipped, not built.
struct OFREPContext {
    var subject: String
    var appVersion: Version?
    var now: Int64?
    /// The language ranges of `locale`, best first; empty: the default locale.
    var locales: [String] = []
    var transients: [String: Value] = [:]

    /// The context of an OFREP request's body, its transients typed by `parameters`' declarations.
    init(body: ByteBuffer, parameters: Declarations<ParameterDeclaration>) throws(OFREPFailure) {
        let context: OFREPBodyReader.Context
        do {
            context = try body.withUnsafeReadableBytes { bytes in
                try OFREPBodyReader.read(bytes) { name in
                    name == "targetingKey" || name == "appVersion" || name == "now" || name == "locale" || parameters[name]?.isTransient == true
                }
            }
        } catch {
            let message = (error as? OFREPBodyReader.Malformed)?.message ?? "\(error)"
            throw OFREPFailure(.parseError, "the body is not a JSON object with a 'context' object: \(message)")
        }
        var subject: String?
        switch context {
        case .absent: throw OFREPFailure(.targetingKeyMissing, "the body has no context, so no targetingKey")
        case .notObject: throw OFREPFailure(.invalidContext, "the context is not a JSON object")
        case .attributes(let attributes):
            for (name, value) in attributes {
                switch name {
                case "targetingKey":
                    subject = try Self.text(value, name, "a string")
                case "appVersion":
                    guard let text = try Self.text(value, name, "a version string") else { appVersion = nil; continue }
                    guard let version = Version(text) else { throw OFREPFailure(.invalidContext, "appVersion: \(Version.problem(with: text))") }
                    appVersion = version
                case "locale":
                    // Read as `--locale` is (a platform's `en_US` too); a text with no language
                    // range means the default locale, as an `Accept-Language` header does: SDKs
                    // pass on what the platform gives them, and a flag is better answered than refused.
                    let text = try Self.text(value, name, "a language tag or an Accept-Language list")
                    locales = LocaleLookup.rangesOrDefault(text)
                case "now":
                    let text: String?
                    // A number with a fraction of zeros (`1.0`) is an integer, as JSON Schema and
                    // `/v1`'s decoder read it: JSON writers print integral floats that way.
                    if case .number(let digits) = value { text = Self.integral(digits) } else { text = try Self.text(value, name, "an instant (ISO-8601 text or Unix ms)") }
                    guard let text else { now = nil; continue }
                    switch TimestampSyntax.parseInstant(text) {
                    case .success(let instant): now = instant
                    case .failure(let error): throw OFREPFailure(.invalidContext, "now \(error.message)")
                    }
                default:
                    guard let declaration = parameters[name] else { continue }
                    let typed = try Self.value(value, as: declaration.type, name)
                    transients[name] = typed == .null ? nil : typed
                }
            }
        }
        guard let subject, !subject.isEmpty else { throw OFREPFailure(.targetingKeyMissing, "the context's targetingKey is missing or empty") }
        if let problem = SubjectID.lengthProblem(subject) { throw OFREPFailure(.invalidContext, "targetingKey: \(problem)") }
        self.subject = subject
    }

    /// A JSON number's text without a fraction made of zeros only (`12.00` is `12`).
    static func integral(_ digits: String) -> String {
        guard let dot = digits.firstIndex(of: "."), digits[digits.index(after: dot)...].allSatisfy({ $0 == "0" }) else { return digits }
        return String(digits[..<dot])
    }

    /// A request for the context at `wallClock` unless it gives `now`.
    func request(wallClock: @Sendable () -> Int64) -> DecisionRequest {
        var request = DecisionRequest(subject: subject, now: now ?? wallClock(), appVersion: appVersion, locales: locales)
        request.transientParameters = transients
        return request
    }

    /// A string attribute (nil for `null`), else `INVALID_CONTEXT` saying it should be `expected`.
    private static func text(_ value: OFREPBodyReader.Value, _ name: String, _ expected: String) throws(OFREPFailure) -> String? {
        switch value {
        case .null: return nil
        case .string(let text): return text
        default: throw OFREPFailure(.invalidContext, "the context's \(name) is not \(expected)")
        }
    }

    /// A transient's value from its JSON, by its declared type (`.null`: the default).
    private static func value(_ json: OFREPBodyReader.Value, as type: ValueType, _ name: String) throws(OFREPFailure) -> Value {
        func mismatch(_ why: String? = nil) -> OFREPFailure {
            OFREPFailure(.invalidContext, "the context's '\(name)' is a transient parameter of type \(type)" + (why.map { ": " + $0 } ?? "; its JSON is not one"))
        }
        func parsed(_ text: String, as type: ValueType) throws(OFREPFailure) -> Value {
            switch Value.parse(text, as: type) {
            case .success(let value): return value
            case .failure(let error): throw mismatch(error.message)
            }
        }
        switch (type, json) {
        case (_, .null): return .null
        case (.bool, .bool(let flag)): return .bool(flag)
        case (.int, .number(let text)):
            guard let number = Int64(text) else { throw mismatch() }
            return .int(number)
        case (.double, .number(let text)):
            guard let number = Double(text), number.isFinite else { throw mismatch() }
            return .double(number)
        case (.timestamp, .number(let text)):
            guard let milliseconds = Int64(text) else { throw mismatch() }
            return .timestamp(milliseconds)
        case (.string, .string(let text)): return .string(text)
        case (.timestamp, .string(let text)), (.duration, .string(let text)), (.version, .string(let text)): return try parsed(text, as: type)
        case (.list(let element), .array(let items)):
            var values: [Value] = []
            values.reserveCapacity(items.count)
            for item in items { values.append(try value(item, as: element, name)) }
            return .list(values)
        default: throw mismatch()
        }
    }
}
