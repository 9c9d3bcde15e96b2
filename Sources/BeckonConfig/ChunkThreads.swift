import BeckonCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the chunks of a large piece of work (compiling many rules, reading many tips, parsing a
/// large file ahead) on the machine's processors, with plain POSIX threads: no thread pool or
/// library is started for it, and a small configuration never starts a thread at all.
public enum ChunkThreads {
    /// How many chunks to split work into: the processors online, at most 4 (one when unknown).
    /// Asked once per process (the system reads a file to answer).
    static let processorCount: Int = {
        let online = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return online > 0 ? min(Int(online), 4) : 1
    }()

    /// Runs `body(0)` on the calling thread and every other chunk on a thread of its own, and
    /// returns once all have finished. A chunk whose thread cannot be started runs on the calling
    /// thread instead, so that the work is done either way.
    static let runner: RuleBook.ChunkRunner = { count, body in
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        var threads: [pthread_t] = []
        var inline: [Int] = []
        for chunk in 1..<count {
            if let thread = start({ body(chunk) }) {
                threads.append(thread)
            } else {
                inline.append(chunk)
            }
        }
        body(0)
        for chunk in inline { body(chunk) }
        for thread in threads { pthread_join(thread, nil) }
    }

    /// Runs `body(0)` … `body(count - 1)` as `runner` does: each chunk but the first on a thread
    /// of its own, returning once all have finished.
    public static func run(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        runner(count, body)
    }

    /// Runs `work` on a new thread, to be joined with `pthread_join`; nil when no thread could be
    /// started (the caller then does the work itself).
    static func start(_ work: @escaping @Sendable () -> Void) -> pthread_t? {
        let box = Unmanaged.passRetained(Work(work)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let started = pthread_create(&thread, nil, { argument in
            Unmanaged<Work>.fromOpaque(argument!).takeRetainedValue().run()
            return nil
        }, box)
        guard started == 0 else {
            Unmanaged<Work>.fromOpaque(box).release()
            return nil
        }
        return thread
    }

    /// A thread's work, handed to it.
    private final class Work: Sendable {
        let run: @Sendable () -> Void

        init(_ run: @escaping @Sendable () -> Void) {
            self.run = run
        }
    }
}
