import BeckonTestSupport
import Foundation
import Testing

/// Two `beckon serve` processes on their own ports over one PostgreSQL database race
/// `scenario try` through HTTP: in each round, 4 clients of each server ask at once to run a
/// scenario that may run once, for a subject no one asked about before. Exactly one answer says
/// it executed, and both servers then read one execution from the database.
@Suite("postgres.store: beckon serve processes racing")
struct PostgresServeRaceTests {
    static let servers = 2
    static let clientsPerServer = 4
    static let rounds = 20

    @Test func exactlyOneExecutionPerRoundThroughHTTP() throws {
        let server = try PostgresServer.shared.get()
        let database = try server.createDatabase("serve_race")
        let config = try BuiltProducts.configuration(options: server.options(database: database, extra: ",\"poolSize\":4"), body: """
            events:
              opened: {}
            scenarios:
              once: {maxExecutionsPermitted: 1}
            """)
        let folder = URL(fileURLWithPath: config).deletingLastPathComponent()
        let processes = try (0..<Self.servers).map { _ in try ServeProcess(folder, environment: PostgresServer.environment) }
        defer { for process in processes { process.stop() } }

        let run = UUID().uuidString.prefix(8)
        var executedPerRound: [Int] = []
        var unexpected: [String] = []
        for round in 0..<Self.rounds {
            let path = "/v1/subjects/serve-\(run)-\(round)/scenarios/once/try"
            let ports = processes.flatMap { [Int](repeating: $0.port, count: Self.clientsPerServer) }
            let answers = LoopbackHTTP.allAtOnce(ports.map { (port: $0, method: "POST", path: path) })
            var executed = 0
            for answer in answers {
                if answer.status == 200, answer.body.contains("\"executed\":true") {
                    executed += 1
                } else if !(answer.status == 200 && answer.body.contains("\"executed\":false")) && answer.status != 409 {
                    unexpected.append("\(answer.status) \(answer.body)")
                }
            }
            executedPerRound.append(executed)
        }
        #expect(executedPerRound == [Int](repeating: 1, count: Self.rounds), "executions per round: \(executedPerRound)")
        #expect(unexpected.isEmpty, "\(unexpected)")

        // Each server reads one execution of each round's subject from the database.
        for round in 0..<Self.rounds {
            for process in processes {
                let status = LoopbackHTTP.send(port: process.port, method: "GET", path: "/v1/subjects/serve-\(run)-\(round)/scenarios/once")
                #expect(status.status == 200 && status.body.contains("\"executions\":1,"), "\(status.body)")
            }
        }
        for process in processes {
            #expect(process.stop() == 0)
            #expect(!process.standardError.contains(PostgresServer.password))
        }
    }
}

/// HTTP/1.1 requests without a body over a loopback socket, one connection each (`Connection:
/// close`, the answer read to the end): enough for the suite, with no HTTP library.
enum LoopbackHTTP {
    struct Answer: Sendable {
        var status: Int
        var body: String
    }

    /// Sends every request at once: all connections opened first, then each request sent and
    /// answered on a thread of its own.
    static func allAtOnce(_ requests: [(port: Int, method: String, path: String)]) -> [Answer] {
        let sockets = requests.map { connected(port: $0.port) }
        let answers = Answers(count: requests.count)
        let group = DispatchGroup()
        for (index, request) in requests.enumerated() {
            group.enter()
            Thread.detachNewThread {
                let answer = exchange(sockets[index], port: request.port, method: request.method, path: request.path)
                answers.set(index, answer)
                group.leave()
            }
        }
        group.wait()
        return answers.all
    }

    /// The answers, filled in by the threads that send the requests.
    private final class Answers: @unchecked Sendable {
        // @unchecked: `list` is only read and written under `lock`.
        private var list: [Answer]
        private let lock = NSLock()

        init(count: Int) { list = Array(repeating: Answer(status: 0, body: "no answer"), count: count) }

        func set(_ index: Int, _ answer: Answer) { lock.withLock { list[index] = answer } }

        var all: [Answer] { lock.withLock { list } }
    }

    /// One request; status 0 and the reason when the exchange failed.
    static func send(port: Int, method: String, path: String) -> Answer {
        exchange(connected(port: port), port: port, method: method, path: path)
    }

    /// A socket connected to 127.0.0.1:`port`, or the reason it is not.
    private static func connected(port: Int) -> Result<Int32, Failure> {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return .failure(Failure(reason: "socket: \(errno)")) }
        var address = LoopbackSocket.address(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            return .failure(Failure(reason: "connect: \(errno)"))
        }
        return .success(socket)
    }

    struct Failure: Error {
        var reason: String
    }

    /// Sends the request on `connection`, reads the answer to its end and closes the socket.
    private static func exchange(_ connection: Result<Int32, Failure>, port: Int, method: String, path: String) -> Answer {
        let socket: Int32
        switch connection {
        case .success(let connected): socket = connected
        case .failure(let failure): return Answer(status: 0, body: failure.reason)
        }
        defer { close(socket) }
        let head = Array("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
        var sent = 0
        while sent < head.count {
            let count = head[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return Answer(status: 0, body: "send: \(errno)") }
            sent += count
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        guard let statusLine = text.split(separator: "\r\n", maxSplits: 1).first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? ""),
              let blank = text.range(of: "\r\n\r\n")
        else { return Answer(status: 0, body: "malformed answer: \(text)") }
        return Answer(status: status, body: String(text[blank.upperBound...]))
    }
}
