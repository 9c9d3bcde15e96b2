import Foundation

/// A PostgreSQL server of the suite's own: `initdb` into a temporary folder, `pg_ctl start` on a
/// free loopback port (and a Unix socket in the same folder), stopped and deleted by `stop()` or
/// at exit. Nothing listens anywhere but 127.0.0.1.
///
/// The role `beckon` logs in over TCP with a password (scram-sha-256), as a store would in
/// production; the superuser `postgres` logs in over the Unix socket without one, for the
/// suite's own administration (databases, terminating backends). PostgreSQL refuses to run as
/// root: when the suite runs as root, the server runs as the system user `postgres`.
public final class PostgresServer: @unchecked Sendable {
    /// The password of the role `beckon`: every test checks it never appears in any output.
    public static let password = "Pg-s3cret-\(UUID().uuidString.prefix(8))"

    /// One server shared by the suites that do not stop or restart it.
    public static let shared: Result<PostgresServer, Failure> = {
        do {
            let server = try PostgresServer()
            atexit { if case .success(let server) = PostgresServer.shared { server.stop() } }
            return .success(server)
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(description: "\(error)"))
        }
    }()

    public let folder: String
    public let port: Int
    private let binaries: String
    private var stopped = false

    public struct Failure: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    public init() throws {
        binaries = try Self.findBinaries()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-pg-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        port = try Self.freePort()
        if getuid() == 0 { try Self.runChecked("chown", ["postgres:postgres", folder]) }
        let passwordFile = folder + "/initdb-password"
        try "postgres\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
        if getuid() == 0 { try Self.runChecked("chown", ["postgres:postgres", passwordFile]) }
        try asServerUser(binaries + "/initdb", ["-D", dataFolder, "-U", "postgres", "--auth-local=trust", "--auth-host=scram-sha-256",
                                                "--pwfile=" + passwordFile, "--no-instructions", "--no-sync", "-E", "UTF8", "--locale=C"])
        try start()
        try admin("CREATE ROLE beckon LOGIN PASSWORD '\(Self.password)' CREATEDB")
    }

    public var dataFolder: String { folder + "/data" }

    /// The connect timeout of `options` unless a test asks for another: 10 s, not the store's
    /// 5 s. The full suite loads this 2-core machine past 25, and new connections then took more
    /// than 2 s (a cut commit's reconnection through the fault proxy; the store contract's run,
    /// which opens a dozen handles at once, failed once in CI with 2 s and passed every run since).
    public static let connectTimeout = "10s"

    /// The statement timeout of `options` unless a test asks for another: 60 s, not the store's
    /// 5 s. On the loaded CI machine one statement of the store contract's run (the retention
    /// check's `DELETE`, on a log of a thousand donations) ran past 5 s and was cancelled
    /// ("canceling statement due to statement timeout"), failing the run.
    public static let statementTimeout = "60s"

    /// `store.options` for a database on this server, the password from `BECKON_PG_PASSWORD`.
    public func options(database: String, connectTimeout: String = PostgresServer.connectTimeout,
                        statementTimeout: String = PostgresServer.statementTimeout, extra: String = "") -> String {
        "{\"connectTimeout\":\"\(connectTimeout)\",\"dbname\":\"\(database)\",\"host\":\"127.0.0.1\",\"passwordEnv\":\"BECKON_PG_PASSWORD\",\"port\":\(port),\"statementTimeout\":\"\(statementTimeout)\",\"user\":\"beckon\"\(extra)}"
    }

    /// The environment a host needs to connect (the password in it).
    public static var environment: [String: String] { ["BECKON_PG_PASSWORD": password] }

    /// The `plugins:` and `store:` of a configuration whose store is `postgres.store` on
    /// `database` of this server (the password read from BECKON_PG_PASSWORD, which this sets in
    /// the process's environment): YAML to put at the top level of a configuration.
    public func storeYAML(database: String) throws -> String {
        setenv("BECKON_PG_PASSWORD", Self.password, 1)
        return """
            plugins:
              - path: \(try BuiltProducts.path("libbeckon-postgres-store.so"))
            store:
              backend: postgres.store
              options: \(options(database: database))

            """
    }

    /// A new, empty database owned by `beckon`.
    public func createDatabase(_ prefix: String) throws -> String {
        let name = "\(prefix)_\(UUID().uuidString.prefix(8).lowercased())"
        try admin("CREATE DATABASE \(name) OWNER beckon")
        return name
    }

    /// Runs SQL as the superuser over the Unix socket; returns psql's unaligned output.
    @discardableResult
    public func admin(_ sql: String, database: String = "postgres") throws -> String {
        let (status, output, error) = try ProcessRunner.run("/usr/bin/env", ["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1",
                                                                               "-h", folder, "-p", String(port), "-U", "postgres", "-d", database, "-c", sql])
        guard status == 0 else { throw Failure(description: "psql failed (\(status)): \(error)") }
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public func start() throws {
        let arguments = [binaries + "/pg_ctl", "-D", dataFolder, "-l", folder + "/server.log", "-w", "-t", "30", "start", "-o",
                         "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"]
        let status = getuid() == 0
            ? try ProcessRunner.runDetached("/usr/sbin/runuser", ["-u", "postgres", "--"] + arguments)
            : try ProcessRunner.runDetached(arguments[0], Array(arguments.dropFirst()))
        guard status == 0 else {
            let log = (try? String(contentsOfFile: folder + "/server.log", encoding: .utf8)) ?? ""
            throw Failure(description: "pg_ctl start failed (\(status)):\n\(log)")
        }
        stopped = false
    }

    /// Stops the server fast (open connections are cut), keeping its files.
    public func halt() throws {
        try asServerUser(binaries + "/pg_ctl", ["-D", dataFolder, "-w", "-t", "30", "-m", "fast", "stop"])
        stopped = true
    }

    /// Stops the server (if running) and deletes its folder.
    public func stop() {
        if !stopped { try? halt() }
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func asServerUser(_ program: String, _ arguments: [String]) throws {
        if getuid() == 0 {
            try Self.runChecked("runuser", ["-u", "postgres", "--", program] + arguments)
        } else {
            try Self.runChecked(program, arguments)
        }
    }

    private static func runChecked(_ program: String, _ arguments: [String]) throws {
        let (status, output, error) = try ProcessRunner.run(program.hasPrefix("/") ? program : "/usr/bin/env",
                                                            program.hasPrefix("/") ? arguments : [program] + arguments)
        guard status == 0 else { throw Failure(description: "\(program) \(arguments.joined(separator: " ")) failed (\(status)): \(output)\(error)") }
    }

    /// The folder holding initdb and pg_ctl: PG_BINDIR, else Debian's /usr/lib/postgresql/N/bin.
    private static func findBinaries() throws -> String {
        if let folder = ProcessInfo.processInfo.environment["PG_BINDIR"] { return folder }
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        for version in versions.sorted(by: { (Int($0) ?? 0) > (Int($1) ?? 0) }) where FileManager.default.fileExists(atPath: "\(root)/\(version)/bin/initdb") {
            return "\(root)/\(version)/bin"
        }
        throw Failure(description: "no PostgreSQL server found (install the postgresql package, or set PG_BINDIR)")
    }

    /// A loopback port nothing listens on (bound, read, released).
    public static func freePort() throws -> Int {
        let (socket, port) = try LoopbackSocket.bound()
        close(socket)
        return port
    }
}
