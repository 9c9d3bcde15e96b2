/// Why the library refused a call. Nothing was written when one is thrown.
///
/// The cases mirror the statuses of the C API (`beckon.h`) and the CLI's exit codes.
public enum BeckonError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An id the configuration does not declare (`kind` is "tip", "event", "parameter", …), with
    /// the closest declared id when one is close (C: `BECKON_NOT_FOUND`; CLI: exit 65).
    case undeclared(kind: String, id: String, suggestion: String?)
    /// A value of the wrong type or form, or an argument out of range; the message names what,
    /// the expected and the given (C: `BECKON_INVALID_ARGUMENT`; CLI: exit 65).
    case invalidValue(String)
    /// An operation that does not apply: triggering a scenario that counts an event, setting a
    /// transient parameter, what's new with no app version (C: `BECKON_INVALID_ARGUMENT`; CLI: exit 65).
    case notApplicable(String)
    /// The store failed (locked past its busy timeout, unreachable, unwritable); nothing was
    /// written (C: `BECKON_UNAVAILABLE`; CLI: exit 69).
    case storeUnavailable(String)
    /// Other writers kept changing the subject; the operation gave up without writing
    /// (C: `BECKON_CONFLICT`; CLI: exit 69).
    case contention(subject: String)
    /// The configuration file cannot be read (C: `BECKON_NOT_FOUND`; CLI: exit 66).
    case configurationUnreadable(path: String, reason: String)
    /// The configuration is not valid; every diagnostic, errors and warnings, in reading order
    /// (C: `BECKON_INVALID_ARGUMENT`; CLI: exit 65).
    case invalidConfiguration(diagnostics: [BeckonDiagnostic])
    /// A plugin of the configuration cannot be loaded; the diagnostics say which and why
    /// (C: `BECKON_UNAVAILABLE`; CLI: exit 69).
    case pluginUnavailable(diagnostics: [BeckonDiagnostic])

    /// The message, as the CLI prints it after `beckon: error:`.
    public var description: String {
        switch self {
        case .undeclared(let kind, let id, let suggestion):
            "\(kind) '\(id)' is not declared in the configuration" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .invalidValue(let message), .notApplicable(let message):
            message
        case .storeUnavailable(let message):
            "store unavailable: \(message)"
        case .contention(let subject):
            "subject '\(subject)' kept changing under concurrent writers; nothing was written"
        case .configurationUnreadable(let path, let reason):
            "cannot read configuration '\(path)': \(reason)"
        case .invalidConfiguration(let diagnostics), .pluginUnavailable(let diagnostics):
            "the configuration is not valid:\n" + diagnostics.map(\.description).joined(separator: "\n")
        }
    }
}
