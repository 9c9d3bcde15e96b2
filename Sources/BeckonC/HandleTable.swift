import Synchronization

/// The ids of one kind (tips, groups or scenarios) that a host resolved into handles
/// (`beckon_resolve_tip`, ...). A handle names an id for the engine's lifetime, whatever
/// configuration serves: handle `n` is the `n`-th id resolved (from 1, so a zeroed handle is never
/// valid), and resolving an id again gives its handle back.
final class HandleTable: Sendable {
    private struct Entries {
        var ids: [String] = []
        var handles: [String: UInt32] = [:]
    }

    private let entries = Mutex(Entries())

    /// The handle of `id`, issued now if it has none.
    func handle(for id: String) -> UInt32 {
        entries.withLock { entries in
            if let handle = entries.handles[id] { return handle }
            entries.ids.append(id)
            let handle = UInt32(entries.ids.count)
            entries.handles[id] = handle
            return handle
        }
    }

    /// The id a handle names, or nil when this table never issued it.
    func id(of handle: UInt32) -> String? {
        entries.withLock { entries in
            handle >= 1 && Int(handle) <= entries.ids.count ? entries.ids[Int(handle) - 1] : nil
        }
    }
}
