import Foundation
import Testing

/// The example configuration (its calendar plugin built as the demo builds it) copied to a
/// temporary folder, for the hosts that drive it through libbeckon.so.
enum ExampleCopy {
    static func make(_ name: String) throws -> URL {
        let root = EmbeddingLibrary.repositoryRoot
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in ["example.yaml", "example-tips.yaml"] {
            try FileManager.default.copyItem(at: root.appendingPathComponent("Config/\(file)"), to: folder.appendingPathComponent(file))
        }
        let plugin = folder.appendingPathComponent("plugins/libbeckon-calendar.so").path
        let (built, buildLog) = try EmbeddingLibrary.run("bash", [root.appendingPathComponent("Plugins/calendar/build.sh").path, plugin])
        try #require(built == 0, "the calendar plugin did not build:\n\(buildLog)")
        return folder
    }
}

/// ABI 1.1 from C and from Python: tip content in answers, transient parameters and testing
/// overrides in `beckon_request`, and `beckon_subject_status`, on the example configuration.
@Suite("libbeckon.so 1.1: content, transients, testing, status")
struct ContextHostTests {
    /// The number of checks in a "N checks, 0 failing" summary.
    static func checkCount(_ output: String) -> Int {
        output.split(separator: "\n").last.flatMap { $0.split(separator: " ").first }.flatMap { Int($0) } ?? 0
    }

    @Test func aCHostBuiltWithCCUsesTheNewRequestMembersAndStatus() throws {
        let folder = try ExampleCopy.make("c-context-host")
        let source = EmbeddingLibrary.repositoryRoot.appendingPathComponent("Tests/BeckonCTests/Fixtures/context_host.c").path
        let host = try EmbeddingLibrary.compileHost(source, named: "context_host")
        let (status, output, error) = try EmbeddingLibrary.run(host, [folder.appendingPathComponent("example.yaml").path], in: folder.path)
        #expect(status == 0, "\(output)\(error)")
        #expect(output.hasSuffix(" checks, 0 failing\n"), "\(output)\(error)")
        #expect(Self.checkCount(output) >= 20, "\(output)")
    }

    @Test func aPythonHostUsesTheNewRequestMembersAndStatus() throws {
        let folder = try ExampleCopy.make("python-context-host")
        let library = (try EmbeddingLibrary.folder.get() as NSString).appendingPathComponent("libbeckon.so")
        let script = EmbeddingLibrary.repositoryRoot.appendingPathComponent("Tests/BeckonCTests/Fixtures/context_host.py").path
        let (status, output, error) = try EmbeddingLibrary.run("python3", [script, library, folder.appendingPathComponent("example.yaml").path],
                                                               in: folder.path)
        #expect(status == 0, "\(output)\(error)")
        #expect(output.hasSuffix(" checks, 0 failing\n"), "\(output)\(error)")
        #expect(Self.checkCount(output) >= 15, "\(output)")
    }
}
