import Glibc
import NIOCore
import Synchronization

/// Where `beckon serve` listens: `HOST:PORT` (`127.0.0.1:8080`, `[::1]:8080`, `localhost:0`).
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    /// The host name or address (an IPv6 address without its brackets).
    public var host: String
    /// The port; 0 lets the system choose one.
    public var port: Int

    /// An address from its parts.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `HOST:PORT`, or says what is wrong with it.
    public init(parsing text: String) throws(ListenAddressError) {
        guard let colon = text.lastIndex(of: ":") else { throw ListenAddressError(text: text, reason: "it has no ':PORT'") }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw ListenAddressError(text: text, reason: "it has no host") }
        guard let port = Int(text[text.index(after: colon)...]), (0...65535).contains(port) else {
            throw ListenAddressError(text: text, reason: "its port is not a number from 0 to 65535")
        }
        self.init(host: host, port: port)
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

/// Why a `--listen` value is not an address.
public struct ListenAddressError: Error, Sendable, CustomStringConvertible {
    public var text: String
    public var reason: String
    public var description: String { "'\(text)' is not HOST:PORT: \(reason)" }
}

/// Why the server could not listen on its address, in the system's words (`cannot listen on
/// 127.0.0.1:8080: Address already in use`), rather than the event loop's error it comes as.
public struct ListenFailure: Error, Sendable, CustomStringConvertible {
    public var address: ListenAddress
    public var reason: String
    public var description: String { "cannot listen on \(address): \(reason)" }

    /// The failure `error` is, when it is the system refusing the address (binding it) or not
    /// finding its host; nil for any other error.
    init?(_ error: any Error, address: ListenAddress) {
        switch error {
        case let error as IOError: reason = String(cString: strerror(error.errnoCode))
        case let error as SocketAddressError.UnknownHost: reason = "no such host (\(error.errorDescription))"
        default: return nil
        }
        self.address = address
    }
}

/// Whether a server got as far as listening: an error before then is one of listening.
final class ListeningFlag: Sendable {
    private let listening = Atomic<Bool>(false)

    func set() { listening.store(true, ordering: .relaxed) }

    var isSet: Bool { listening.load(ordering: .relaxed) }
}
