internal import CBeckon
import BeckonCore
import Synchronization

/// The ids of one kind (tips, groups or scenarios) that a host resolved into handles
/// (`beckon_resolve_tip`, ...). A handle names an id for the engine's lifetime, whatever
/// configuration serves: handle `n` is the `n`-th id resolved (from 1, so a zeroed handle is never
/// valid), and resolving an id again gives its handle back.
///
/// For decisions by slot, the table also keeps each handle's slot in the configuration last asked
/// about: after a reload, each handle's id is looked up again once, on its first use. The first
/// handles' slots are also kept in words read without the lock (`cachedSlots`).
final class HandleTable: @unchecked Sendable {
    // Unchecked: `known` is allocated and initialized in `init`, freed in `deinit`, and its
    // words are only read and written atomically.
    private struct Entries {
        var ids: [String] = []
        var handles: [String: UInt32] = [:]
        /// The generation of the engine `slots` belong to (a number no other engine has, so the
        /// table holds no reference to it and a reload lets it go), and each handle's slot in it,
        /// by handle - 1, once looked up.
        var generation: UInt64 = 0
        var slots: [Int?] = []

        /// The id a handle names, or nil when this table never issued it.
        func id(of handle: UInt32) -> String? {
            handle >= 1 && Int(handle) <= ids.count ? ids[Int(handle) - 1] : nil
        }

        /// The slot of `handle` in `current`, looked up by id (`resolve`) on first use in it.
        mutating func slot(of handle: UInt32, in current: Engine, _ what: () -> String,
                           _ resolve: (Engine, String) throws(EngineError) -> Int) throws(CallFailure) -> Int {
            guard handle >= 1, Int(handle) <= ids.count else { throw HandleTable.unissued(handle, what()) }
            let currentGeneration = current.generation
            if generation != currentGeneration {
                generation = currentGeneration
                slots = []
            }
            let index = Int(handle) - 1
            if index < slots.count, let slot = slots[index] { return slot }
            let slot: Int
            do throws(EngineError) { slot = try resolve(current, ids[index]) } catch { throw CallFailure(error) }
            if index >= slots.count { slots += [Int?](repeating: nil, count: ids.count - slots.count) }
            slots[index] = slot
            return slot
        }
    }

    private let entries = Mutex(Entries())
    /// By handle - 1, for the first `knownCount` handles: the slot found last and the generation
    /// of the engine it is in, packed as `generation << 24 | (slot + 1)` (0: none yet). A word is
    /// written whole once its slot is found under the lock, so a reader that finds its engine's
    /// generation in it has that engine's slot for the handle, with no lock and no ordering.
    private let known: UnsafeMutablePointer<Atomic<UInt64>>
    private let knownCount: Int
    private static let slotBits: UInt64 = 24
    private static let slotMask: UInt64 = (1 << slotBits) - 1

    /// A table whose first `cachedSlots` handles have their slots read without the lock.
    init(cachedSlots: Int = 0) {
        knownCount = max(cachedSlots, 0)
        known = .allocate(capacity: knownCount)
        for index in 0..<knownCount { (known + index).initialize(to: Atomic(0)) }
    }

    deinit {
        known.deinitialize(count: knownCount)
        known.deallocate()
    }

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

    /// The id a handle names, or the refusal of a handle this table never issued (`what` names
    /// the parameter).
    func id(of handle: UInt32, _ what: String) throws(CallFailure) -> String {
        guard let id = entries.withLock({ $0.id(of: handle) }) else { throw Self.unissued(handle, what) }
        return id
    }

    /// The slot in `engine` of the id `handle` names, `resolve` looking it up once per engine;
    /// the refusal of a handle never issued or whose id `engine` does not declare.
    @inline(__always)
    func slot(of handle: UInt32, in engine: Engine, _ what: String,
              _ resolve: (Engine, String) throws(EngineError) -> Int) throws(CallFailure) -> Int {
        let index = Int(handle) - 1
        if index >= 0, index < knownCount {
            let word = known[index].load(ordering: .relaxed)
            if word >> Self.slotBits == engine.generation, word & Self.slotMask != 0 { return Int(word & Self.slotMask) - 1 }
        }
        return try lockedSlot(of: handle, in: engine, what, resolve)
    }

    /// `slot(of:in:_:_:)` under the lock, the slot found kept in the handle's word.
    private func lockedSlot(of handle: UInt32, in engine: Engine, _ what: String,
                            _ resolve: (Engine, String) throws(EngineError) -> Int) throws(CallFailure) -> Int {
        let slot = try entries.withLock { entries throws(CallFailure) in try entries.slot(of: handle, in: engine, { what }, resolve) }
        let index = Int(handle) - 1, generation = engine.generation
        if index < knownCount, generation < 1 << (64 - Self.slotBits), UInt64(slot) + 1 <= Self.slotMask {
            known[index].store(generation << Self.slotBits | (UInt64(slot) + 1), ordering: .relaxed)
        }
        return slot
    }

    /// The slots of `count` handles from `handles`, as `slot(of:in:_:_:)` does for each
    /// (`what` names the array parameter), under one lock.
    func slots(of handles: UnsafePointer<UInt32>, count: Int, in engine: Engine, _ what: String,
               _ resolve: (Engine, String) throws(EngineError) -> Int) throws(CallFailure) -> [Int] {
        try entries.withLock { entries throws(CallFailure) in
            var slots: [Int] = []
            slots.reserveCapacity(count)
            for index in 0..<count {
                slots.append(try entries.slot(of: handles[index], in: engine, { "\(what)[\(index)]" }, resolve))
            }
            return slots
        }
    }

    static func unissued(_ handle: UInt32, _ what: String) -> CallFailure {
        CallFailure(BECKON_INVALID_ARGUMENT, "\(what) is \(handle), a handle this engine never issued (resolve the id first)")
    }
}
