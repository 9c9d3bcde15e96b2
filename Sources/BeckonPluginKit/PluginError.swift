public import CBeckonPlugin

/// A status of the plugin ABI other than `BECKON_OK`: what a failed call returns to the host.
public struct PluginStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The `beckon_status` value.
    public let rawValue: beckon_status

    /// Wraps a `beckon_status`. `BECKON_OK` is no failure: an error carrying it reaches the host
    /// as `BECKON_INTERNAL`.
    public init(rawValue: beckon_status) {
        self.rawValue = rawValue
    }

    /// `BECKON_INVALID_ARGUMENT`: the input is wrong (bad options, bad argument value).
    public static let invalidArgument = PluginStatus(rawValue: BECKON_INVALID_ARGUMENT)
    /// `BECKON_NOT_FOUND`: a named thing does not exist.
    public static let notFound = PluginStatus(rawValue: BECKON_NOT_FOUND)
    /// `BECKON_CONFLICT`: compare-and-set lost.
    public static let conflict = PluginStatus(rawValue: BECKON_CONFLICT)
    /// `BECKON_UNAVAILABLE`: a resource is down, locked, full or unreachable.
    public static let unavailable = PluginStatus(rawValue: BECKON_UNAVAILABLE)
    /// `BECKON_TIMEOUT`: it took too long.
    public static let timeout = PluginStatus(rawValue: BECKON_TIMEOUT)
    /// `BECKON_UNSUPPORTED`: the operation is not offered.
    public static let unsupported = PluginStatus(rawValue: BECKON_UNSUPPORTED)
    /// `BECKON_INTERNAL`: a bug or an unexpected state.
    public static let `internal` = PluginStatus(rawValue: BECKON_INTERNAL)

    /// The status as the header names it, e.g. `BECKON_CONFLICT`.
    public var description: String {
        switch rawValue {
        case BECKON_OK: "BECKON_OK"
        case BECKON_INVALID_ARGUMENT: "BECKON_INVALID_ARGUMENT"
        case BECKON_NOT_FOUND: "BECKON_NOT_FOUND"
        case BECKON_CONFLICT: "BECKON_CONFLICT"
        case BECKON_UNAVAILABLE: "BECKON_UNAVAILABLE"
        case BECKON_TIMEOUT: "BECKON_TIMEOUT"
        case BECKON_UNSUPPORTED: "BECKON_UNSUPPORTED"
        case BECKON_INTERNAL: "BECKON_INTERNAL"
        default: "status \(rawValue)"
        }
    }
}

/// A failure that a plugin reports to the host: a status and a sentence for a person.
///
/// Every callback the kit generates catches it and fills the host's `beckon_error`; it is the
/// only error the kit's closures and protocols may throw, so nothing else can reach the boundary.
public struct PluginError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure.
    public var status: PluginStatus
    /// What failed and why ("cannot reach redis://cache:6379: connection refused").
    public var message: String
    /// For `validateConfig` only: an RFC 6901 pointer to the offending value ("/holidays/2"),
    /// which the host shows at its YAML line and column; empty means the config as a whole.
    public var jsonPointer: String

    /// Creates an error.
    public init(_ status: PluginStatus, _ message: String, jsonPointer: String = "") {
        self.status = status
        self.message = message
        self.jsonPointer = jsonPointer
    }

    /// `BECKON_INVALID_ARGUMENT` with a message (and, for a config, where).
    public static func invalidArgument(_ message: String, jsonPointer: String = "") -> PluginError {
        PluginError(.invalidArgument, message, jsonPointer: jsonPointer)
    }

    /// `BECKON_UNAVAILABLE` with a message.
    public static func unavailable(_ message: String) -> PluginError {
        PluginError(.unavailable, message)
    }

    /// `BECKON_INTERNAL` with a message.
    public static func `internal`(_ message: String) -> PluginError {
        PluginError(.internal, message)
    }

    /// `message (STATUS)`.
    public var description: String { "\(message) (\(status))" }

    /// Writes this error into the caller's `beckon_error` and returns the status to hand back:
    /// the last step of a callback that failed. Never returns `BECKON_OK`.
    public func report(to error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
        setBeckonError(error, message: message, jsonPointer: jsonPointer)
        return status.rawValue == BECKON_OK ? BECKON_INTERNAL : status.rawValue
    }
}

/// Copies `message` (and `jsonPointer` when not empty) into a caller's `beckon_error`, cut to
/// fit on a UTF-8 boundary like `beckon_error_set`. NULL-safe; text after a NUL is dropped.
public func setBeckonError(_ error: UnsafeMutablePointer<beckon_error>?, message: String, jsonPointer: String = "") {
    guard let error else { return }
    message.withCString { beckon_error_set(error, $0) }
    if !jsonPointer.isEmpty {
        jsonPointer.withCString { beckon_error_set_pointer(error, $0) }
    }
}
