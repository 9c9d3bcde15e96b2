import Foundation

/// A fresh folder under the system's temporary folder, removed with everything in it when the
/// value goes away; each test that writes files makes its own.
final class TemporaryFolder {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        path = base + "/beckon-sqlite-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        // Folders a test made read-only must be writable again to be removed.
        if let enumerator = FileManager.default.enumerator(atPath: path) {
            for case let item as String in enumerator {
                try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path + "/" + item)
            }
        }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A path inside the folder.
    func file(_ name: String) -> String { path + "/" + name }
}

/// The bytes of a file (empty when it cannot be read).
func contents(of path: String) -> [UInt8] {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
}

/// Writes bytes to a file, replacing it.
func write(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}
