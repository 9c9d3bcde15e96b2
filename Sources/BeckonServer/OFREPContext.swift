import BeckonCore
import BeckonRules
import BeckonRuntime
import FoundationEssentials
import NIOCore

/// The evaluation context of an OFREP request (`{"context": {...}}`), read against the serving
/// configuration's declarations, as one decision request:
///
/// | attribute        | read as                                                              |
/// |------------------|----------------------------------------------------------------------|
/// | `targetingKey`   | the subject (a non-empty string; missing or empty: `TARGETING_KEY_MISSING`) |
/// | `appVersion`     | the app version (a version string); else the configured one          |
/// | `now`            | the instant decided at (ISO-8601 or Unix ms, as `/v1`'s `now`); else the server's clock |
/// | a declared transient parameter's name | that transient, typed from JSON by its declaration |
/// | anything else    | ignored (SDKs send many attributes)                                   |
///
/// A transient's JSON must be of its declared type: a boolean for `bool`, an integer for `int`,
/// a number for `double`, a string for `string`, `duration`, `version` and `timestamp` (which
/// also takes Unix ms), an array of those for `list<T>`; `null` is the default, as in `/v1`.
/// Anything else is `INVALID_CONTEXT` naming the attribute. The body is decoded once; the
/// attributes not named above are skipped, not decoded.
struct OFREPContext {
    var subject: String
    var appVersion: Version?
    var now: Int64?
    var transients: [String: Value] = [:]

    /// The context of an OFREP request's body, its transients typed by `parameters`' declarations.
    init(body: ByteBuffer, parameters: Declarations<ParameterDeclaration>) throws(OFREPFailure) {
        let decoder = JSONDecoder()
        decoder.userInfo[Self.declarationsKey] = Declared(parameters: parameters)
        let decoded: Body
        do {
            decoded = try decoder.decode(Body.self, from: Data(body.readableBytesView))
        } catch let failure as OFREPFailure {
            throw failure
        } catch {
            throw OFREPFailure(.parseError, "the body is not a JSON object with a 'context' object: \(DecisionInput.describe(error))")
        }
        guard let context = decoded.context else { throw OFREPFailure(.targetingKeyMissing, "the context has no targetingKey") }
        self = context
    }

    /// A request for the context at `wallClock` unless it gives `now`.
    func request(wallClock: @Sendable () -> Int64) -> DecisionRequest {
        var request = DecisionRequest(subject: subject, now: now ?? wallClock(), appVersion: appVersion)
        request.transientParameters = transients
        return request
    }

    /// The configuration's parameters, handed to the decoder.
    private struct Declared: Sendable {
        let parameters: Declarations<ParameterDeclaration>
    }

    private static let declarationsKey = CodingUserInfoKey(rawValue: "beckon.parameters")!

    /// The body: its `context` (nil when absent or null); other members are ignored.
    private struct Body: Decodable {
        var context: OFREPContext?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: MemberKey.self)
            let key = MemberKey(stringValue: "context")
            guard container.contains(key), !(try container.decodeNil(forKey: key)) else { return }
            let attributes: KeyedDecodingContainer<MemberKey>
            do {
                attributes = try container.nestedContainer(keyedBy: MemberKey.self, forKey: key)
            } catch {
                throw OFREPFailure(.invalidContext, "the context is not a JSON object")
            }
            guard let declared = decoder.userInfo[OFREPContext.declarationsKey] as? Declared else {
                preconditionFailure("OFREPContext decodes with its declarations")
            }
            context = try OFREPContext(attributes, parameters: declared.parameters)
        }
    }

    /// The context of its attributes.
    private init(_ attributes: KeyedDecodingContainer<MemberKey>, parameters: Declarations<ParameterDeclaration>) throws(OFREPFailure) {
        var subject: String?
        for key in attributes.allKeys {
            let name = key.stringValue
            switch name {
            case "targetingKey":
                subject = try Self.text(attributes, key, "a string")
            case "appVersion":
                guard let text = try Self.text(attributes, key, "a version string") else { continue }
                guard let version = Version(text) else { throw OFREPFailure(.invalidContext, "appVersion: \(Version.problem(with: text))") }
                appVersion = version
            case "now":
                guard let text = try Self.instantText(attributes, key) else { continue }
                switch TimestampSyntax.parseInstant(text) {
                case .success(let instant): now = instant
                case .failure(let error): throw OFREPFailure(.invalidContext, "now \(error.message)")
                }
            default:
                guard let declaration = parameters[name], declaration.isTransient else { continue }
                let value = try Self.value(attributes, key, as: declaration.type)
                if value != .null { transients[name] = value }
            }
        }
        guard let subject, !subject.isEmpty else { throw OFREPFailure(.targetingKeyMissing, "the context's targetingKey is missing or empty") }
        guard subject.utf8.count <= ServerRoutes.subjectLimit else {
            throw OFREPFailure(.invalidContext, "targetingKey has \(subject.utf8.count) UTF-8 bytes; at most \(ServerRoutes.subjectLimit) are accepted")
        }
        self.subject = subject
    }

    /// A string attribute (nil for `null`), else `INVALID_CONTEXT` saying it should be `expected`.
    private static func text(_ attributes: KeyedDecodingContainer<MemberKey>, _ key: MemberKey, _ expected: String) throws(OFREPFailure) -> String? {
        do {
            return try attributes.decode(String?.self, forKey: key)
        } catch {
            throw OFREPFailure(.invalidContext, "the context's \(key.stringValue) is not \(expected)")
        }
    }

    /// An instant's text: an ISO-8601 string or Unix ms (nil for `null`).
    private static func instantText(_ attributes: KeyedDecodingContainer<MemberKey>, _ key: MemberKey) throws(OFREPFailure) -> String? {
        if let milliseconds = try? attributes.decode(Int64?.self, forKey: key) { return String(milliseconds) }
        return try text(attributes, key, "an instant (ISO-8601 text or Unix ms)")
    }

    /// A transient's value from its JSON, by its declared type.
    private static func value(_ attributes: KeyedDecodingContainer<MemberKey>, _ key: MemberKey, as type: ValueType) throws(OFREPFailure) -> Value {
        let name = key.stringValue
        do {
            if try attributes.decodeNil(forKey: key) { return .null }
            return try JSONTyped(type: type).value(from: attributes.superDecoder(forKey: key))
        } catch let mismatch as JSONTyped.Mismatch {
            throw OFREPFailure(.invalidContext, "the context's '\(name)' is a transient parameter of type \(type): \(mismatch.message)")
        } catch {
            throw OFREPFailure(.invalidContext, "the context's '\(name)' is a transient parameter of type \(type); its JSON is not one")
        }
    }

    /// A value of a declared type decoded from its JSON.
    private struct JSONTyped {
        let type: ValueType

        struct Mismatch: Error { var message: String }

        func value(from decoder: any Decoder) throws -> Value {
            switch type {
            case .list(let element):
                var container = try decoder.unkeyedContainer()
                var items: [Value] = []
                while !container.isAtEnd {
                    items.append(try JSONTyped(type: element).value(from: container.superDecoder()))
                }
                return .list(items)
            case .bool: return .bool(try decoder.singleValueContainer().decode(Bool.self))
            case .int: return .int(try decoder.singleValueContainer().decode(Int64.self))
            case .double: return .double(try decoder.singleValueContainer().decode(Double.self))
            case .string: return .string(try decoder.singleValueContainer().decode(String.self))
            case .timestamp:
                let container = try decoder.singleValueContainer()
                if let milliseconds = try? container.decode(Int64.self) { return .timestamp(milliseconds) }
                return try parsed(try container.decode(String.self))
            case .duration, .version, .null:
                return try parsed(try decoder.singleValueContainer().decode(String.self))
            }
        }

        /// A string read as the CLI reads the type's text.
        private func parsed(_ text: String) throws -> Value {
            switch Value.parse(text, as: type) {
            case .success(let value): return value
            case .failure(let error): throw Mismatch(message: error.message)
            }
        }
    }
}
