import Foundation

/// The built embedding library as a host sees it: `libbeckon.so` (the SwiftPM product
/// `libBeckonC.so`, whose SONAME is `libbeckon.so`) in a folder of its own, and C hosts compiled
/// against `beckon.h` and linked to it with plain `cc`.
public enum EmbeddingLibrary {
    /// The folder holding `beckon.h`.
    public static var headerFolder: String { Repository.path("Sources/CBeckon/include") }

    /// A folder with `libbeckon.so` (a link to the built product), made once per test run.
    public static let folder: Result<String, TestSupportFailure> = {
        guard let built = BuiltProducts.locate("libBeckonC.so") else {
            return .failure(TestSupportFailure("libBeckonC.so was not built next to the tests"))
        }
        let folder = TestRunFolder.newPath("embedding")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("libbeckon.so").path, withDestinationPath: built)
        } catch {
            return .failure(TestSupportFailure("cannot prepare \(folder.path): \(error)"))
        }
        return .success(folder.path)
    }()

    /// Compiles the C host `source` with plain `cc` against `beckon.h`, linked to `libbeckon.so`,
    /// into `name` in the library's folder; returns its path.
    public static func compileHost(_ source: String, named name: String, extraFlags: [String] = []) throws -> String {
        let library = try folder.get()
        let output = (library as NSString).appendingPathComponent(name)
        try compileHost(source, into: output, linkedIn: library, extraFlags: extraFlags)
        return output
    }

    /// Compiles the C host `source` with plain `cc` against `beckon.h` into `output`, linked to the
    /// `libbeckon.so` in `libraryFolder` (found there at run time too): the one build line of a C
    /// host, for the suites and the benchmarks.
    public static func compileHost(_ source: String, into output: String, linkedIn libraryFolder: String, extraFlags: [String] = []) throws {
        let arguments = ["-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-I", headerFolder, source,
                         "-L", libraryFolder, "-lbeckon", "-Wl,-rpath," + libraryFolder, "-o", output] + extraFlags
        let (status, log) = try ProcessRunner.combined("cc", arguments)
        guard status == 0 else { throw TestSupportFailure("cc failed:\n\(log)") }
    }
}
