public import BeckonDiagnostics
public import BeckonRules

/// A typed parameter (SEMANTICS §2).
public struct ParameterDeclaration: Declared, Hashable {
    public var id: String
    /// The declared type.
    public var type: ValueType
    /// The value when the subject has none set (`null` when no default is declared).
    public var defaultValue: Value
    /// Never persisted: passed in with each evaluation call.
    public var isTransient: Bool
    /// Where the parameter is declared.
    public var span: SourceSpan

    /// Creates a parameter declaration.
    public init(id: String, type: ValueType, defaultValue: Value = .null, isTransient: Bool = false, span: SourceSpan) {
        self.id = id
        self.type = type
        self.defaultValue = defaultValue
        self.isTransient = isTransient
        self.span = span
    }
}

/// A declared event that can be donated (SEMANTICS §3).
public struct EventDeclaration: Declared, Hashable {
    public var id: String
    /// The typed fields a donation's `info` may carry, in declaration order.
    public var infoFields: [InfoField]
    /// How many recent donations the log keeps.
    public var maxLogCount: Int
    /// How old a logged donation may get before it is pruned, in milliseconds; nil = no limit.
    public var maxAge: Int64?
    /// Where the event is declared.
    public var span: SourceSpan

    /// The default log bound (SEMANTICS §3).
    public static let defaultMaxLogCount = 1000

    /// Creates an event declaration.
    public init(id: String, infoFields: [InfoField] = [], maxLogCount: Int = defaultMaxLogCount, maxAge: Int64? = nil, span: SourceSpan) {
        self.id = id
        self.infoFields = infoFields
        self.maxLogCount = maxLogCount
        self.maxAge = maxAge
        self.span = span
    }

    /// The type of an info field, if declared.
    public func infoType(_ name: String) -> ValueType? {
        infoFields.first { $0.name == name }?.type
    }
}

/// One typed field of an event's `info`.
public struct InfoField: Hashable, Sendable {
    public var name: String
    public var type: ValueType

    /// Creates an info field.
    public init(name: String, type: ValueType) {
        self.name = name
        self.type = type
    }
}

/// Where and how state is kept.
public struct StoreSettings: Hashable, Sendable {
    /// Which store.
    public var backend: StoreBackend
    /// The SQLite file, resolved against the declaring file's folder.
    public var path: String
    /// Backend-specific options (for plugin stores), handed over as JSON.
    public var options: ConfigValue
    /// How SQLite syncs commits to disk.
    public var synchronous: StoreSynchronous
    /// How long a write waits for another process's lock before the store is unavailable (ms).
    public var busyTimeout: Int64
    /// How long a subject may stay inactive (no commit) before expiry erases it (ms); nil:
    /// subjects never expire.
    public var expireSubjectsAfter: Int64?

    /// The SQLite file used when `store.path` is not set.
    public static let defaultPath = "beckon.db"
    /// The lock wait used when `store.busyTimeout` is not set: 5 s.
    public static let defaultBusyTimeout: Int64 = 5000

    /// Creates store settings; the default is SQLite in `beckon.db`.
    public init(backend: StoreBackend = .sqlite, path: String = defaultPath, options: ConfigValue = .null,
                synchronous: StoreSynchronous = .normal, busyTimeout: Int64 = defaultBusyTimeout,
                expireSubjectsAfter: Int64? = nil) {
        self.backend = backend
        self.expireSubjectsAfter = expireSubjectsAfter
        self.path = path
        self.options = options
        self.synchronous = synchronous
        self.busyTimeout = busyTimeout
    }
}

/// How durable a commit is once acknowledged.
public enum StoreSynchronous: String, Hashable, Sendable, CaseIterable {
    /// Survives a crash of the process (WAL with synchronous NORMAL); the default.
    case normal
    /// Also survives a power loss (synchronous FULL: an fsync per commit).
    case full
}

/// The kinds of store.
public enum StoreBackend: Hashable, Sendable, CustomStringConvertible {
    case memory
    case sqlite
    /// A store contributed by a plugin: `NAMESPACE.STORE`.
    case plugin(namespace: String, store: String)

    public var description: String {
        switch self {
        case .memory: "memory"
        case .sqlite: "sqlite"
        case .plugin(let namespace, let store): "\(namespace).\(store)"
        }
    }
}

/// Arbitrary YAML data (a plugin's `config:`), kept with its structure for conversion to JSON.
public indirect enum ConfigValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case list([ConfigValue])
    /// Keys in the order written.
    case map([(String, ConfigValue)])

    public static func == (lhs: ConfigValue, rhs: ConfigValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.list(let a), .list(let b)): a == b
        case (.map(let a), .map(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .int(let value): hasher.combine(value)
        case .double(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .list(let values): hasher.combine(values)
        case .map(let pairs):
            for (key, value) in pairs {
                hasher.combine(key)
                hasher.combine(value)
            }
        }
    }
}
