import Foundation
import Testing

/// A Python host (standard library `ctypes` only, Fixtures/example_host.py) loads the built
/// `libbeckon.so`, opens an engine on the example configuration (copied with its included file,
/// its calendar plugin built as the demo builds it, its SQLite store in the copy's folder) and
/// checks the JSON of tips, a group, parameters, donations, a scenario and what's new, then every
/// error path, from status and message down to what was written.
@Suite("libbeckon.so from Python")
struct PythonHostTests {
    @Test func drivesTheExampleAndEveryErrorPath() throws {
        let root = EmbeddingLibrary.repositoryRoot
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-python-host-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in ["example.yaml", "example-tips.yaml"] {
            try FileManager.default.copyItem(at: root.appendingPathComponent("Config/\(file)"), to: folder.appendingPathComponent(file))
        }
        let plugin = folder.appendingPathComponent("plugins/libbeckon-calendar.so").path
        let (built, buildLog) = try EmbeddingLibrary.run("bash", [root.appendingPathComponent("Plugins/calendar/build.sh").path, plugin])
        try #require(built == 0, "the calendar plugin did not build:\n\(buildLog)")

        let library = (try EmbeddingLibrary.folder.get() as NSString).appendingPathComponent("libbeckon.so")
        let script = root.appendingPathComponent("Tests/BeckonCTests/Fixtures/example_host.py").path
        let (status, output, error) = try EmbeddingLibrary.run("python3", [script, library, folder.appendingPathComponent("example.yaml").path],
                                                               in: folder.path)
        #expect(status == 0, "\(output)\(error)")
        #expect(output.hasSuffix(" checks, 0 failing\n"), "\(output)\(error)")
        // The checks ran, all of them: a script that stopped early would count fewer.
        let count = output.split(separator: "\n").last.flatMap { $0.split(separator: " ").dropFirst(2).first }.flatMap { Int($0) }
        #expect((count ?? 0) >= 80, "\(output)")
    }
}
