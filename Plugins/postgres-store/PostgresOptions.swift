import BeckonPluginKit
/// The store's `store.options`, checked: where the server is, how to authenticate, and how the
/// store uses it. Everything has a default, so `null` (no options) connects as libpq's own
/// defaults and `PG*` environment variables say.
struct PostgresOptions: Sendable, Equatable {
    /// Where the password comes from: never from the configuration itself.
    enum PasswordSource: Sendable, Equatable {
        /// The value of this environment variable (of the process that opens the store).
        case environment(String)
        /// The first line of this file.
        case file(String)
    }

    /// The transaction isolation of every commit.
    enum Isolation: String, Sendable, CaseIterable {
        case readCommitted = "read committed"
        case serializable
    }

    /// `postgresql://[user@][host][:port][/dbname][?param=value&...]`, without a password.
    var url: String?
    var host: String?
    var port: Int?
    var dbname: String?
    var user: String?
    var sslmode: String?
    var password: PasswordSource?
    /// The schema holding the store's tables, created when missing.
    var schema = "beckon"
    /// Connections per open store, opened when first needed.
    var poolSize = 4
    /// How long to wait for a connection (libpq counts whole seconds, at least 2).
    var connectTimeoutSeconds = 5
    /// How long one statement may run on the server, in milliseconds.
    var statementTimeoutMilliseconds: Int64 = 5_000
    var isolation = Isolation.readCommitted

    /// The keys `store.options` may have, in the order `Docs/fleets.md` lists them.
    static let keys = ["url", "host", "port", "dbname", "user", "sslmode", "passwordEnv", "passwordFile",
                       "schema", "poolSize", "connectTimeout", "statementTimeout", "isolation"]
    /// libpq's `sslmode` values.
    static let sslModes = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"]

    /// The options of `json` (canonical JSON), or the first problem as the error `open` returns.
    static func parse(_ json: String) throws(PluginError) -> PostgresOptions {
        let (options, problems) = check(json)
        if let first = problems.first {
            let location = first.jsonPointer.isEmpty ? "" : " (at \(first.jsonPointer))"
            throw .invalidArgument("bad store.options\(location): \(first.message)", jsonPointer: first.jsonPointer)
        }
        return options
    }

    /// The options `json` describes and every problem with it, each at its value or key.
    static func check(_ json: String) -> (PostgresOptions, [PluginConfigProblem]) {
        var reader = OptionsReader()
        guard let root = OptionValue.parse(json) else {
            return (PostgresOptions(), [PluginConfigProblem("store.options is not JSON")])
        }
        let options = reader.read(root)
        return (options, reader.problems.map(markingSecret))
    }

    /// `problem`, marked secret when the value it names may hold a password: any problem of `url`
    /// (a URL may carry one, even one that cannot be used) and of an unknown key (`password`,
    /// `pasword`, `token`: what was written there is of no use to show). The host then never
    /// shows that value, not even in the source excerpt under the diagnostic.
    static func markingSecret(_ problem: PluginConfigProblem) -> PluginConfigProblem {
        var problem = problem
        let key = String(problem.jsonPointer.dropFirst())
        if key == "url" || (!key.isEmpty && !keys.contains(key)) { problem.secret = true }
        return problem
    }

    /// Whether a key's name says it holds a password (`password`, `db_password`, `passwd`,
    /// `pasword`, `pwd`, `secret`).
    static func isPasswordLike(_ key: String) -> Bool {
        let lowered = key.lowercased()
        return ["pass", "pwd", "secret"].contains { lowered.contains($0) }
            || NameHint.closest(to: lowered, among: ["password", "passwd"]) != nil
    }
}

/// Reads `store.options` into `PostgresOptions`, collecting every problem.
private struct OptionsReader {
    var problems: [PluginConfigProblem] = []

    mutating func read(_ root: OptionValue) -> PostgresOptions {
        var options = PostgresOptions()
        let members: [String: OptionValue]
        switch root {
        case .null: return options
        case .object(let object): members = object
        default:
            problems.append(PluginConfigProblem("store.options must be a mapping of option names to values, not \(root.kindName)"))
            return options
        }
        for key in members.keys.sorted() where !PostgresOptions.keys.contains(key) {
            problems.append(.atKey(unknownKeyMessage(key), pointer(key)))
        }
        options.url = string("url", members)
        options.host = string("host", members)
        options.port = integer("port", members, in: 1...65_535).map(Int.init)
        options.dbname = string("dbname", members)
        options.user = string("user", members)
        options.sslmode = choice("sslmode", members, among: PostgresOptions.sslModes)
        if let isolation = choice("isolation", members, among: PostgresOptions.Isolation.allCases.map(\.rawValue)) {
            options.isolation = PostgresOptions.Isolation(rawValue: isolation) ?? .readCommitted
        }
        if let schema = string("schema", members) {
            if Self.isPlainIdentifier(schema) {
                options.schema = schema
            } else {
                problems.append(PluginConfigProblem("schema '\(schema)' must be a plain lower-case name: [a-z_][a-z0-9_]*, at most 63 characters", at: pointer("schema")))
            }
        }
        if let size = integer("poolSize", members, in: 1...256) { options.poolSize = Int(size) }
        if let timeout = duration("connectTimeout", members) {
            // libpq waits whole seconds and treats less than 2 as 2.
            options.connectTimeoutSeconds = max(2, Int((timeout + 999) / 1_000))
        }
        if let timeout = duration("statementTimeout", members) { options.statementTimeoutMilliseconds = timeout }
        options.password = passwordSource(members)
        if options.url != nil {
            for key in ["host", "port", "dbname", "user"] where members[key] != nil {
                problems.append(.atKey("give either url or \(key) (with host, port, dbname, user), not both", pointer(key)))
            }
        }
        if let url = options.url, let problem = ConnectionURL.problem(url) {
            problems.append(PluginConfigProblem(problem, at: pointer("url")))
            options.url = nil
        }
        return options
    }

    private mutating func passwordSource(_ members: [String: OptionValue]) -> PostgresOptions.PasswordSource? {
        let variable = string("passwordEnv", members)
        let file = string("passwordFile", members)
        if variable != nil, file != nil {
            problems.append(.atKey("give either passwordEnv or passwordFile, not both", pointer("passwordFile")))
            return nil
        }
        if let variable {
            guard Self.isEnvironmentName(variable) else {
                problems.append(PluginConfigProblem("passwordEnv must name an environment variable ([A-Za-z_][A-Za-z0-9_]*)", at: pointer("passwordEnv")))
                return nil
            }
            return .environment(variable)
        }
        if let file {
            guard !file.isEmpty, !file.utf8.contains(0) else {
                problems.append(PluginConfigProblem("passwordFile must be a file path", at: pointer("passwordFile")))
                return nil
            }
            return .file(file)
        }
        return nil
    }

    private func unknownKeyMessage(_ key: String) -> String {
        if PostgresOptions.isPasswordLike(key) {
            return "unknown key '\(key)': a password is never written in the configuration; use passwordEnv or passwordFile"
        }
        let hint = NameHint.closest(to: key, among: PostgresOptions.keys).map { "; did you mean '\($0)'?" } ?? ""
        return "unknown key '\(key)' (postgres.store takes \(PostgresOptions.keys.joined(separator: ", ")))\(hint)"
    }

    private mutating func string(_ key: String, _ members: [String: OptionValue]) -> String? {
        guard let value = members[key] else { return nil }
        guard case .string(let text) = value else {
            problems.append(PluginConfigProblem("\(key) must be a string, not \(value.kindName)", at: pointer(key)))
            return nil
        }
        if text.utf8.contains(0) {
            problems.append(PluginConfigProblem("\(key) must not contain a NUL character", at: pointer(key)))
            return nil
        }
        return text
    }

    private mutating func integer(_ key: String, _ members: [String: OptionValue], in range: ClosedRange<Int64>) -> Int64? {
        guard let value = members[key] else { return nil }
        guard case .int(let number) = value else {
            problems.append(PluginConfigProblem("\(key) must be an integer, not \(value.kindName)", at: pointer(key)))
            return nil
        }
        guard range.contains(number) else {
            problems.append(PluginConfigProblem("\(key) must be from \(range.lowerBound) to \(range.upperBound), not \(number)", at: pointer(key)))
            return nil
        }
        return number
    }

    private mutating func choice(_ key: String, _ members: [String: OptionValue], among choices: [String]) -> String? {
        guard let text = string(key, members) else { return nil }
        guard choices.contains(text) else {
            let hint = NameHint.closest(to: text, among: choices).map { "; did you mean '\($0)'?" } ?? ""
            problems.append(PluginConfigProblem("\(key) '\(text)' is not one of \(choices.joined(separator: ", "))\(hint)", at: pointer(key)))
            return nil
        }
        return text
    }

    /// A positive duration in milliseconds, written as `250ms`, `5s`, `2m` or `1h`.
    private mutating func duration(_ key: String, _ members: [String: OptionValue]) -> Int64? {
        guard let value = members[key] else { return nil }
        let problem = "\(key) must be a positive duration such as 250ms, 5s or 2m"
        guard case .string(let text) = value else {
            problems.append(PluginConfigProblem("\(problem), not \(value.kindName)", at: pointer(key)))
            return nil
        }
        let units: [(String, Int64)] = [("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000)]
        for (unit, factor) in units where text.hasSuffix(unit) {
            let digits = text.dropLast(unit.count)
            if !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let count = Int64(digits), count > 0, count <= Int64.max / factor / 1_000 {
                return count * factor
            }
            break
        }
        problems.append(PluginConfigProblem("\(problem), not '\(text)'", at: pointer(key)))
        return nil
    }

    private func pointer(_ key: String) -> String { "/" + key }

    static func isPlainIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, text.utf8.count <= 63 else { return false }
        return (first == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first))
            && text.utf8.allSatisfy { $0 == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    static func isEnvironmentName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
