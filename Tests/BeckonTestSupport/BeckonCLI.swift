public import Foundation

/// The built `beckon` run to its end, as a host's script runs it.
public enum BeckonCLI {
    /// Runs `beckon ARGUMENTS` in `directory`, with `environment` on top of the suite's own and
    /// without `BECKON_CONFIG` (only the arguments and the folder name a configuration).
    public static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> ProcessResult {
        try run(program: BuiltProducts.beckon.path, arguments, in: directory, environment: environment)
    }

    /// `run` with another program in `beckon`'s place (a script reading what it left), likewise.
    public static func run(program: String, _ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> ProcessResult {
        ProcessResult(try ProcessRunner.run(program, arguments, in: directory.path, environment: environment, unset: ["BECKON_CONFIG"]))
    }
}
