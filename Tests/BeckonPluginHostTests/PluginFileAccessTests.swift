@testable import BeckonPluginHost
import BeckonDiagnostics
import BeckonTestSupport
import Foundation
import Testing

/// A plugin file that someone besides root and this process's user could change, or whose folder
/// they could put another file in, is loaded with a `plugin.permissions` warning naming each way
/// in; a file and folder only they can write load without one.
@Suite("plugin file permissions")
struct PluginFileAccessTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var fileMode: mode_t = 0o755
        var folderMode: mode_t = 0o755
        var fileOwner: uid_t = 0
        /// The clauses of the warning, with FILE and FOLDER for the paths; none: no warning.
        var clauses: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "written only by its owner, root", clauses: []),
        Case(name: "a sticky folder anyone may write", folderMode: 0o1777, clauses: []),
        Case(name: "a file its group may write", fileMode: 0o775, clauses: ["FILE can be written by its group (mode 0775; chmod go-w)"]),
        Case(name: "a file anyone may write", fileMode: 0o666,
             clauses: ["FILE can be written by its group and every user (mode 0666; chmod go-w)"]),
        Case(name: "a folder anyone may write", folderMode: 0o777,
             clauses: ["its folder FOLDER can be written by its group and every user (mode 0777; chmod go-w)"]),
        Case(name: "a file another user owns", fileOwner: 65534,
             clauses: ["FILE is owned by user 65534, neither root nor this process's user (0)"]),
        Case(name: "every way in at once", fileMode: 0o646, folderMode: 0o770, fileOwner: 65534,
             clauses: ["FILE can be written by every user (mode 0646; chmod go-w)",
                       "FILE is owned by user 65534, neither root nor this process's user (0)",
                       "its folder FOLDER can be written by its group (mode 0770; chmod go-w)"]),
    ]

    @Test(arguments: cases)
    func eachWayInIsNamedAndThePluginLoads(_ access: Case) throws {
        try #require(geteuid() == 0, "the suite runs as root here and in CI: owners are set with chown")
        let folder = try TestRunFolder.newFolder("plugin-access").path
        let file = try PluginPinningTests.install("1.0.0", in: folder)
        #expect(chmod(file, access.fileMode) == 0 && chown(file, access.fileOwner, 0) == 0)
        #expect(chmod(folder, access.folderMode) == 0)
        defer { chmod(folder, 0o755) }

        let (host, diagnostics) = PluginHost.load([PluginPinningTests.entry(path: file)])
        #expect(PluginPinningTests.loadedVersion(host) == "1.0.0")
        let expected = access.clauses.map { $0.replacing("FILE", with: file).replacing("FOLDER", with: folder) }
        if expected.isEmpty {
            #expect(diagnostics.isEmpty, "\(diagnostics)")
        } else {
            #expect(diagnostics.map(\.code) == ["plugin.permissions"] && diagnostics.map(\.severity) == [.warning])
            #expect(diagnostics.first?.message == "plugin '\(file)': \(expected.joined(separator: "; ")): whoever can change the file runs code in this process")
        }
    }
}
