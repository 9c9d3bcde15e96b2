import ArgumentParser
import BeckonCore
import BeckonPluginHost
import BeckonRules
import BeckonRuntime
import BeckonServer
import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Logging

/// `beckon serve --config PATH --listen HOST:PORT`: the HTTP host (see `BeckonServer`).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Answer every operation over HTTP, as JSON (the same as --json), until SIGTERM or SIGINT.",
        discussion: """
            SIGHUP reloads the configuration, and so does a change of its file (polled every \
            --watch-interval); a configuration that does not check leaves the last good one serving. \
            SIGTERM or SIGINT stops accepting connections, lets requests in flight finish for up to \
            --shutdown-grace, and exits 0. The log (reloads, one line per request) goes to standard error.
            """)

    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var edgeOptions: ServeEdgeOptions

    @Option(help: ArgumentHelp("The address to listen on: HOST:PORT (port 0: one the system chooses).", valueName: "host:port"))
    var listen = "127.0.0.1:8080"

    @Option(name: .customLong("watch-interval"), help: ArgumentHelp(
        "How often to check the configuration file for changes (a duration such as 1s or 500ms); 0 or off: never (SIGHUP still reloads).",
        valueName: "duration"))
    var watchInterval = "1s"

    @Option(name: .customLong("shutdown-grace"), help: ArgumentHelp(
        "How long requests in flight may take to finish after SIGTERM or SIGINT before they are cut (a duration such as 10s).",
        valueName: "duration"))
    var shutdownGrace = "10s"

    @Option(name: .customLong("store-threads"), help: ArgumentHelp(
        "How many decisions may wait on a plugin's store at once, each on a thread of its own; best equal to the store's connection pool (the PostgreSQL store's poolSize). Memory and SQLite stores use none.",
        valueName: "count"))
    var storeThreads = WaitingStoreThreads.defaultCount

    @Option(name: .customLong("event-loops"), help: ArgumentHelp(
        "How many threads accept connections, read and write them, and answer the requests decided as they are read (tip status, OFREP evaluations); by default one per core. Other requests run on Swift's concurrency threads (one per core).",
        valueName: "count"))
    var eventLoops: Int?

    @Flag(help: "Serve the page for people at /ui/: a subject's answers, live, and the configuration served (its data through /v1, with the token typed into it when tokens are on).")
    var ui = false

    func validate() throws {
        do {
            _ = try ListenAddress(parsing: listen)
        } catch {
            throw ValidationError("--listen \(error)")
        }
        _ = try Self.watchInterval(watchInterval)
        _ = try Self.duration(shutdownGrace, option: "--shutdown-grace")
        guard (1...1024).contains(storeThreads) else {
            throw ValidationError("--store-threads must be from 1 to 1024, not \(storeThreads)")
        }
        if let eventLoops, !(1...Self.maxEventLoops).contains(eventLoops) {
            throw ValidationError("--event-loops must be from 1 to \(Self.maxEventLoops), not \(eventLoops)")
        }
    }

    /// The most `--event-loops`: more threads than this only switch between themselves.
    static let maxEventLoops = 256

    /// `--watch-interval`: nil for `0` or `off`.
    static func watchInterval(_ text: String) throws -> Duration? {
        if text == "off" || text == "0" { return nil }
        let interval = try duration(text, option: "--watch-interval")
        return interval == .zero ? nil : interval
    }

    /// A duration option (`10s`, `500ms`, `1m30s`).
    static func duration(_ text: String, option: String) throws -> Duration {
        switch DurationSyntax.parse(text) {
        case .success(let milliseconds): return .milliseconds(milliseconds)
        case .failure(let error): throw ValidationError("\(option) \(error.message)")
        }
    }

    /// Loads the configuration and opens its store (exit 65, 66 or 69 as every command), then
    /// serves until a signal stops it, printing the address it listens on to standard error.
    func run() throws {
        // SIGHUP reloads once the server runs; until then (loading the configuration, opening the
        // store) it is ignored rather than ending the process, its default action.
        signal(SIGHUP, SIG_IGN)
        let address = try ListenAddress(parsing: listen)
        let edge = try edgeOptions.edge(listeningOn: address)
        let runtime = try configOptions.openRuntime()
        let path = configOptions.configPath
        // The log (an access line per request) goes to standard error through a buffer.
        let logOutput = LogOutput.standardError
        var logger = Logger(label: "beckon.serve", factory: { label in BufferedLogHandler(label: label, output: logOutput) })
        logger.logLevel = (configOptions.logLevel ?? (try? PluginLog.environmentLevel()?.get())).map(Self.level) ?? .info
        var server = BeckonServer(runtime: ReloadableRuntime(runtime), configurationFile: path,
                                  watchInterval: try Self.watchInterval(watchInterval),
                                  shutdownGrace: try Self.duration(shutdownGrace, option: "--shutdown-grace"), logger: logger)
        server.edge = edge
        server.storeThreads = WaitingStoreThreads(count: storeThreads)
        server.ui = ui
        if let eventLoops { server.eventLoopGroup = BeckonServer.eventLoops(count: eventLoops) }
        // The root command is synchronous (its start-up is a decision command's hot path): the
        // server runs on the concurrency pool while this thread waits for it to stop.
        let stopped = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: (any Error)?
        Task {
            do {
                try await server.run(listeningOn: address, stoppingOnSignals: true) { port in
                    Output.standardError("beckon: serving \(path) on http://\(ListenAddress(host: address.host, port: port))\n")
                }
            } catch {
                failure = error
            }
            stopped.signal()
        }
        stopped.wait()
        if let failure {
            logOutput.flush()
            Output.error("serve: \(failure)")
            throw ExitStatus.unavailable
        }
        logger.info("stopped")
        logOutput.flush()
    }

    /// The log level `--log-level` names.
    static func level(_ level: PluginLog.Level) -> Logger.Level {
        switch level {
        case .debug: .debug
        case .info: .info
        case .warning: .warning
        case .error: .error
        }
    }
}
