public import Foundation

/// What SwiftPM built next to the running test binary (`beckon`, `beckon-conformance`,
/// `libBeckonC.so`, `libbeckon-memory-store.so`, ...), found by walking up from the binary, so
/// that the debug and release folders and `swift test`'s own layout all work.
public enum BuiltProducts {
    /// The file `name` in the test binary's folder or a folder above it, or nil.
    public static func locate(_ name: String) -> String? {
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent(name).path
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// The file `name`; throws when it was not built.
    public static func path(_ name: String) throws -> String {
        guard let path = locate(name) else { throw TestSupportFailure("\(name) was not built next to the tests") }
        return path
    }

    /// The `beckon` executable.
    public static var beckon: URL {
        get throws { URL(fileURLWithPath: try path("beckon")) }
    }
}

/// A helper's failure, with what went wrong in words.
public struct TestSupportFailure: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
