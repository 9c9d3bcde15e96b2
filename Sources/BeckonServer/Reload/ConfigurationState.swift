public import BeckonDiagnostics
public import BeckonRuntime
import Synchronization

/// What `GET /v1/config` tells about the configuration being served: its file, its generation
/// (1 at start, one more per successful reload), when it was loaded, and how the last reload
/// went, with its diagnostics (the objects `beckon check --json` prints).
public final class ConfigurationState: Sendable {
    /// How a reload ended.
    public enum Result: String, Sendable {
        /// The new configuration checked and serves now.
        case ok
        /// The new configuration has errors (or names another store): the last good one serves.
        case invalid
        /// The file could not be read (missing, no permission): the last good one serves.
        case unreadable
    }

    /// One reload: when it happened, how it ended, and the diagnostics it produced (warnings when
    /// it succeeded, the errors when not).
    public struct Reload: Sendable {
        public var at: Int64
        public var result: Result
        public var diagnostics: [Diagnostic]
    }

    /// What is known at one instant.
    public struct Snapshot: Sendable {
        public var generation: Int
        public var loadedAt: Int64
        public var lastReload: Reload?
    }

    /// The configuration file the server was started with (and reloads).
    public let file: String
    private let state: Mutex<Snapshot>

    /// The configuration loaded from `file` at `loadedAt` (Unix ms): generation 1, no reload yet.
    public init(file: String, loadedAt: Int64) {
        self.file = file
        state = Mutex(Snapshot(generation: 1, loadedAt: loadedAt, lastReload: nil))
    }

    /// What is known now.
    public var snapshot: Snapshot {
        state.withLock { $0 }
    }

    /// Records a reload; a successful one moves the generation on and sets the loading instant.
    /// Returns the snapshot after it.
    @discardableResult
    public func record(_ reload: Reload) -> Snapshot {
        state.withLock { state in
            if reload.result == .ok {
                state.generation += 1
                state.loadedAt = reload.at
            }
            state.lastReload = reload
            return state
        }
    }

    /// The body of `GET /v1/config`.
    public var json: JSONValue {
        let snapshot = snapshot
        let lastReload: JSONValue = snapshot.lastReload.map { reload in
            .object([
                "at": .timestamp(reload.at),
                "result": .string(reload.result.rawValue),
                "diagnostics": .array(reload.diagnostics.map(Self.json)),
            ])
        } ?? .null
        return .object([
            "generation": .int(Int64(snapshot.generation)),
            "file": .string(file),
            "loadedAt": .timestamp(snapshot.loadedAt),
            "lastReload": lastReload,
        ])
    }

    /// A diagnostic as `beckon check --json` prints it (`DiagnosticJSON`'s members).
    static func json(_ diagnostic: Diagnostic) -> JSONValue {
        let fields = DiagnosticJSON(diagnostic)
        return .object([
            "file": .string(fields.file),
            "line": .int(Int64(fields.line)),
            "column": .int(Int64(fields.column)),
            "severity": .string(fields.severity),
            "code": .string(fields.code),
            "message": .string(fields.message),
            "notes": .array(fields.notes.map(JSONValue.string)),
        ])
    }
}
