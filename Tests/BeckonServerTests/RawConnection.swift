import Glibc

/// A TCP connection to 127.0.0.1 written and read byte by byte, for requests sent in parts.
final class RawConnection {
    private let socket: Int32

    /// Connects to `port`, or returns nil when the connection is refused. With
    /// `receiveBufferBytes`, the system holds at most about that many bytes the peer sent and
    /// this side did not read yet (else it grows the buffer up to `net.ipv4.tcp_rmem`'s maximum).
    init?(port: Int, receiveBufferBytes: Int? = nil) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        if var bytes = receiveBufferBytes.map(Int32.init) {
            setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &bytes, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            return nil
        }
        self.socket = socket
    }

    /// Reads give up after `patience` without a byte (whole seconds).
    func giveUpReading(after patience: Duration) {
        var timeout = timeval(tv_sec: Int(patience.components.seconds), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    func write(_ text: String) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// Everything the peer sends until it closes the connection.
    func readToEnd() -> String {
        read().text
    }

    /// Everything the peer sends until it closes (or resets) the connection, or a read gives up;
    /// and whether the peer closed it.
    func read() -> (text: String, closedByPeer: Bool) {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                bytes += buffer[..<count]
                continue
            }
            let closed = count == 0 || errno == ECONNRESET
            return (String(decoding: bytes, as: UTF8.self), closed)
        }
    }

    /// One response with a `Content-Length` body (none for a 304): its bytes, or what came
    /// before the peer closed the connection or a read gave up.
    func readResponse() -> String {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        func text() -> String { String(decoding: bytes, as: UTF8.self) }
        while !text().hasSuffix("\r\n\r\n") {
            guard recv(socket, &byte, 1, 0) == 1 else { return text() }
            bytes.append(byte)
        }
        let length = text().lowercased().split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int(String($0.dropFirst("content-length:".count).filter { $0 != " " })) } ?? 0
        for _ in 0..<length {
            guard recv(socket, &byte, 1, 0) == 1 else { break }
            bytes.append(byte)
        }
        return text()
    }

    deinit {
        close(socket)
    }
}

/// One thread may write while another reads: the socket is the only state, and the system allows it.
extension RawConnection: @unchecked Sendable {}
