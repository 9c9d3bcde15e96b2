import ArgumentParser
import BeckonRules
import BeckonServer
import FoundationEssentials

/// `beckon serve`'s options for what stands before the routes: bearer tokens, request limits and
/// CORS (see `EdgeOptions`).
struct ServeEdgeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A tokens file: lines 'read TOKEN' or 'write TOKEN' ('#' comments). Default: $BECKON_TOKENS (same format, ',' also separates), else no token is asked for.", valueName: "file"))
    var tokens: String?

    @Option(name: .customLong("max-body"), help: ArgumentHelp("The most bytes a request body may hold (else 413).", valueName: "bytes"))
    var maxBody = 64 * 1024

    @Option(name: .customLong("max-header-bytes"), help: ArgumentHelp("The most bytes a request's header names and values may hold (else 431), and its target alone (else 414).", valueName: "bytes"))
    var maxHeaderBytes = 16 * 1024

    @Option(name: .customLong("request-timeout"), help: ArgumentHelp("How long a request's body may take to arrive after its headers (else 408 and the connection is closed).", valueName: "duration"))
    var requestTimeout = "30s"

    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp("How long a connection may stay silent before it is closed.", valueName: "duration"))
    var idleTimeout = "60s"

    @Option(name: .customLong("header-timeout"), help: ArgumentHelp("How long a request's line and headers may take to arrive whole, from its first byte (a new connection's first request: from the accept); else 408 and the connection is closed (one that sent nothing is just closed).", valueName: "duration"))
    var headerTimeout = "10s"

    @Option(name: .customLong("max-connections"), help: ArgumentHelp("The most connections open at once; one more is answered 503 at once and closed. Keep it below the process's file limit (ulimit -n).", valueName: "count"))
    var maxConnections = 10_000

    @Option(name: .customLong("cors-origin"), help: ArgumentHelp("An origin browsers may call from ('*' for any; repeatable). Default: none, CORS off.", valueName: "origin"))
    var corsOrigins: [String] = []

    func validate() throws {
        guard maxBody > 0 else { throw ValidationError("--max-body must be a positive number of bytes") }
        guard maxHeaderBytes >= 1024 else { throw ValidationError("--max-header-bytes must be at least 1024") }
        _ = try Self.duration(requestTimeout, "--request-timeout")
        _ = try Self.duration(idleTimeout, "--idle-timeout")
        _ = try Self.duration(headerTimeout, "--header-timeout")
        guard maxConnections > 0 else { throw ValidationError("--max-connections must be at least 1, not \(maxConnections)") }
        for origin in corsOrigins where origin.isEmpty || origin.contains(" ") {
            throw ValidationError("--cors-origin '\(origin)' is not an origin (scheme://host[:port]) or '*'")
        }
    }

    /// A positive duration literal (`30s`, `1m30s`).
    static func duration(_ text: String, _ option: String) throws -> Duration {
        switch DurationSyntax.parse(text) {
        case .success(let milliseconds) where milliseconds > 0: return .milliseconds(milliseconds)
        case .success: throw ValidationError("\(option) must be longer than 0s")
        case .failure(let error): throw ValidationError("\(option): \(error.message)")
        }
    }

    /// The tokens, limits and origins; `TokensError` when the tokens cannot be read (its message
    /// names the file and line, never a token).
    func edge() throws -> EdgeOptions {
        let limits = RequestLimits(maxBodyBytes: maxBody, maxHeaderBytes: maxHeaderBytes,
                                   requestTimeout: try Self.duration(requestTimeout, "--request-timeout"),
                                   idleTimeout: try Self.duration(idleTimeout, "--idle-timeout"),
                                   headerTimeout: try Self.duration(headerTimeout, "--header-timeout"),
                                   maxConnections: maxConnections)
        var access: AccessControl?
        if let tokens {
            access = try AccessControl(source: .file(tokens))
        } else if let text = ProcessInfo.processInfo.environment["BECKON_TOKENS"], !text.isEmpty {
            access = try AccessControl(source: .text(text, name: "BECKON_TOKENS"))
        }
        return EdgeOptions(access: access, limits: limits, corsOrigins: corsOrigins)
    }

    /// The tokens, limits and CORS origins for a server on `address`: tokens that cannot be read
    /// exit 66 (unreadable) or 64 (malformed), naming the file and line, never a token; no token
    /// on a non-loopback address is allowed, with a warning.
    func edge(listeningOn address: ListenAddress) throws -> EdgeOptions {
        let edge: EdgeOptions
        do {
            edge = try self.edge()
        } catch let error as TokensError {
            Output.error("serve: tokens: \(error)")
            throw ExitCode(error.exitCode)
        }
        if edge.access == nil && !AccessControl.isLoopback(host: address.host) {
            Output.standardError("beckon: warning: serve: no bearer token is configured (--tokens or BECKON_TOKENS) and \(address.host) is not a loopback address: anyone who reaches it may read and record\n")
        }
        return edge
    }
}
