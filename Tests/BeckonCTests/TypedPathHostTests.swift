import Foundation
import Testing

/// The typed path of beckon.h (ABI 1.1: handles, typed results, the batch), from a C host built
/// with plain `cc` and from a Python ctypes host, each checking that the typed answers agree with
/// the JSON answers of the same requests, and the errors (NULL or small result, unknown handle,
/// stale handle after a reload); and a C host of typed transient parameters (ABI 1.3).
@Suite("libbeckon.so typed path")
struct TypedPathHostTests {
    @Test func aCHostGetsTheJSONAnswersTyped() throws {
        let source = EmbeddingLibrary.repositoryRoot.appendingPathComponent("Tests/BeckonCTests/Fixtures/typed_host.c").path
        let host = try EmbeddingLibrary.compileHost(source, named: "typed_host")
        let (status, output, error) = try EmbeddingLibrary.run(host, [])
        #expect(status == 0, "\(output)\(error)")
        #expect(output.hasSuffix(" checks, 0 failing\n"), "\(output)\(error)")
        let count = output.split(separator: "\n").last.flatMap { $0.split(separator: " ").dropFirst(3).first }.flatMap { Int($0) }
        #expect((count ?? 0) >= 60, "\(output)")
    }

    /// ABI 1.3: transient parameters typed (`beckon_transient`), against the same values as text.
    @Test func aCHostPassesTypedTransients() throws {
        let source = EmbeddingLibrary.repositoryRoot.appendingPathComponent("Tests/BeckonCTests/Fixtures/typed_transients_host.c").path
        let host = try EmbeddingLibrary.compileHost(source, named: "typed_transients_host")
        let (status, output, error) = try EmbeddingLibrary.run(host, [])
        #expect(status == 0, "\(output)\(error)")
        #expect(output.hasSuffix(" checks, 0 failing\n"), "\(output)\(error)")
        let count = output.split(separator: "\n").last.flatMap { $0.split(separator: " ").dropFirst(3).first }.flatMap { Int($0) }
        #expect((count ?? 0) >= 6_000, "\(output)")
    }

    @Test func aPythonHostGetsTheJSONAnswersTyped() throws {
        let library = (try EmbeddingLibrary.folder.get() as NSString).appendingPathComponent("libbeckon.so")
        let script = EmbeddingLibrary.repositoryRoot.appendingPathComponent("Tests/BeckonCTests/Fixtures/typed_host.py").path
        let (status, output, error) = try EmbeddingLibrary.run("python3", [script, library])
        #expect(status == 0, "\(output)\(error)")
        #expect(output.hasSuffix(" checks, 0 failing\n"), "\(output)\(error)")
        let count = output.split(separator: "\n").last.flatMap { $0.split(separator: " ").dropFirst(2).first }.flatMap { Int($0) }
        #expect((count ?? 0) >= 200, "\(output)")
    }
}
