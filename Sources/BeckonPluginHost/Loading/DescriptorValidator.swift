internal import CBeckonPlugin

/// Checks a plugin's whole descriptor before any of its code runs, and turns it into Swift values.
///
/// The descriptor is the one part of a plugin the host reads without calling into it, so it is
/// checked field by field first (versions, sizes, required slots, names, signatures, bounds):
/// `init` only ever sees a plugin whose descriptor is sound. Problems that make the rest
/// unreadable (another major, a struct smaller than 1.0's, a host too old) stop at once; the
/// others are all collected, each naming the field, so a plugin author fixes them in one go.
struct DescriptorValidator {
    /// The most conditions, or stores, a plugin may declare.
    static let maximumItemCount = 1024

    /// The plugin file.
    let path: String
    /// The plugin file as messages name it (as the configuration wrote it).
    let shownPath: String
    /// The host's ABI minor, for `min_host_minor`.
    let hostMinor: UInt32
    /// Whether the plugin's name is its namespace (the configuration gives it no `as:`), and so
    /// must be a name rules can write.
    let nameIsNamespace: Bool
    /// Every problem found so far, without the path prefix.
    var problems: [String] = []

    /// Validates the descriptor that `path`'s entry returned; messages name the file `shownPath`
    /// (`path` when nil). `nameIsNamespace` is false when the configuration renames the plugin
    /// with `as:`.
    static func validate(
        _ raw: UnsafePointer<beckon_plugin>, path: String, shownPath: String? = nil, hostMinor: UInt32,
        nameIsNamespace: Bool = true
    ) -> Result<PluginDescriptor, PluginLoadFailure> {
        var validator = DescriptorValidator(path: path, shownPath: shownPath ?? path, hostMinor: hostMinor,
                                            nameIsNamespace: nameIsNamespace)
        if let refusal = validator.versionAndSizeRefusal(raw) {
            return .failure(PluginLoadFailure(path: validator.shownPath, refusal))
        }
        let descriptor = validator.readPlugin(raw)
        guard validator.problems.isEmpty, let descriptor else {
            return .failure(PluginLoadFailure(path: validator.shownPath, problems: validator.problems))
        }
        return .success(descriptor)
    }

    /// The reason to read no further: the layout or the versions are not this host's.
    /// Reads only the leading `uint32_t` fields that `struct_size` covers.
    private func versionAndSizeRefusal(_ raw: UnsafePointer<beckon_plugin>) -> String? {
        if let misaligned = Self.misalignment(raw, field: "the descriptor") { return misaligned }
        let base = UnsafeRawPointer(raw)
        let size = Int(base.load(as: UInt32.self))
        func field(_ keyPath: KeyPath<beckon_plugin, UInt32>) -> UInt32? {
            let offset = MemoryLayout<beckon_plugin>.offset(of: keyPath)!
            return size >= offset + 4 ? base.load(fromByteOffset: offset, as: UInt32.self) : nil
        }
        if let major = field(\.abi_major), major != UInt32(BECKON_PLUGIN_ABI_MAJOR) {
            let minor = field(\.abi_minor).map { ".\($0)" } ?? ""
            return "built for ABI \(major)\(minor) (abi_major \(major)); this host speaks ABI \(BECKON_PLUGIN_ABI_MAJOR).x"
        }
        if size < ABISizes.plugin {
            return "struct_size is \(size), smaller than beckon_plugin in ABI 1.0 (\(ABISizes.plugin) bytes)"
        }
        let minHostMinor = field(\.min_host_minor) ?? 0
        if minHostMinor > hostMinor {
            let major = BECKON_PLUGIN_ABI_MAJOR
            return "needs host ABI \(major).\(minHostMinor) or newer (min_host_minor \(minHostMinor)); "
                + "this host is \(major).\(hostMinor)"
        }
        return nil
    }

    /// Reads and checks every field of a descriptor whose layout is known to be 1.0's or newer.
    private mutating func readPlugin(_ raw: UnsafePointer<beckon_plugin>) -> PluginDescriptor? {
        let plugin = Self.contents(raw)
        let name = requiredString(plugin.name, field: "name", rule: nameIsNamespace ? .namespace : .plugin)
        let version = requiredString(plugin.version, field: "version")
        let summary = optionalString(plugin.summary, field: "summary")

        var conditions: [ConditionDescriptor] = []
        var conditionNames: [String: Int] = [:]
        for (index, item) in entries(plugin.conditions, count: plugin.condition_count, field: "conditions") {
            guard let condition = readCondition(item, index: index) else { continue }
            noteDuplicate(condition.name, index: index, field: "conditions", seen: &conditionNames)
            conditions.append(condition)
        }
        var stores: [StoreDescriptor] = []
        var storeNames: [String: Int] = [:]
        for (index, item) in entries(plugin.stores, count: plugin.store_count, field: "stores") {
            guard let store = readStore(item, index: index) else { continue }
            noteDuplicate(store.name, index: index, field: "stores", seen: &storeNames)
            stores.append(store)
        }

        guard let name, let version else { return nil }
        return PluginDescriptor(
            path: path, name: name, version: version, summary: summary,
            abiMajor: plugin.abi_major, abiMinor: plugin.abi_minor, minHostMinor: plugin.min_host_minor,
            flags: plugin.flags, conditions: conditions, stores: stores, raw: raw, contents: plugin
        )
    }

    /// `raw`'s struct as this host defines it: the bytes its `struct_size` covers (at most this
    /// host's size; at least 1.0's, checked before), every later field zero.
    static func contents<Item>(_ raw: UnsafePointer<Item>) -> Item {
        let size = min(Int(UnsafeRawPointer(raw).load(as: UInt32.self)), MemoryLayout<Item>.size)
        return withUnsafeTemporaryAllocation(of: Item.self, capacity: 1) { buffer in
            let target = UnsafeMutableRawPointer(buffer.baseAddress!)
            target.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<Item>.size)
            target.copyMemory(from: UnsafeRawPointer(raw), byteCount: size)
            return target.load(as: Item.self)
        }
    }

    /// The non-NULL entries of a descriptor array, with their indexes; reports a NULL array with a
    /// positive count, a count above the bound, and NULL or misaligned entries.
    private mutating func entries<Item>(
        _ array: UnsafePointer<UnsafePointer<Item>?>?, count: Int, field: String
    ) -> [(Int, UnsafePointer<Item>)] {
        let countField = field == "conditions" ? "condition_count" : "store_count"
        guard count > 0 else { return [] }
        guard count <= Self.maximumItemCount else {
            problems.append("\(countField) is \(count), more than this host accepts (\(Self.maximumItemCount))")
            return []
        }
        guard let array else {
            problems.append("\(field) is NULL but \(countField) is \(count)")
            return []
        }
        var found: [(Int, UnsafePointer<Item>)] = []
        for index in 0..<count {
            guard let item = array[index] else {
                problems.append("\(field)[\(index)] is NULL")
                continue
            }
            if let misaligned = Self.misalignment(item, field: "\(field)[\(index)]") {
                problems.append(misaligned)
                continue
            }
            found.append((index, item))
        }
        return found
    }

    /// Reports `name` when an earlier entry of `field` already uses it.
    private mutating func noteDuplicate(_ name: String, index: Int, field: String, seen: inout [String: Int]) {
        if let first = seen[name] {
            problems.append("\(field)[\(index)].name \(DescriptorString.quoted(name)) is also the name of \(field)[\(first)]")
        } else {
            seen[name] = index
        }
    }

    /// Why `pointer` cannot be read as a `T`, when it is not aligned for one.
    static func misalignment<T>(_ pointer: UnsafePointer<T>, field: String) -> String? {
        let address = UInt(bitPattern: pointer)
        guard address % UInt(MemoryLayout<T>.alignment) != 0 else { return nil }
        return "\(field) at 0x\(String(address, radix: 16)) is not aligned for \(T.self)"
    }
}
