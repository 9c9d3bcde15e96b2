import BeckonTestSupport
import Foundation
import Testing

/// `beckon.h` and `beckon_plugin.h` each stand alone, so they repeat the types they share
/// (statuses, `beckon_error`, `beckon_string`) under one guard: the repeat must stay exact, and a
/// program must be able to include both, in either order.
@Suite("beckon.h and beckon_plugin.h")
struct HeaderTests {
    static func sharedBlock(_ header: String) throws -> String {
        let text = try String(contentsOf: Repository.url(header), encoding: .utf8)
        let start = try #require(text.range(of: "#ifndef BECKON_SHARED_TYPES_V1"))
        let end = try #require(text.range(of: "#endif /* BECKON_SHARED_TYPES_V1 */"))
        return String(text[start.lowerBound..<end.upperBound])
    }

    @Test func theSharedTypesAreWordForWordTheSame() throws {
        let embedding = try Self.sharedBlock("Sources/CBeckon/include/beckon.h")
        let plugin = try Self.sharedBlock("Sources/CBeckonPlugin/include/beckon_plugin.h")
        #expect(embedding == plugin)
        #expect(embedding.contains("typedef struct beckon_error"))
    }

    @Test(arguments: [["beckon.h", "beckon_plugin.h"], ["beckon_plugin.h", "beckon.h"]])
    func bothHeadersCompileTogether(order: [String]) throws {
        let folder = try TestRunFolder.newFolder("headers")
        let source = folder.appendingPathComponent("both.c")
        try (order.map { "#include \"\($0)\"" } + ["int main(void) { beckon_error error = {sizeof error, {0}, {0}}; return error.message[0]; }"])
            .joined(separator: "\n").write(to: source, atomically: true, encoding: .utf8)
        let root = Repository.root
        let (status, log) = try ProcessRunner.combined("cc", ["-std=c11", "-Wall", "-Wextra", "-pedantic", "-Werror",
                                                             "-I", root.appendingPathComponent("Sources/CBeckon/include").path,
                                                             "-I", root.appendingPathComponent("Sources/CBeckonPlugin/include").path,
                                                             "-c", source.path, "-o", folder.appendingPathComponent("both.o").path])
        #expect(status == 0, "\(log)")
    }
}
