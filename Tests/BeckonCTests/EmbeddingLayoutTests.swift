import BeckonTestSupport
import Foundation
import Testing

/// The layout of the structs a host fills for beckon.h, as `cc` sees it, against a committed
/// snapshot (Fixtures/embedding-layout-v1.txt, printed by Fixtures/embedding_layout.c): a field
/// moved, resized or inserted mid-struct fails here. ABI 1.1 only grew `beckon_request` at its
/// end: every 1.0 field keeps its place and 1.0's size is `BECKON_REQUEST_SIZE_1_0`.
@Suite("beckon.h layout snapshot", .enabled(if: MemoryLayout<Int>.size == 8, "the snapshot is for LP64 platforms"))
struct EmbeddingLayoutTests {
    /// The structs of ABI 1.0 as 1.0's header laid them out.
    static let layout10 = [
        "sizeof beckon_sink 24", "beckon_sink.struct_size 0 4", "beckon_sink.context 8 8", "beckon_sink.write 16 8",
        "sizeof beckon_field 40", "beckon_field.struct_size 0 4", "beckon_field.name 8 16", "beckon_field.value 24 16",
        "beckon_request.struct_size 0 4", "beckon_request.subject 8 16", "beckon_request.now 24 8", "beckon_request.app_version 32 16",
    ]
    static let request10Size = 48

    static func printedLayout() throws -> [String] {
        let source = Repository.path("Tests/BeckonCTests/Fixtures/embedding_layout.c")
        let output = TestRunFolder.newPath("embedding-layout").path
        let (built, log) = try ProcessRunner.combined("cc", ["-std=c11", "-Wall", "-Wextra", "-Werror", "-I", EmbeddingLibrary.headerFolder, source, "-o", output])
        try #require(built == 0, "cc failed:\n\(log)")
        let (status, printed) = try ProcessRunner.combined(output, [])
        try #require(status == 0)
        return printed.split(separator: "\n").map(String.init)
    }

    @Test func theHeadersLayoutMatchesTheSnapshot() throws {
        let snapshot = try String(contentsOf: Repository.url("Tests/BeckonCTests/Fixtures/embedding-layout-v1.txt"),
                                  encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(try Self.printedLayout() == snapshot)
    }

    @Test func version11OnlyGrewTheRequestAtItsEnd() throws {
        let lines = try Self.printedLayout()
        let missing = Self.layout10.filter { !lines.contains($0) }
        #expect(missing.isEmpty, "1.0 fields moved or resized: \(missing)")
        #expect(lines.contains("define BECKON_REQUEST_SIZE_1_0 \(Self.request10Size)"))
        let added = lines.filter { $0.hasPrefix("beckon_request.") && !Self.layout10.contains($0) }
        #expect(!added.isEmpty)
        for line in added {
            let offset = Int(line.split(separator: " ")[1]) ?? 0
            #expect(offset >= Self.request10Size, "\(line) lies inside 1.0's request")
        }
    }
}
