import ArgumentParser

/// The documented exit codes (sysexits), shared by every subcommand.
enum ExitStatus {
    /// Success, or a positive answer.
    static let success = ExitCode(0)
    /// A negative answer (tip not available, scenario not executed).
    static let negative = ExitCode(1)
    /// Bad arguments.
    static let usage = ExitCode(64)
    /// Bad configuration or input value.
    static let dataError = ExitCode(65)
    /// A file that does not exist or cannot be opened.
    static let noInput = ExitCode(66)
    /// The store or a plugin is unavailable.
    static let unavailable = ExitCode(69)
    /// A bug in Beckon.
    static let internalError = ExitCode(70)
}
