import Foundation

/// Makes a file or folder read-only for this process in the way that works for its user: file
/// modes for a regular user; for root, who ignores modes, the immutable attribute (`chattr +i`),
/// which the kernel enforces even for root, as it does a read-only mount. `nil` when neither
/// works here (root on a file system without attributes): tests that need it are then skipped.
public enum ReadOnlyFiles {
    /// How a file is made read-only.
    public enum Method: Sendable { case fileMode, immutable }

    /// The method that works for this process, found by trying each on a probe file.
    public static let method: Method? = {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-read-only-probe-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)) != nil else { return nil }
        defer { try? FileManager.default.removeItem(at: probe) }
        let file = probe.appendingPathComponent("probe").path
        guard FileManager.default.createFile(atPath: file, contents: Data([1])) else { return nil }
        for method in [Method.fileMode, .immutable] {
            guard (try? makeReadOnly(file, by: method)) != nil else { continue }
            let refused = FileHandle(forWritingAtPath: file) == nil
            makeWritable(file, by: method)
            if refused { return method }
        }
        return nil
    }()

    /// Makes `path` read-only (a file: 0444; a folder: 0555), or immutable.
    public static func makeReadOnly(_ path: String, by method: Method? = method) throws {
        switch method {
        case .fileMode?:
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            try FileManager.default.setAttributes([.posixPermissions: isFolder.boolValue ? 0o555 : 0o444], ofItemAtPath: path)
        case .immutable?:
            try chattr("+i", path)
        case nil:
            throw CocoaError(.featureUnsupported)
        }
    }

    /// Undoes `makeReadOnly`, so that the folder can be written and removed.
    public static func makeWritable(_ path: String, by method: Method? = method) {
        switch method {
        case .fileMode?: try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        case .immutable?: try? chattr("-i", path)
        case nil: break
        }
    }

    private static func chattr(_ change: String, _ path: String) throws {
        guard try ProcessRunner.run("chattr", [change, path]).status == 0 else { throw CocoaError(.featureUnsupported) }
    }
}
