import BeckonTestSupport
import Foundation

/// Builds and runs Fixtures/abi_layout.c with plain `cc` against a header folder.
enum ABILayoutProgram {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The program's output lines, compiled against the `beckon_plugin.h` in `headerFolder`.
    static func run(headerFolder: URL) throws -> [String] {
        let source = ABILayoutTests.fixtures.appendingPathComponent("abi_layout.c").path
        let binary = CPluginBuilder.outputFolder.appendingPathComponent("abi_layout-\(UUID().uuidString)").path
        let arguments = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-I", headerFolder.path, "-o", binary, source]
        let (status, output) = try ProcessRunner.combined("cc", arguments)
        guard status == 0 else { throw Failure(description: "cc \(arguments.joined(separator: " ")) failed:\n\(output)") }
        let (runStatus, printed) = try ProcessRunner.combined(binary, [])
        guard runStatus == 0 else { throw Failure(description: "\(binary) exited \(runStatus):\n\(printed)") }
        return printed.split(separator: "\n").map(String.init)
    }

    /// A fresh folder holding a copy of the header changed by `change`.
    static func mutatedHeaderFolder(_ change: (String) throws -> String) throws -> URL {
        let header = try String(contentsOf: CPluginBuilder.headerFolder.appendingPathComponent("beckon_plugin.h"), encoding: .utf8)
        let folder = CPluginBuilder.outputFolder.appendingPathComponent("header-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try change(header).write(to: folder.appendingPathComponent("beckon_plugin.h"), atomically: true, encoding: .utf8)
        return folder
    }

    /// What a line describes, without its numbers: `beckon_plugin.name`, `sizeof beckon_plugin`.
    static func key(_ line: String) -> String {
        var words = line.split(separator: " ")
        while let last = words.last, words.count > 1, last.allSatisfy(\.isNumber) { words.removeLast() }
        return words.joined(separator: " ")
    }

    /// Lines only in `expected` ("- …") and only in `actual` ("+ …"), each side in its order; then
    /// "order differs" when both hold the same lines in another order.
    static func differences(expected: [String], actual: [String]) -> [String] {
        let expectedSet = Set(expected), actualSet = Set(actual)
        let removed = expected.filter { !actualSet.contains($0) }.map { "- " + $0 }
        let added = actual.filter { !expectedSet.contains($0) }.map { "+ " + $0 }
        if removed.isEmpty, added.isEmpty, expected != actual { return ["order differs"] }
        return removed + added
    }
}
