import BeckonTestSupport
import Foundation
import Testing

/// Users' data from C (ABI 1.5): `users_data_host.c`, built with plain `cc` against `beckon.h`,
/// lists subjects a page at a time, exports, erases and re-imports one (the same bytes and the
/// same answers), has bad and conflicting imports refused with nothing written, and expires
/// subjects by the engine's clock, on a SQLite store.
@Suite("libbeckon.so 1.5: users' data")
struct UsersDataHostTests {
    static let configuration = """
        version: 1
        store: {backend: sqlite, path: state/beckon.db, expireSubjectsAfter: 400d}
        events:
          opened:
            info: {screen: string}
        tips:
          welcome: {title: Welcome, rules: ["events.opened.count >= 2"]}
        """

    @Test func aHostListsExportsErasesImportsAndExpiresSubjects() throws {
        let folder = try TestRunFolder.newFolder("users-data-host")
        try Self.configuration.write(to: folder.appendingPathComponent("beckon.yaml"), atomically: true, encoding: .utf8)
        let withoutExpiry = Self.configuration.replacingOccurrences(of: ", expireSubjectsAfter: 400d", with: "")
        try withoutExpiry.write(to: folder.appendingPathComponent("no-expiry.yaml"), atomically: true, encoding: .utf8)
        let host = try TestHost.c("users_data_host", ["beckon.yaml", "no-expiry.yaml"], in: folder)
        host.expectEveryCheckHeld(atLeast: 32)
    }
}
