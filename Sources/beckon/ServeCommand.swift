import ArgumentParser
import BeckonCore
import BeckonRuntime
import BeckonServer
import Dispatch

/// `beckon serve --config PATH --listen HOST:PORT`: the HTTP host (see `BeckonServer`).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Answer every operation over HTTP, as JSON (the same as --json), until SIGTERM or SIGINT.")

    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var edgeOptions: ServeEdgeOptions

    @Option(help: ArgumentHelp("The address to listen on: HOST:PORT (port 0: one the system chooses).", valueName: "host:port"))
    var listen = "127.0.0.1:8080"

    func validate() throws {
        do {
            _ = try ListenAddress(parsing: listen)
        } catch {
            throw ValidationError("--listen \(error)")
        }
    }

    /// Loads the configuration and opens its store (exit 65, 66 or 69 as every command), then
    /// serves until a signal stops it, printing the address it listens on to standard error.
    func run() throws {
        let address = try ListenAddress(parsing: listen)
        let edge = try edgeOptions.edge(listeningOn: address)
        let configuration = try configOptions.loadConfiguration()
        let runtime: Runtime
        do {
            runtime = try Runtime.open(configuration)
        } catch .store(let error) {
            Output.error("store unavailable: \(error.message)")
            throw ExitStatus.unavailable
        } catch .configuration {
            throw ExitStatus.internalError  // the configuration was already loaded
        }
        var server = BeckonServer(runtime: ReloadableRuntime(runtime))
        server.edge = edge
        let path = configOptions.configPath
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
            Output.error("serve: \(failure)")
            throw ExitStatus.unavailable
        }
    }
}
