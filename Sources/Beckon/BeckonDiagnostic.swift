/// One finding about a configuration, pointing into its file.
public struct BeckonDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious a finding is.
    public enum Severity: String, Hashable, Sendable {
        /// The configuration does not load.
        case error
        /// It loads, but something is likely a mistake (a missing translation, say).
        case warning
        /// More about the finding before it (where an id was first declared, say).
        case note
    }

    /// The file (as given, or the name of a configuration opened from text).
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int
    /// Whether it stops the configuration from loading (`error`) or not.
    public var severity: Severity
    /// A stable code for scripts: `yaml.syntax`, `rule.type`, `plugin.unavailable`, …
    public var code: String
    /// The message for people.
    public var message: String
    /// Extra lines for people.
    public var notes: [String]

    /// `file:line:column: severity: message [code]`, as `beckon check` prints it.
    public var description: String {
        "\(file):\(line):\(column): \(severity.rawValue): \(message) [\(code)]"
    }
}
