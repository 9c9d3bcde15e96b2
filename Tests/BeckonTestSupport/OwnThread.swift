import Foundation

/// Blocking work (waiting for a program, reading a blocking socket) run on a thread of its own
/// and awaited without holding a thread of Swift's concurrency pool.
///
/// The pool has one thread per core, two on the CI machines, shared by every test running at
/// once and by the servers the suites run in-process. Two tests blocked on it at the same time
/// (the documents' checker and a browser test each wait minutes for their Python) stop every
/// in-process server until one returns: its requests then time out on the client side. Waits
/// longer than a moment go through here; `ProcessRunner`'s async overloads do.
public enum OwnThread {
    /// `work`'s result, computed on a new thread; throws what `work` throws (nothing, when it
    /// cannot throw).
    public static func run<R: Sendable, E: Error>(_ work: @escaping @Sendable () throws(E) -> R) async throws(E) -> R {
        let result: Result<R, E> = await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: Result { () throws(E) -> R in try work() }) }
        }
        return try result.get()
    }
}
