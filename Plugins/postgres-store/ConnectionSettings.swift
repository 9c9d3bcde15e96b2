import BeckonPluginKit
#if canImport(Glibc)
import Glibc
#endif

/// What libpq needs to open one connection: keyword/value pairs built from the options, with
/// the password read from its environment variable or file when the store opens.
struct ConnectionSettings: Sendable {
    let keywords: [String]
    let values: [String]
    let secret: Secret
    /// Whether the first value is a URL for libpq to expand.
    let expandsURL: Bool

    init(_ options: PostgresOptions) throws(PluginError) {
        let password = try Self.password(options.password)
        var pairs: [(String, String)] = []
        if let url = options.url { pairs.append(("dbname", url)) }
        if let host = options.host { pairs.append(("host", host)) }
        if let port = options.port { pairs.append(("port", String(port))) }
        if let dbname = options.dbname { pairs.append(("dbname", dbname)) }
        if let user = options.user { pairs.append(("user", user)) }
        if let sslmode = options.sslmode { pairs.append(("sslmode", sslmode)) }
        if let password { pairs.append(("password", password)) }
        pairs.append(("connect_timeout", String(options.connectTimeoutSeconds)))
        pairs.append(("application_name", "beckon"))
        pairs.append(("client_encoding", "UTF8"))
        // Server settings for the session; a space inside a value is escaped for libpq.
        let isolation = options.isolation.rawValue.replacing(" ", with: "\\ ")
        pairs.append(("options", "-c statement_timeout=\(options.statementTimeoutMilliseconds) -c default_transaction_isolation=\(isolation) -c client_min_messages=warning"))
        keywords = pairs.map(\.0)
        values = pairs.map(\.1)
        secret = Secret(password: password)
        expandsURL = options.url != nil
    }

    /// The password from where the options say, or nil (libpq then uses PGPASSWORD or ~/.pgpass).
    private static func password(_ source: PostgresOptions.PasswordSource?) throws(PluginError) -> String? {
        switch source {
        case nil:
            return nil
        case .environment(let name):
            guard let value = getenv(name) else {
                throw .invalidArgument("passwordEnv names the environment variable \(name), which is not set", jsonPointer: "/passwordEnv")
            }
            return String(cString: value)
        case .file(let path):
            return try firstLine(ofFile: path)
        }
    }

    /// The file's first line (without its line break): how password files are written.
    private static func firstLine(ofFile path: String) throws(PluginError) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .invalidArgument("passwordFile: cannot read \(path): \(String(cString: strerror(errno)))", jsonPointer: "/passwordFile")
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while bytes.count < 65_536 {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                throw .invalidArgument("passwordFile: cannot read \(path): \(String(cString: strerror(errno)))", jsonPointer: "/passwordFile")
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[..<count])
            if buffer[..<count].contains(UInt8(ascii: "\n")) { break }
        }
        let line = bytes.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
        guard !line.isEmpty else {
            throw .invalidArgument("passwordFile: \(path) is empty", jsonPointer: "/passwordFile")
        }
        guard !line.contains(0), let text = String(validating: line, as: UTF8.self) else {
            throw .invalidArgument("passwordFile: \(path) does not hold a UTF-8 password on its first line", jsonPointer: "/passwordFile")
        }
        return text
    }
}
