public import BeckonCore
import BeckonRules
public import BeckonRuntime

/// What one HTTP request asks besides its path: the members of the CLI's decision options,
/// given in the query string (`?now=…&appVersion=…&transient=name=value`) or in a JSON body
/// (`{"now": …, "transients": {"name": value}, …}`), never both for the same member.
///
/// | query                       | body                          | CLI                         |
/// |-----------------------------|-------------------------------|-----------------------------|
/// | `now=INSTANT`               | `"now": "…"` or Unix ms       | `--now`                     |
/// | `appVersion=V`              | `"appVersion": "V"`           | `--app-version`             |
/// | `locale=LIST`               | `"locale": "de-CH, fr;q=0.8"` | `--locale`                  |
/// | `transient=NAME=VALUE` (…)  | `"transients": {NAME: VALUE}` | `--transient NAME=VALUE`    |
/// | `showTip=ID` (…)            | `"showTips": [ID]`            | `--show-tip`                |
/// | `hideTip=ID` (…)            | `"hideTips": [ID]`            | `--hide-tip`                |
/// | `showAllTips=true`          | `"showAllTips": true`         | `--show-all-tips`           |
/// | `hideAllTips=true`          | `"hideAllTips": true`         | `--hide-all-tips`           |
/// | `changes=true`              | `"changes": true`             | `--changes`                 |
/// | `info=FIELD=VALUE` (…)      | `"info": {FIELD: VALUE}`      | `--info` (event donate)     |
/// | `for=DURATION`              | `"for": "45s"`                | `--for` (tip shown)         |
/// | `reason=R`                  | `"reason": "tipClosed"`       | `--reason` (tip invalidate) |
/// | `value=V`                   | `"value": V`                  | VALUE (param set)           |
/// | `tip=ID` (…)                | `"tips": [ID]`                | `--tip` (status)            |
///
/// Values in a body may be JSON strings, numbers or booleans: each is read as the text the CLI
/// would be given, and typed by its declaration as there (`Body`). When neither gives `locale`, the
/// request's `Accept-Language` header does (`acceptLanguage`, set by the route).
public struct DecisionInput: Sendable {
    public var now: String?
    public var appVersion: String?
    /// The languages content is wanted in, as given (`locale`): a tag, an Accept-Language list or a
    /// POSIX locale name.
    public var locale: String?
    /// The request's `Accept-Language` header, read when `locale` is not given; a header with no
    /// usable range means the default locale (a browser's header is never an error).
    public var acceptLanguage: String?
    public var transients: [(name: String, text: String)] = []
    public var showTips: [String] = []
    public var hideTips: [String] = []
    public var showAllTips = false
    public var hideAllTips = false
    public var changes = false
    public var info: [(name: String, text: String)] = []
    /// `tip shown`'s on-screen time, `tip invalidate`'s reason, `param set`'s value.
    public var duration: String?
    public var reason: String?
    public var value: String?
    /// `status`'s tips to list (all when empty).
    public var tips: [String] = []

    /// No member given: the wall clock, the configured app version, no transient parameter.
    public init() {}

    /// The query members every operation takes.
    static let sharedQueryMembers: Set<String> = ["now", "appVersion", "locale", "transient", "showTip", "hideTip", "showAllTips", "hideAllTips", "changes"]

    /// The query members the operation `name` takes: the shared ones and its own, if it has one
    /// (`ServerOperation.ownMembers`, where a query names `tips` `tip`, one tip each). Any other is
    /// a usage problem: a typo, or another operation's member, would otherwise be ignored.
    static func queryMembers(of name: String) -> Set<String> {
        ownQueryMembers[name] ?? sharedQueryMembers
    }

    /// `queryMembers(of:)` of each operation with an own member, made once (not per request).
    private static let ownQueryMembers = ServerOperation.ownMembers.mapValues { own in
        sharedQueryMembers.union([own == "tips" ? "tip" : own])
    }

    /// The input of the operation `operation` from a query (its name/value pairs,
    /// percent-decoded) and an optional JSON body, each holding only the members it takes.
    public init(query: [(name: String, value: String)], body: [UInt8]?, operation: String) throws(Problem) {
        let known = Self.queryMembers(of: operation)
        for (name, value) in query {
            guard known.contains(name) else {
                throw Problem(.usage, "unknown query member '\(name)'; \(operation) takes \(known.sorted().joined(separator: ", "))")
            }
            switch name {
            case "now": now = try Self.once(now, value, "now")
            case "appVersion": appVersion = try Self.once(appVersion, value, "appVersion")
            case "locale": locale = try Self.once(locale, value, "locale")
            case "transient": transients.append(try Self.pair(value, "transient", "NAME"))
            case "info": info.append(try Self.pair(value, "info", "FIELD"))
            case "showTip": showTips.append(value)
            case "hideTip": hideTips.append(value)
            case "showAllTips": showAllTips = try Self.flag(value, name)
            case "hideAllTips": hideAllTips = try Self.flag(value, name)
            case "changes": changes = try Self.flag(value, name)
            case "tip": tips.append(value)
            case "for": duration = try Self.once(duration, value, "for")
            case "reason": reason = try Self.once(reason, value, "reason")
            case "value": self.value = try Self.once(self.value, value, "value")
            default: break  // not among `known`
            }
        }
        // No body is no input; a body of only white space is not JSON, and is refused as any other.
        guard let body, !body.isEmpty else { return }
        let refusal = "the body is not the documented JSON object"
        let json = try JSONBody.parse(body, refusal: refusal)
        let members: Body
        do throws(JSONShapeError) {
            members = try Body(json.members(at: [], known: Body.members(of: operation)), at: [])
        } catch {
            throw JSONBody.refused(error, refusal)
        }
        try apply(members)
    }

    /// The members of a body, added to those of the query (a member in both is a usage problem).
    mutating func apply(_ body: Body) throws(Problem) {
        now = try Self.once(now, body.now, "now")
        appVersion = try Self.once(appVersion, body.appVersion, "appVersion")
        locale = try Self.once(locale, body.locale, "locale")
        transients += body.transients
        info += body.info
        tips += body.tips
        showTips += body.showTips
        hideTips += body.hideTips
        showAllTips = showAllTips || body.showAllTips
        hideAllTips = hideAllTips || body.hideAllTips
        changes = changes || body.changes
        duration = try Self.once(duration, body.duration, "for")
        reason = try Self.once(reason, body.reason, "reason")
        value = try Self.once(value, body.value, "value")
    }

    /// The input of one operation of a batch: these members (the batch's, shared by all its
    /// operations) with the operation's own (`for`, `reason`, `value`, `info`, `tips`).
    func adding(operationMembers own: Body) throws(Problem) -> DecisionInput {
        var input = self
        try input.apply(own)
        return input
    }

    /// The decision request for a subject, with its transient parameters and testing overrides
    /// checked against the runtime's configuration; `now` defaults to `wallClock`.
    public func request(subject: String, on runtime: Runtime, wallClock: Int64) throws(Problem) -> DecisionRequest {
        var instant = wallClock
        if let now {
            switch TimestampSyntax.parseInstant(now) {
            case .success(let parsed): instant = parsed
            case .failure(let error): throw Problem(.invalidArgument, "now \(error.message)")
            }
        }
        var version: Version?
        if let appVersion {
            guard let parsed = Version(appVersion) else { throw Problem(.invalidArgument, "appVersion: \(Version.problem(with: appVersion))") }
            version = parsed
        }
        var request = DecisionRequest(subject: subject, now: instant, appVersion: version, locales: try locales())
        do throws(EngineError) {
            request.transientParameters = try runtime.transientParameters(transients)
            request.testing = try runtime.testingOverrides(show: showTips, hide: hideTips, showAll: showAllTips, hideAll: hideAllTips)
        } catch {
            throw Problem(error)
        }
        return request
    }

    /// The request's language ranges, best first: `locale`'s (one that holds none is an
    /// `invalid_argument` problem), else `Accept-Language`'s, else none (the default locale).
    public func locales() throws(Problem) -> [String] {
        if let locale {
            guard let ranges = LocaleLookup.requestRanges(locale) else {
                throw Problem(.invalidArgument, "locale: \(LocaleLookup.problem(with: locale))")
            }
            return ranges
        }
        return LocaleLookup.rangesOrDefault(acceptLanguage)
    }

    /// A member the operation needs, or a usage problem.
    public func required(_ member: String?, _ name: String) throws(Problem) -> String {
        guard let member else { throw Problem(.usage, "this operation needs '\(name)'") }
        return member
    }

    /// A member given once, or a usage problem.
    private static func once(_ current: String?, _ value: String?, _ name: String) throws(Problem) -> String? {
        guard let value else { return current }
        guard current == nil else { throw Problem(.usage, "'\(name)' is given twice") }
        return value
    }

    /// `NAME=VALUE`, as the CLI's `--transient` and `--info` read it.
    /// The first `=` is found among the UTF-8 bytes, not the characters: `=` followed by a
    /// combining mark or a skin tone modifier makes one character with it, and still separates
    /// (an ASCII byte in UTF-8 is always a scalar of its own).
    static func pair(_ text: String, _ member: StaticString, _ nameWord: StaticString) throws(Problem) -> (name: String, text: String) {
        // Cut on the bytes: the `utf8` view's generic search and two substrings made strings
        // cost ~1.4 k instructions a pair, on a path that reads a request's transients.
        var bytesOfText = text
        let pair: (name: String, text: String)? = bytesOfText.withUTF8 { bytes in
            guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")), equals != 0 else { return nil }
            return (String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self),
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self))
        }
        guard let pair else { throw Problem(.usage, "\(member) '\(text)' is not \(nameWord)=VALUE") }
        return pair
    }

    /// `true` or `false` (an empty value, `?changes`, is `true`).
    private static func flag(_ text: String, _ name: String) throws(Problem) -> Bool {
        switch text {
        case "", "true": return true
        case "false": return false
        default: throw Problem(.usage, "'\(name)' is true or false, not '\(text)'")
        }
    }
}
