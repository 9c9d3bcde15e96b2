import BeckonTestSupport
import Foundation
import Synchronization

/// Builds C plugins the way a third party does (`CPlugin`: plain `cc` against the plugin header
/// alone), each once per test run, into a folder of this process.
enum CPluginBuilder {
    /// The folder holding `beckon_plugin.h`.
    static var headerFolder: URL { CPlugin.headerFolder }

    /// This test process's build folder (fresh per run).
    static let outputFolder: URL = {
        let folder = TestRunFolder.newPath("plugins")
        // A folder that cannot be made fails each build that writes into it, with the compiler's words.
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    private static let built = Mutex<[String: String]>([:])

    /// Compiles `sources` (paths relative to the repository root, or absolute) into
    /// `lib<name>.so` once per test run and returns its path; `defines` become `-D` flags, and
    /// `header` is the folder of the `beckon_plugin.h` to build against (this repository's);
    /// `without` leaves flags out of the build line.
    static func build(_ name: String, sources: [String], defines: [String] = [], header: URL = headerFolder,
                      without: [String] = []) throws -> String {
        if let path = built.withLock({ $0[name] }) { return path }
        let output = outputFolder.appendingPathComponent("lib\(name).so").path
        let temporary = output + ".\(UUID().uuidString).tmp"
        try CPlugin.compile(sources, into: temporary, defines: defines, header: header, without: without)
        // Linked into place so that a concurrent test never loads a half-written file, and never
        // replaced: a test racing to build the same plugin keeps the file the first one placed
        // (a library replaced under a loaded path is refused, as another file).
        defer { unlink(temporary) }
        guard link(temporary, output) == 0 || errno == EEXIST else { throw TestSupportFailure("cannot link \(temporary) to \(output)") }
        built.withLock { $0[name] = output }
        return output
    }
}
