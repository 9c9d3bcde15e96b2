internal import CBeckonPlugin
import Glibc
import Synchronization

/// Which plugin log lines (`beckon_host.log`) the host prints on standard error: those at the
/// chosen level or above. The default is `warning`; `BECKON_LOG_LEVEL` (read once, on the first
/// line logged) changes it for every host, and a host's own setting (`beckon --log-level`) wins.
public enum PluginLog {
    /// The levels of `beckon_host.log`, least severe first.
    public enum Level: String, CaseIterable, Sendable {
        /// Details for whoever develops or debugs the plugin (`BECKON_LOG_DEBUG`).
        case debug
        /// What the plugin is doing, such as a connection it opened (`BECKON_LOG_INFO`).
        case info
        /// Something wrong that the plugin worked around (`BECKON_LOG_WARNING`).
        case warning
        /// A failure, such as why `init` or the entry refused to load (`BECKON_LOG_ERROR`).
        case error

        /// The level of a `BECKON_LOG_*` value; values above ERROR count as errors.
        init(code: Int32) {
            self = switch code {
            case ...BECKON_LOG_DEBUG: .debug
            case BECKON_LOG_INFO: .info
            case BECKON_LOG_WARNING: .warning
            default: .error
            }
        }

        var rank: Int { Self.allCases.firstIndex(of: self)! }
    }

    /// The level printed when nothing else is chosen.
    public static let defaultLevel = Level.warning

    /// The environment variable that sets the level: `debug`, `info`, `warning` or `error`.
    public static let environmentVariable = "BECKON_LOG_LEVEL"

    /// The level `BECKON_LOG_LEVEL` names; nil when it is unset or empty, `.failure` with its text
    /// when it names no level.
    public static func environmentLevel() -> Result<Level, LevelNameError>? {
        guard let value = getenv(environmentVariable).map({ String(cString: $0) }), !value.isEmpty else { return nil }
        guard let level = Level(rawValue: value.lowercased()) else { return .failure(LevelNameError(text: value)) }
        return .success(level)
    }

    /// Prints lines at `level` and above from now on, whatever `BECKON_LOG_LEVEL` says.
    public static func setLevel(_ level: Level) {
        chosen.store(level.rank, ordering: .relaxed)
    }

    /// Whether a line at `level` is printed.
    static func prints(_ level: Level) -> Bool {
        var threshold = chosen.load(ordering: .relaxed)
        if threshold == unset {
            // An unknown name falls back to the default: a library host has no one to tell.
            let level = (try? environmentLevel()?.get()) ?? defaultLevel
            threshold = level.rank
            chosen.store(threshold, ordering: .relaxed)
        }
        return level.rank >= threshold
    }

    private static let unset = -1
    private static let chosen = Atomic<Int>(unset)

    /// A level name that is none of `debug`, `info`, `warning`, `error`.
    public struct LevelNameError: Error, Hashable, Sendable {
        /// The text given.
        public var text: String
        /// "'loud' is not a log level; use debug, info, warning or error".
        public var message: String {
            "'\(text)' is not a log level; use debug, info, warning or error"
        }
    }
}
