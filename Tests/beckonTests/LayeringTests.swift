import BeckonTestSupport
import Foundation
import Testing

/// The layers of ARCHITECTURE.md: the pure modules import only the pure modules below them, so
/// they can do no file, network or process I/O and touch no C library.
@Suite("Layering")
struct LayeringTests {
    static let allowedImports: [String: Set<String>] = [
        "BeckonDiagnostics": [],
        "BeckonRules": ["BeckonDiagnostics"],
        // Synchronization provides the lock of the in-memory store: no I/O, no clock.
        "BeckonCore": ["BeckonRules", "BeckonDiagnostics", "Synchronization"],
    ]

    /// Ways of reading the wall clock; none may appear in the pure modules (the clock is injected).
    static let wallClockReads = ["Date(", "Date.now", "ContinuousClock", "SuspendingClock", "clock_gettime", "gettimeofday", "time(nil)", "ProcessInfo"]

    @Test(arguments: allowedImports.keys.sorted())
    func pureModuleImportsOnlyLowerLayers(module: String) throws {
        let folder = Repository.url("Sources/\(module)")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String })
        let swiftFiles = files.filter { $0.hasSuffix(".swift") }
        #expect(!swiftFiles.isEmpty)
        for file in swiftFiles {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for imported in Self.imports(in: text) {
                #expect(Self.allowedImports[module]!.contains(imported), "\(module)/\(file) imports \(imported)")
            }
        }
    }

    @Test(arguments: allowedImports.keys.sorted())
    func pureModuleNeverReadsTheWallClock(module: String) throws {
        let folder = Repository.url("Sources/\(module)")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String })
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for read in Self.wallClockReads {
                #expect(!text.contains(read), "\(module)/\(file) reads the wall clock with \(read)")
            }
        }
    }

    @Test func importScannerSeesEveryForm() {
        let text = "import A\npublic import B\ninternal import C\n@testable import D\n  import struct E.F\n// import G\n"
        #expect(Self.imports(in: text) == ["A", "B", "C", "D", "E"])
    }

    /// The modules named by `import` lines (with any access level or kind).
    static func imports(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ").filter { !$0.isEmpty }
            guard let importIndex = words.firstIndex(of: "import"), importIndex + 1 < words.count,
                  words[..<importIndex].allSatisfy({ ["public", "internal", "package", "private", "fileprivate", "@testable", "@_exported"].contains($0) })
            else { return nil }
            var name = words[importIndex + 1]
            if ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(name), importIndex + 2 < words.count {
                name = words[importIndex + 2]
            }
            return String(name.split(separator: ".").first ?? name)
        }
    }
}
