import CBeckonPlugin

/// Builds the static C descriptor of a `BeckonPlugin`: every struct, string and array is
/// allocated once and never freed, because the host keeps pointers to them for the life of
/// the process.
enum DescriptorBuilder {
    static func build(name: String, version: String, summary: String?, serialized: Bool, minHostMinor: UInt32,
                      conditions: [PluginCondition], stores: [PluginStore], validatesConfig: Bool,
                      checksConfig: Bool) -> Result<UnsafePointer<beckon_plugin>, PluginError> {
        guard let storeSlots = Slots.register(stores: stores) else {
            return .failure(.internal("plugin '\(name)' declares \(stores.count) stores; a BeckonPluginKit plugin holds at most \(Slots.storeCapacity)"))
        }
        guard let conditionSlots = Slots.register(conditions: conditions) else {
            return .failure(.internal("plugin '\(name)' declares \(conditions.count) conditions; a BeckonPluginKit plugin holds at most \(Slots.conditionCapacity)"))
        }
        var plugin = beckon_plugin()
        plugin.struct_size = UInt32(MemoryLayout<beckon_plugin>.size)
        plugin.abi_major = UInt32(BECKON_PLUGIN_ABI_MAJOR)
        plugin.abi_minor = UInt32(BECKON_PLUGIN_ABI_MINOR)
        plugin.min_host_minor = minHostMinor
        plugin.flags = serialized ? UInt32(BECKON_PLUGIN_SERIALIZE) : 0
        plugin.name = staticCString(name)
        plugin.version = staticCString(version)
        plugin.summary = summary.map(staticCString)
        plugin.validate_config = validatesConfig ? PluginCallbacks.validateConfig : nil
        plugin.check_config = checksConfig ? PluginCallbacks.checkConfig : nil
        plugin.`init` = PluginCallbacks.initialize
        plugin.shutdown = PluginCallbacks.shutdown
        plugin.conditions = staticArray(zip(conditionSlots, conditions).map { condition(slot: $0, $1) })
        plugin.condition_count = conditions.count
        plugin.stores = staticArray(zip(storeSlots, stores).map { store(slot: $0, $1) })
        plugin.store_count = stores.count
        return .success(allocate(plugin))
    }

    private static func store(slot: Int, _ declaration: PluginStore) -> UnsafePointer<beckon_store> {
        var store = beckon_store()
        store.struct_size = UInt32(MemoryLayout<beckon_store>.size)
        store.capabilities = declaration.capabilities.rawValue
        store.flags = declaration.serialized ? UInt32(BECKON_STORE_SERIALIZE) : 0
        store.name = staticCString(declaration.name)
        store.summary = declaration.summary.map(staticCString)
        store.open = StoreCallbacks.open[slot]
        store.close = StoreCallbacks.close
        store.load = StoreCallbacks.load
        store.commit = StoreCallbacks.commit
        store.read_log = StoreCallbacks.readLog
        store.check_options = declaration.checkOptions == nil ? nil : StoreCallbacks.checkOptions[slot]
        // Only a backend that can list and erase offers them (and so is sent restores).
        store.list_subjects = declaration.offersSubjectData ? StoreCallbacks.listSubjects : nil
        store.erase_subject = declaration.offersSubjectData ? StoreCallbacks.eraseSubject : nil
        return allocate(store)
    }

    private static func condition(slot: Int, _ declaration: PluginCondition) -> UnsafePointer<beckon_condition> {
        var condition = beckon_condition()
        condition.struct_size = UInt32(MemoryLayout<beckon_condition>.size)
        condition.flags = (declaration.pure ? UInt32(BECKON_CONDITION_PURE) : 0) | (declaration.serialized ? UInt32(BECKON_CONDITION_SERIALIZE) : 0)
        condition.name = staticCString(declaration.name)
        condition.signature = staticCString(declaration.signature)
        condition.summary = declaration.summary.map(staticCString)
        condition.bind = ConditionCallbacks.bind[slot]
        condition.evaluate = ConditionCallbacks.evaluate
        condition.unbind = ConditionCallbacks.unbind
        return allocate(condition)
    }

    private static func allocate<T>(_ value: T) -> UnsafePointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: 1)
        pointer.initialize(to: value)
        return UnsafePointer(pointer)
    }

    /// An array of pointers (NULL when empty, as the header allows).
    private static func staticArray<T>(_ items: [UnsafePointer<T>]) -> UnsafePointer<UnsafePointer<T>?>? {
        guard !items.isEmpty else { return nil }
        let array = UnsafeMutablePointer<UnsafePointer<T>?>.allocate(capacity: items.count)
        array.initialize(from: items.map { Optional($0) }, count: items.count)
        return UnsafePointer(array)
    }
}
