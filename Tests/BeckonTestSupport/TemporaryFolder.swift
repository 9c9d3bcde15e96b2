import Foundation

/// A fresh folder in the run's folder (`TestRunFolder`), removed with everything in it when the
/// value goes away (or at `remove()`); each test that writes files makes its own.
public final class TemporaryFolder: @unchecked Sendable {
    /// The folder.
    public let path: String

    /// Makes the folder; `label` names it, to tell whose a leftover folder was.
    public init(_ label: String = "tests") throws {
        path = try TestRunFolder.newFolder(label).path
    }

    deinit { remove() }

    /// Removes the folder and everything in it, also what a test made read-only.
    public func remove() {
        Self.removeAll(at: path)
    }

    /// Removes the folder at `path` and everything in it, also what a test made read-only.
    static func removeAll(at path: String) {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        if let enumerator = FileManager.default.enumerator(atPath: path) {
            for case let item as String in enumerator {
                try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path + "/" + item)
            }
        }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A path inside the folder.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Writes `bytes` to `name` in the folder and returns the file's path.
    @discardableResult
    public func write(_ name: String, bytes: [UInt8]) throws -> String {
        let file = file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Writes `text` to `name` in the folder and returns the file's path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    /// Creates a folder inside this one and returns its path.
    @discardableResult
    public func createFolder(_ name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: file(name), withIntermediateDirectories: true)
        return file(name)
    }
}
