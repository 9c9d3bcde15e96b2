import Synchronization

/// Serializes calls into a plugin: the process-wide lifecycle gate (init, bind, open, …, which
/// the ABI promises never run two at once) and the gates of SERIALIZE flags.
final class CallGate: Sendable {
    private let mutex = Mutex<Void>(())

    /// The gate of every lifecycle call in the process.
    static let lifecycle = CallGate()

    /// Runs `body` alone.
    func run<R>(_ body: () throws -> R) rethrows -> R {
        try mutex.withLock { _ in try body() }
    }
}

extension Optional where Wrapped == CallGate {
    /// Runs `body` through the gate when there is one, directly otherwise.
    func run<R>(_ body: () throws -> R) rethrows -> R {
        switch self {
        case .some(let gate): try gate.run(body)
        case .none: try body()
        }
    }
}
