import Synchronization

/// The declarations behind the generated `open` and `bind` callbacks.
///
/// The ABI passes neither callback the descriptor it belongs to, so each store and each
/// condition gets a callback of its own: a fixed pool of capture-free closures, one per slot,
/// each looking its declaration up here by its slot number. Slots are taken when a
/// `BeckonPlugin` is created and never given back (descriptors are static data).
enum Slots {
    /// How many stores, and how many conditions, one plugin image can declare.
    static let storeCapacity = StoreCallbacks.open.count
    static let conditionCapacity = ConditionCallbacks.bind.count

    private static let stores = Mutex<[PluginStore]>([])
    private static let conditions = Mutex<[PluginCondition]>([])

    /// Takes slots for `items`; nil when there are not enough left.
    static func register(stores items: [PluginStore]) -> Range<Int>? {
        stores.withLock { stores in
            guard stores.count + items.count <= storeCapacity else { return nil }
            stores.append(contentsOf: items)
            return (stores.count - items.count)..<stores.count
        }
    }

    /// Takes slots for `items`; nil when there are not enough left.
    static func register(conditions items: [PluginCondition]) -> Range<Int>? {
        conditions.withLock { conditions in
            guard conditions.count + items.count <= conditionCapacity else { return nil }
            conditions.append(contentsOf: items)
            return (conditions.count - items.count)..<conditions.count
        }
    }

    static func store(_ slot: Int) -> PluginStore? {
        stores.withLock { slot < $0.count ? $0[slot] : nil }
    }

    static func condition(_ slot: Int) -> PluginCondition? {
        conditions.withLock { slot < $0.count ? $0[slot] : nil }
    }
}
