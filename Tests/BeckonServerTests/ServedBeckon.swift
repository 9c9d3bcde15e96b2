import AsyncHTTPClient
import BeckonRuntime
import BeckonServer
import BeckonTestSupport
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A configuration in a folder of its own, a server over it on an ephemeral loopback port, and
/// the built `beckon` executable run over a twin folder: the same requests, over HTTP and on
/// the command line, give the same answers.
enum ServedBeckon {
    /// A small configuration with the SQLite store (state kept between CLI processes) and no plugin.
    static let configuration = """
        version: 1
        app: {version: "2.3.1"}
        display: {frequency: daily}
        store: {backend: sqlite, path: state/beckon.db}
        parameters:
          plan: {type: string, default: free}
          screenBrightness: {type: double, default: 1.0, transient: true}
        events:
          appLaunched: {}
          landmarkViewed:
            info: {landmark: string, fromSearch: bool}
        tips:
          welcome:
            title: Welcome to Landmarks
            message: Browse famous places near you.
            maxDisplayCount: 1
          favorite-landmark:
            title: Save as favorite
            message: Tap the star to keep this landmark.
            rules:
              - events.landmarkViewed.within(7d).count >= 2
              - params.screenBrightness > 0.5
            maxDisplayCount: 3
        scenarios:
          ask-for-review:
            minEventsRequired: 2
            maxExecutionsPermitted: 1
            conditions: [params.plan == "free"]
          offer-subscription:
            event: appLaunched
            minEventsRequired: 1
        groups:
          onboarding: {priority: ordered, tips: [welcome, favorite-landmark]}
        whatsNew:
          mode: exact
          freshInstall: show
          entries:
            - version: 2.3.0
              title: What's New in Landmarks
              features:
                - {image: star.fill, title: Favorites, subtitle: Keep the landmarks you love.}
              primaryAction: {title: Continue}
        """

    /// A new folder holding `beckon.yaml`.
    static func folder(_ yaml: String = configuration) throws -> URL {
        let folder = try TestRunFolder.newFolder("serve")
        try yaml.write(to: folder.appendingPathComponent("beckon.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    /// Serves the configuration in `folder` on 127.0.0.1 with a port the system chooses, runs
    /// `body` with a client for it, then stops the server.
    static func withServer<R: Sendable>(_ folder: URL, _ body: @Sendable (Client) async throws -> R) async throws -> R {
        try await withServer(folder, configure: { _ in }) { client, _ in try await body(client) }
    }

    /// `withServer`, with the server made by `BeckonServer(runtime:wallClock:)` (the system clock
    /// unless given), changed by `configure`, and given to `body` too.
    static func withServer<R: Sendable>(_ folder: URL, wallClock: @escaping @Sendable () -> Int64 = BeckonServer.systemClock,
                                        configure: (inout BeckonServer) -> Void,
                                        _ body: @Sendable (Client, BeckonServer) async throws -> R) async throws -> R {
        // The permit is taken before the runtime opens its store, so that cases waiting for one
        // hold no descriptors either.
        try await serverPermits.holding(1) {
            let runtime = try ReloadableRuntime(configPath: folder.appendingPathComponent("beckon.yaml").path)
            var configured = BeckonServer(runtime: runtime, wallClock: wallClock)
            configure(&configured)
            let server = configured
            return try await serve([server]) { clients in try await body(clients[0], server) }
        }
    }

    /// Runs `server` on a loopback port the system chooses and `body` with a client for it, then
    /// stops the server.
    static func run<R: Sendable>(_ server: BeckonServer, _ body: @Sendable (Client, BeckonServer) async throws -> R) async throws -> R {
        try await runAll([server]) { clients in try await body(clients[0], server) }
    }

    /// How many servers the suites run in-process at once, at most: each has an event loop of
    /// its own (a thread and three descriptors).
    ///
    /// The suites run their cases at once, and unbounded they ran some 200 servers at a time,
    /// which took the test process past 1,300 open descriptors, where Foundation 6.3's
    /// `Process.run()` can read past the end of its listing of `/proc/self/fd` and crash
    /// (swift-corelibs-foundation#5472). A case past the bound waits for a server to stop.
    static let serverPermits = Permits(32)

    /// Runs `servers` on loopback ports the system chooses and `body` with a client for each,
    /// then stops them.
    ///
    /// Each server has an event loop of its own, and its tasks run on `ServerThreads`: neither
    /// another suite's server (one answering a flood of requests) nor tests holding the
    /// concurrency pool then delay its answers and its timers, which the suites time.
    static func runAll<R: Sendable>(_ servers: [BeckonServer], _ body: @Sendable ([Client]) async throws -> R) async throws -> R {
        try await serverPermits.holding(servers.count) { try await serve(servers, body) }
    }

    /// `runAll` for a caller holding the servers' permits.
    private static func serve<R: Sendable>(_ servers: [BeckonServer], _ body: @Sendable ([Client]) async throws -> R) async throws -> R {
        let loops = servers.map { _ in MultiThreadedEventLoopGroup(numberOfThreads: 1) }
        defer { for group in loops { group.shutdownGracefully { _ in } } }
        let (ports, continuation) = AsyncStream.makeStream(of: (Int, Int).self)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, var server) in servers.enumerated() {
                server.eventLoopGroup = loops[index]
                group.addTask(executorPreference: ServerThreads.shared) {
                    try await server.run(listeningOn: ListenAddress(host: "127.0.0.1", port: 0)) { continuation.yield((index, $0)) }
                }
            }
            var bound = [Int](repeating: 0, count: servers.count)
            var iterator = ports.makeAsyncIterator()
            for _ in servers.indices {
                guard let (index, port) = await iterator.next() else { throw ServerDidNotStart() }
                bound[index] = port
            }
            let result = try await body(bound.map { Client(port: $0) })
            group.cancelAll()
            return result
        }
    }

    struct ServerDidNotStart: Error {}

    /// HTTP requests to the server, over a real socket.
    struct Client: Sendable {
        let port: Int
        /// How long a request may take before it fails with `HTTPClientError.deadlineExceeded`.
        var patience: TimeAmount = .seconds(30)

        struct Answer {
            var status: Int
            var contentType: String?
            var body: String
            /// The response's headers.
            var headers: HTTPHeaders = [:]

            /// The body as a JSON object.
            var object: [String: Any] {
                (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
            }
            /// A problem's code.
            var code: String? { object["code"] as? String }
        }

        func get(_ path: String) async throws -> Answer {
            try await send(.GET, path, body: nil)
        }

        func post(_ path: String, body: String? = nil) async throws -> Answer {
            try await send(.POST, path, body: body)
        }

        /// A request by its method's name (GET, POST, PUT, DELETE).
        func send(_ method: String, _ path: String, body: String? = nil) async throws -> Answer {
            try await send(HTTPMethod(rawValue: method), path, body: body)
        }

        func send(_ method: HTTPMethod, _ path: String, body: String?, headers: [(String, String)] = []) async throws -> Answer {
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
            request.method = method
            for (name, value) in headers { request.headers.add(name: name, value: value) }
            if let body {
                request.headers.add(name: "content-type", value: "application/json")
                request.body = .bytes(ByteBuffer(string: body))
            }
            let response = try await HTTPClient.shared.execute(request, timeout: patience)
            let bytes = try await response.body.collect(upTo: 1 << 22)
            return Answer(status: Int(response.status.code), contentType: response.headers["content-type"].first,
                          body: String(buffer: bytes), headers: response.headers)
        }
    }

    /// Runs `beckon ARGUMENTS --config FOLDER/beckon.yaml` in `folder` (the configuration's
    /// path is named in some answers: a rule's position).
    static func beckon(_ folder: URL, _ arguments: [String]) throws -> ProcessResult {
        try BeckonCLI.run(arguments + ["--config", folder.appendingPathComponent("beckon.yaml").path], in: folder)
    }

    /// Runs `beckon serve` on a loopback port with `arguments` in `folder` to its end: for what it
    /// refuses before it listens.
    static func serveToItsEnd(_ folder: URL, _ arguments: [String]) throws -> ProcessResult {
        try BeckonCLI.run(ServeProcess.arguments(folder, arguments), in: folder)
    }
}

extension ServeProcess {
    /// A client for the served port.
    var client: ServedBeckon.Client { ServedBeckon.Client(port: port) }
}
