import BeckonTestSupport
import BeckonCore
@testable import BeckonSQLite
import Foundation
import Testing

/// SQLite gives `:memory:` (and, built with URI support, `file:…`) a meaning of its own: the
/// store hands SQLite every path in a form that can only be a file.
@Suite struct SQLiteFileNameTests {
    @Test(arguments: [
        (":memory:", "./:memory:"),
        ("file:beckon.db?mode=memory", "./file:beckon.db?mode=memory"),
        ("beckon.db", "./beckon.db"),
        ("state/beckon.db", "./state/beckon.db"),
        ("/var/lib/beckon.db", "/var/lib/beckon.db"),
    ])
    func aPathIsGivenToSQLiteAsAFile(written: String, given: String) {
        #expect(SQLiteConnection.fileName(written) == given)
    }

    /// The URI of a read-only folder's store is built here, every reserved byte escaped, so that
    /// nothing in the path reads as a parameter.
    @Test func theImmutableURIEscapesEveryReservedByte() {
        #expect(SQLiteConnection.immutableURI("/a b/x?mode=rw&c=1#%é.db")
            == "file:/a%20b/x%3Fmode%3Drw%26c%3D1%23%25%C3%A9.db?immutable=1")
    }

    /// C would read the path only up to the NUL, another file: it is refused, and nothing is
    /// created.
    @Test func aPathWithANulIsRefused() throws {
        let folder = try TemporaryFolder()
        let error = try #require(throws: StoreError.self) { try SQLiteStore(path: folder.file("s\0.db")) }
        #expect(error.kind == .unavailable)
        #expect(error.message.hasSuffix("contains a NUL character"), "\(error.message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }
}
