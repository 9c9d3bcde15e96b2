public import Foundation

/// TCP sockets on 127.0.0.1 for the suite's own servers and probes: nothing else is ever bound.
public enum LoopbackSocket {
    /// The address 127.0.0.1:`port` (0: a port the kernel chooses when binding).
    public static func address(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }

    /// A socket bound to a loopback port the kernel chose, listening when `backlog` is given;
    /// the socket and its port. The caller closes the socket.
    public static func bound(listening backlog: Int32? = nil) throws -> (socket: Int32, port: Int) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = address(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard socket >= 0, bound == 0, backlog.map({ listen(socket, $0) == 0 }) ?? true else {
            if socket >= 0 { close(socket) }
            throw PostgresServer.Failure(description: "cannot \(backlog == nil ? "bind" : "listen on") a loopback port")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) } }
        return (socket, Int(UInt16(bigEndian: address.sin_port)))
    }
}
