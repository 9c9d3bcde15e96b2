public import CBeckonPlugin

/// What the host offers a plugin outside an evaluation: its log and its clock. Handed to
/// `BeckonPlugin`'s `setUp`; valid until the process ends and safe to use from any thread.
public struct PluginHostServices: @unchecked Sendable {
    // @unchecked: the host table is immutable and lives until the process ends (beckon_host).
    private let host: UnsafePointer<beckon_host>
    private let pluginName: String

    /// Wraps the host table the entry or `init` received; `pluginName` signs log lines.
    public init(_ host: UnsafePointer<beckon_host>, pluginName: String) {
        self.host = host
        self.pluginName = pluginName
    }

    /// The host program's name and version, e.g. "beckon 0.6.0".
    public var hostName: String { host.pointee.host_name.map { String(cString: $0) } ?? "" }

    /// The host's ABI minor (the major is 1).
    public var abiMinor: UInt32 { host.pointee.abi_minor }

    /// Writes a line to the host's log (standard error for the CLI).
    public func log(_ level: PluginLogLevel, _ message: String) {
        guard let log = host.pointee.log else { return }
        beckon_string.withBorrowed(pluginName) { plugin in
            beckon_string.withBorrowed(message) { message in log(level.rawValue, plugin, message) }
        }
    }

    /// The host clock (Unix ms): the instant being decided when the host has one (`--now`).
    public func now() -> Int64 {
        host.pointee.now?() ?? 0
    }
}

/// The levels of the host's log.
public enum PluginLogLevel: Int32, Sendable {
    /// `BECKON_LOG_DEBUG`.
    case debug = 0
    /// `BECKON_LOG_INFO`.
    case info = 1
    /// `BECKON_LOG_WARNING`.
    case warning = 2
    /// `BECKON_LOG_ERROR`.
    case error = 3
}
