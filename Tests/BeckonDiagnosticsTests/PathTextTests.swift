import BeckonDiagnostics
import Testing

/// PathText: the parts of a path as text.
@Suite("PathText")
struct PathTextTests {
    @Test(arguments: [("beckon.yaml", "."), ("a/b.yaml", "a"), ("/b.yaml", "/"), ("/a/b/c.yaml", "/a/b"), ("./b.yaml", ".")])
    func folderOfAPath(path: String, folder: String) {
        #expect(PathText.folder(of: path) == folder)
    }

    @Test(arguments: [("out", "out"), ("out/", "out"), ("out//", "out"), ("a/b/", "a/b"), ("/", "/"), ("//", "/"), ("", "")])
    func trailingSlashesAreDropped(path: String, trimmed: String) {
        #expect(PathText.withoutTrailingSlashes(path) == trimmed)
    }
}
