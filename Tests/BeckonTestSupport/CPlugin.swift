public import Foundation

/// C plugins built the way a third party builds them: plain `cc` against the plugin header
/// alone, with the plugin guide's one build line.
public enum CPlugin {
    /// The build line the plugin guide (`Docs/plugins.md`) gives plugin authors (without `-I`, `-o` and sources);
    /// `Plugins/calendar/build.sh` spells the same line for shell users.
    public static let flags = ["-std=c11", "-shared", "-fPIC", "-fvisibility=hidden", "-Wl,--no-undefined", "-Wall", "-Wextra", "-Werror"]

    /// The folder holding this repository's `beckon_plugin.h`.
    public static var headerFolder: URL { Repository.url("Sources/CBeckonPlugin/include") }

    /// Compiles `sources` (paths below the repository root, or absolute) into the shared object
    /// `output`; `defines` become `-D` flags and `header` is the folder of the `beckon_plugin.h`
    /// to build against. Throws with cc's command line and output when it fails.
    /// `without` leaves flags out of the build line (`-Wl,--no-undefined`, to build a plugin that
    /// needs a symbol no library provides).
    public static func compile(_ sources: [String], into output: String, defines: [String] = [], header: URL = headerFolder,
                               without: [String] = []) throws {
        let paths = sources.map { $0.hasPrefix("/") ? $0 : Repository.path($0) }
        let arguments = flags.filter { !without.contains($0) } + defines.map { "-D" + $0 } + ["-I", header.path, "-o", output] + paths
        let (status, log) = try ProcessRunner.combined("cc", arguments)
        guard status == 0 else { throw TestSupportFailure("cc \(arguments.joined(separator: " ")) failed:\n\(log)") }
    }

    /// Builds the calendar plugin with `Plugins/calendar/build.sh` (the script the demo and the
    /// example configuration use) into `output`, from `directory`; its exit status and output.
    public static func buildCalendar(into output: String, from directory: String? = nil) throws -> (status: Int32, output: String) {
        try ProcessRunner.combined("bash", [Repository.path("Plugins/calendar/build.sh"), output], in: directory)
    }
}
