internal import CBeckonPlugin
import BeckonCore

/// What `beckon plugins` shows about one loaded plugin.
public struct PluginInfo: Sendable, Hashable {
    /// The file as the configuration names it (for an entry given by `name:`, the file found).
    public var path: String
    /// The file as opened: `path` resolved against the configuration's folder.
    public var file: String
    /// The name the entry looked the plugin up by (`name:`), when it did.
    public var lookupName: String?
    /// The digest the entry pins (`sha256:`), when it does; the file had it when loaded.
    public var pinnedSHA256: String?
    /// The namespace rules and `store.backend` use (`as:`, else the plugin's name).
    public var namespace: String
    /// The plugin's own name and version.
    public var name: String
    public var version: String
    public var summary: String?
    /// The ABI it was built for ("1.0") and the lowest host minor it needs.
    public var abi: String
    public var minimumHostABI: String
    /// `serialize` when every call into it runs alone.
    public var flags: [String]
    public var conditions: [Condition]
    public var stores: [StoreBackend]

    /// A condition rules can call.
    public struct Condition: Sendable, Hashable {
        public var name: String
        /// As declared: "(int, int) -> bool".
        public var signature: String
        /// `pure`, `serialize`.
        public var flags: [String]
        public var summary: String?
    }

    /// A store backend `store.backend` can select.
    public struct StoreBackend: Sendable, Hashable {
        public var name: String
        /// `durable`, `shared-across-processes`, `shared-across-hosts`, `ttl`.
        public var capabilities: [String]
        /// `serialize`.
        public var flags: [String]
        public var summary: String?

        /// Whether a second `open` with the same options sees the same data (durable or shared):
        /// what the Store contract then reads back through second handles.
        public var sharesData: Bool {
            capabilities.contains { ["durable", "shared-across-processes", "shared-across-hosts"].contains($0) }
        }
    }

    init(_ descriptor: PluginDescriptor, declaration: PluginDeclaration, namespace: String) {
        path = declaration.writtenPath
        file = declaration.path
        lookupName = declaration.lookupName
        pinnedSHA256 = declaration.sha256?.hex
        self.namespace = namespace
        name = descriptor.name
        version = descriptor.version
        summary = descriptor.summary
        abi = "\(descriptor.abiMajor).\(descriptor.abiMinor)"
        minimumHostABI = "\(descriptor.abiMajor).\(descriptor.minHostMinor)"
        flags = Self.names(descriptor.flags, [(UInt32(BECKON_PLUGIN_SERIALIZE), "serialize")])
        conditions = descriptor.conditions.map { condition in
            Condition(name: condition.name, signature: condition.signatureText,
                      flags: Self.names(condition.flags, [(UInt32(BECKON_CONDITION_PURE), "pure"), (UInt32(BECKON_CONDITION_SERIALIZE), "serialize")]),
                      summary: condition.summary)
        }
        stores = descriptor.stores.map { store in
            StoreBackend(name: store.name,
                         capabilities: Self.names(store.capabilities, [
                            (UInt32(BECKON_STORE_DURABLE), "durable"),
                            (UInt32(BECKON_STORE_SHARED_ACROSS_PROCESSES), "shared-across-processes"),
                            (UInt32(BECKON_STORE_SHARED_ACROSS_HOSTS), "shared-across-hosts"),
                            (UInt32(BECKON_STORE_TTL), "ttl"),
                         ]),
                         flags: Self.names(store.flags, [(UInt32(BECKON_STORE_SERIALIZE), "serialize")]),
                         summary: store.summary)
        }
    }

    /// The names of the bits set in `bits`; unknown bits (from a newer minor) as hex.
    private static func names(_ bits: UInt32, _ known: [(UInt32, String)]) -> [String] {
        var names = known.filter { bits & $0.0 != 0 }.map(\.1)
        let unknown = bits & ~known.reduce(0) { $0 | $1.0 }
        if unknown != 0 { names.append("0x" + String(unknown, radix: 16)) }
        return names
    }
}
