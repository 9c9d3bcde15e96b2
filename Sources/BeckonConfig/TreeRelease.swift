#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Frees the YAML trees of a large load on another processor while the load goes on (checking
/// references, compiling rules), instead of node by node on the loading thread once a file is
/// read. The trees are released before the load returns (`wait`), so no work outlives it.
struct TreeRelease {
    /// The trees read and not yet handed over.
    private var trees: [YAMLNode] = []
    /// The YAML bytes those trees came from: a small load frees its trees in place, as a thread
    /// would cost more than it saves.
    private var bytes = 0
    private var thread: pthread_t?

    /// From this many bytes of YAML on, trees are freed on another processor (when there is one).
    static let concurrentFromBytes = 64 * 1024

    /// Keeps a file's tree until `start`.
    mutating func keep(_ root: YAMLNode, bytes count: Int) {
        trees.append(root)
        bytes += count
    }

    /// Hands the trees kept to a thread that frees them, or frees them here for a small load or
    /// when no thread can be started.
    mutating func start() {
        guard !trees.isEmpty else { return }
        let box = Trees(trees)
        trees = []
        guard ChunkThreads.processorCount > 1, bytes >= Self.concurrentFromBytes,
              let started = ChunkThreads.start({ box.free() }) else {
            box.free()
            return
        }
        thread = started
    }

    /// Waits until the trees handed over are freed.
    mutating func wait() {
        if let thread { pthread_join(thread, nil) }
        thread = nil
    }

    /// The only reference to the trees once handed over, so that the thread that empties it is
    /// the one that frees them. The nodes are immutable once built.
    private final class Trees: @unchecked Sendable {
        private var nodes: [YAMLNode]

        init(_ nodes: [YAMLNode]) {
            self.nodes = nodes
        }

        func free() {
            nodes = []
        }
    }
}
