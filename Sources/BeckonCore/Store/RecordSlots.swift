import BeckonRules
import Synchronization

/// A subject record's entries by the slots of one engine's configuration, found once and then
/// read with no `String` hashing.
///
/// A store that keeps records in memory attaches one to each record it stores
/// (`SubjectRecord.indexingSlots()`); it travels with every copy of that record, so each decision
/// on an unchanged record reads what earlier decisions found. Changing the record drops it.
/// Entries are found on first read, by id: a configuration of many tips pays only for the tips
/// it decides.
final class RecordSlots: Sendable {
    private let contents = Mutex(Columns())

    /// The entries found so far for one layout.
    struct Columns {
        /// The layout (engine) the columns are for; 0 before the first read.
        var layout: UInt64 = 0
        var parameters = SlotColumn<Value>()
        var events = SlotColumn<EventCounters>()
        var tips = SlotColumn<TipRecord>()
        /// Each event's logged times, by event slot: filled by the fast path only, from the memory
        /// store's logs, which change only in a commit, and each commit stores a record with
        /// fresh slots (so these never outlive the logs they were read from).
        var logTimes = SlotColumn<[Int64]>()

        mutating func use(_ layout: SlotLayout) {
            guard self.layout != layout.id else { return }
            self = Columns(layout: layout.id)
        }
    }

    /// Runs `body` with the columns for `layout` under one lock, for a reader of several entries
    /// (the fast path), which finds missing entries itself (under the lock) and records them.
    func withColumns<T: Sendable>(_ layout: SlotLayout, _ body: (inout Columns) -> T) -> T {
        contents.withLock { columns in
            columns.use(layout)
            return body(&columns)
        }
    }

    // Each entry is found outside the lock: finding it hashes its id, and readers of other
    // slots need not wait for that.

    func parameter(_ slot: Int, layout: SlotLayout, find: () -> Value?) -> Value? {
        if let known = contents.withLock({ $0.use(layout); return $0.parameters[slot] }) { return known }
        let entry = find()
        contents.withLock { $0.use(layout); $0.parameters[slot] = entry }
        return entry
    }

    func event(_ slot: Int, layout: SlotLayout, find: () -> EventCounters?) -> EventCounters? {
        if let known = contents.withLock({ $0.use(layout); return $0.events[slot] }) { return known }
        let entry = find()
        contents.withLock { $0.use(layout); $0.events[slot] = entry }
        return entry
    }

    func tip(_ slot: Int, layout: SlotLayout, find: () -> TipRecord?) -> TipRecord? {
        if let known = contents.withLock({ $0.use(layout); return $0.tips[slot] }) { return known }
        let entry = find()
        contents.withLock { $0.use(layout); $0.tips[slot] = entry }
        return entry
    }
}

/// The slot numbering of one engine's configuration, under a number no other engine shares.
struct SlotLayout: Sendable {
    private static let lastID = Atomic<UInt64>(0)

    let id: UInt64

    init() {
        id = Self.lastID.add(1, ordering: .relaxed).newValue
    }
}

/// One kind of entry by slot: nil when not looked up yet, else the entry found (nil: absent).
struct SlotColumn<Entry: Sendable>: Sendable {
    /// Grown up to the highest slot read, so that a large configuration costs little per record.
    private var entries: [Entry??] = []

    subscript(slot: Int) -> Entry?? {
        get { slot < entries.count ? entries[slot] : nil }
        set {
            if slot >= entries.count { entries.append(contentsOf: repeatElement(nil, count: slot + 1 - entries.count)) }
            entries[slot] = newValue
        }
    }
}
