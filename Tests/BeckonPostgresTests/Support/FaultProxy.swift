import Foundation
import BeckonTestSupport

/// A TCP proxy on 127.0.0.1 between the store and the server that breaks commits: it reads the
/// client's PostgreSQL protocol messages, recognises every commit (the extended-protocol Bind of
/// the prepared statement `beckon_commit`), and breaks every `every`-th one by closing both sides:
///
/// - `.loseAnswer`: the commit is forwarded, the server's answer read up to its ReadyForQuery
///   (the transaction has committed) and dropped: the commit landed, the client never hears.
/// - `.loseRequest`: the commit is dropped before the server sees it: it did not land.
///
/// Anything else passes both ways untouched. One thread accepts, two threads pump each connection.
final class FaultProxy: @unchecked Sendable {
    // @unchecked: mutable state is guarded by `lock`.
    enum Mode: Sendable, CustomStringConvertible {
        case loseAnswer, loseRequest
        var description: String { self == .loseAnswer ? "lose the answer" : "lose the request" }
    }

    /// The port the proxy listens on (127.0.0.1).
    let port: Int
    private let serverPort: Int
    private let mode: Mode
    private let every: Int
    private let listener: Int32
    private let lock = NSLock()
    private var commitsSeen = 0
    private var drops = 0
    private var connections: [Connection] = []
    private var stopped = false

    /// Listens at once; forwards to the server on 127.0.0.1:`serverPort`.
    init(serverPort: Int, mode: Mode, every: Int) throws {
        self.serverPort = serverPort
        self.mode = mode
        self.every = every
        (listener, port) = try LoopbackSocket.bound(listening: 64)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Commits the proxy broke so far.
    var dropped: Int { lock.withLock { drops } }
    /// Commits the proxy saw so far.
    var commits: Int { lock.withLock { commitsSeen } }

    /// Stops accepting and cuts every connection.
    func stop() {
        let open = lock.withLock {
            stopped = true
            return connections
        }
        shutdown(listener, Int32(SHUT_RDWR))
        open.forEach { $0.cut() }
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if lock.withLock({ stopped }) {
                    close(listener)
                    return
                }
                usleep(1_000) // EINTR, ECONNABORTED, a full table: try again
                continue
            }
            let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = LoopbackSocket.address(port: serverPort)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            let connection = Connection(client: client, server: server)
            let accepted = lock.withLock {
                guard !stopped else { return false }
                connections.removeAll { $0.isClosed }
                connections.append(connection)
                return true
            }
            guard connected == 0, accepted else {
                connection.cut()
                connection.release()
                connection.release()
                continue
            }
            Thread.detachNewThread { [self] in pumpClient(connection) }
            Thread.detachNewThread { [self] in pumpServer(connection) }
        }
    }

    /// Client to server: frames the messages; a commit may be the one to break.
    private func pumpClient(_ connection: Connection) {
        defer { connection.release() }
        var pending: [UInt8] = []
        var started = false // past the untyped startup messages (SSLRequest, StartupMessage)
        while let chunk = connection.receive(from: connection.client) {
            pending += chunk
            var forward: [UInt8] = []
            while let length = Self.messageLength(pending, typed: started) {
                let message = Array(pending.prefix(length))
                pending.removeFirst(length)
                if !started {
                    // StartupMessage: int32 length, int32 protocol 3.0 (196608); SSL/GSS requests differ.
                    started = message.count >= 8 && Array(message[4..<8]) == [0, 3, 0, 0]
                } else if Self.isCommitBind(message), decideToBreak() {
                    if mode == .loseRequest {
                        _ = connection.send(forward, to: connection.server)
                        connection.cut()
                        return
                    }
                    connection.awaitAnswer()
                }
                forward += message
            }
            guard connection.send(forward, to: connection.server) else { break }
        }
        connection.cut()
    }

    /// Server to client: untouched, unless the answer to a commit is the one to lose.
    private func pumpServer(_ connection: Connection) {
        defer { connection.release() }
        while let chunk = connection.receive(from: connection.server) {
            switch connection.answerArrived(chunk) {
            case .forward:
                guard connection.send(chunk, to: connection.client) else { connection.cut(); return }
            case .withhold:
                continue
            case .committed:
                connection.cut()
                return
            }
        }
        connection.cut()
    }

    private func decideToBreak() -> Bool {
        lock.withLock {
            commitsSeen += 1
            guard commitsSeen % every == 0 else { return false }
            drops += 1
            return true
        }
    }

    /// The length of the first complete message of `bytes`, or nil when it is not all there.
    private static func messageLength(_ bytes: [UInt8], typed: Bool) -> Int? {
        let header = typed ? 1 : 0
        guard bytes.count >= header + 4 else { return nil }
        let length = bytes[header..<header + 4].reduce(0) { $0 << 8 | Int($1) } + header
        return bytes.count >= length ? length : nil
    }

    /// 'B', int32 length, portal "" (a 0 byte), statement "beckon_commit" and its 0 byte.
    private static let commitBind = Array("beckon_commit".utf8) + [0]
    private static func isCommitBind(_ message: [UInt8]) -> Bool {
        message.first == UInt8(ascii: "B") && message.count > 6 + commitBind.count && message[5] == 0
            && Array(message[6..<6 + commitBind.count]) == commitBind
    }

    /// One proxied connection: its two sockets, closed when both pumps are done.
    final class Connection: @unchecked Sendable {
        // @unchecked: mutable state is guarded by `lock`.
        enum Answer { case forward, withhold, committed }

        let client: Int32
        let server: Int32
        private let lock = NSLock()
        private var users = 2
        private var closed = false
        /// The server's bytes since a commit to break was forwarded (nil: none is).
        private var answer: [UInt8]?

        init(client: Int32, server: Int32) {
            self.client = client
            self.server = server
        }

        var isClosed: Bool { lock.withLock { closed } }

        func receive(from socket: Int32) -> [UInt8]? {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
                if count > 0 { return Array(buffer.prefix(count)) }
                if count < 0, errno == EINTR { continue }
                return nil
            }
        }

        func send(_ bytes: [UInt8], to socket: Int32) -> Bool {
            var offset = 0
            while offset < bytes.count {
                let count = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }

        /// From now on the server's bytes are the commit's answer: withheld.
        func awaitAnswer() { lock.withLock { answer = [] } }

        /// What to do with the server's `chunk`: the commit's answer is withheld until its
        /// ReadyForQuery ('Z') shows the transaction is over, then the connection is cut.
        func answerArrived(_ chunk: [UInt8]) -> Answer {
            lock.withLock {
                guard var bytes = answer else { return .forward }
                bytes += chunk
                answer = bytes
                var offset = 0
                while bytes.count >= offset + 5 {
                    let length = bytes[offset + 1..<offset + 5].reduce(0) { $0 << 8 | Int($1) }
                    guard bytes.count >= offset + 1 + length else { break }
                    if bytes[offset] == UInt8(ascii: "Z") { return .committed }
                    offset += 1 + length
                }
                return .withhold
            }
        }

        /// Shuts both sockets down (the pumps then stop).
        func cut() {
            lock.withLock { closed = true }
            shutdown(client, Int32(SHUT_RDWR))
            shutdown(server, Int32(SHUT_RDWR))
        }

        /// A pump is done; the last one closes the sockets.
        func release() {
            let last = lock.withLock {
                users -= 1
                return users == 0
            }
            if last {
                close(client)
                close(server)
            }
        }
    }
}
