@testable import beckon
import Testing

/// PosixFiles: the path steps of the commands that write files by hand.
@Suite("beckon: POSIX file steps")
struct PosixFilesTests {
    @Test(arguments: [("beckon.yaml", "."), ("a/b.yaml", "a"), ("/b.yaml", "/"), ("/a/b/c.yaml", "/a/b")])
    func folderOfAPath(path: String, folder: String) {
        #expect(PosixFiles.folder(of: path) == folder)
    }

    @Test(arguments: [("out", "out"), ("out/", "out"), ("out//", "out"), ("a/b/", "a/b"), ("/", "/"), ("//", "/"), ("", "")])
    func trailingSlashesAreDropped(path: String, trimmed: String) {
        #expect(PosixFiles.withoutTrailingSlashes(path) == trimmed)
    }
}
