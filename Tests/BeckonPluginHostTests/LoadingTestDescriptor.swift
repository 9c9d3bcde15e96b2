import CBeckonPlugin
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A plugin descriptor built in Swift, for the validator's tests: a sound one to start from,
/// which each case breaks in one way. Its memory is never freed, like a real plugin's static
/// data, which the host keeps pointers to.
///
/// `@unchecked Sendable`: the C structs hold pointers to strings and functions that are never
/// freed nor changed once built, so the cases may be handed to parallel tests.
struct LoadingTestDescriptor: @unchecked Sendable {
    var plugin = beckon_plugin()
    /// The entries of `conditions` and `stores`; nil puts a NULL pointer in the array.
    var conditions: [beckon_condition?] = []
    var stores: [beckon_store?] = []
    /// Replace the counts the arrays give (the arrays are then not read past their length).
    var conditionCount: Int?
    var storeCount: Int?
    /// Pass NULL for the arrays whatever their entries.
    var conditionArrayIsNull = false
    var storeArrayIsNull = false
    /// Bytes allocated for the plugin struct (for descriptors of later, bigger minors).
    var pluginAllocation = MemoryLayout<beckon_plugin>.size
    /// Offset the second condition by one byte, so that it is misaligned.
    var misalignSecondCondition = false

    /// A plugin `ok` with conditions `first: () -> bool` and `second: (int, string) -> version`
    /// and one store `disk`.
    static func sound() -> LoadingTestDescriptor {
        var descriptor = LoadingTestDescriptor()
        descriptor.plugin.struct_size = UInt32(MemoryLayout<beckon_plugin>.size)
        descriptor.plugin.abi_major = UInt32(BECKON_PLUGIN_ABI_MAJOR)
        descriptor.plugin.abi_minor = UInt32(BECKON_PLUGIN_ABI_MINOR)
        descriptor.plugin.name = cString("ok")
        descriptor.plugin.version = cString("1.2.3")
        descriptor.plugin.summary = cString("a plugin for the tests")
        descriptor.conditions = [condition("first", "() -> bool"), condition("second", "(int, string) -> version")]
        descriptor.stores = [store("disk")]
        return descriptor
    }

    static func condition(_ name: String, _ signature: String) -> beckon_condition {
        var condition = beckon_condition()
        condition.struct_size = UInt32(MemoryLayout<beckon_condition>.size)
        condition.flags = UInt32(BECKON_CONDITION_PURE)
        condition.name = cString(name)
        condition.signature = cString(signature)
        condition.evaluate = { _, _, _, _, _, _, _ in beckon_status(BECKON_OK) }
        return condition
    }

    static func store(_ name: String) -> beckon_store {
        var store = beckon_store()
        store.struct_size = UInt32(MemoryLayout<beckon_store>.size)
        store.capabilities = UInt32(BECKON_STORE_DURABLE)
        store.name = cString(name)
        store.open = { _, _, _, _ in beckon_status(BECKON_OK) }
        store.load = { _, _, _, _ in beckon_status(BECKON_OK) }
        store.commit = { _, _, _ in beckon_status(BECKON_OK) }
        store.read_log = { _, _, _, _, _, _ in beckon_status(BECKON_OK) }
        return store
    }

    /// A NUL-terminated copy of `text`, never freed.
    static func cString(_ text: String) -> UnsafePointer<CChar> {
        UnsafePointer(strdup(text)!)
    }

    /// A NUL-terminated copy of `bytes` (which may be invalid UTF-8), never freed.
    static func cString(bytes: [UInt8]) -> UnsafePointer<CChar> {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
        buffer[bytes.count] = 0
        return UnsafePointer(buffer)
    }

    /// Lays the descriptor out in memory that is never freed, as a plugin's static data is.
    func make() -> UnsafePointer<beckon_plugin> {
        var plugin = plugin
        plugin.conditions = conditionArrayIsNull ? nil : Self.array(conditions, misalignSecond: misalignSecondCondition)
        plugin.condition_count = conditionCount ?? conditions.count
        plugin.stores = storeArrayIsNull ? nil : Self.array(stores, misalignSecond: false)
        plugin.store_count = storeCount ?? stores.count
        let raw = UnsafeMutableRawPointer.allocate(byteCount: max(pluginAllocation, 256), alignment: 16)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: max(pluginAllocation, 256))
        raw.storeBytes(of: plugin, as: beckon_plugin.self)
        return UnsafePointer(raw.assumingMemoryBound(to: beckon_plugin.self))
    }

    private static func array<Item>(_ items: [Item?], misalignSecond: Bool) -> UnsafePointer<UnsafePointer<Item>?> {
        let array = UnsafeMutablePointer<UnsafePointer<Item>?>.allocate(capacity: max(items.count, 1))
        for (index, item) in items.enumerated() {
            guard let item else {
                array[index] = nil
                continue
            }
            let raw = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<Item>.size + 16, alignment: 16)
            let shift = misalignSecond && index == 1 ? 1 : 0
            withUnsafeBytes(of: item) { bytes in
                (raw + shift).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
            }
            array[index] = UnsafePointer((raw + shift).assumingMemoryBound(to: Item.self))
        }
        return UnsafePointer(array)
    }
}
