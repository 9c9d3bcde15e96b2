import ArgumentParser
import Foundation

/// `beckon-bench`: benchmark programs that print figures. Run them in a release build:
/// `swift run -c release beckon-bench <benchmark>`.
@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "beckon-bench",
        abstract: "Measure Beckon's speed and print the figures.",
        subcommands: [ConfigLoadBenchmark.self, RulesBenchmark.self, EngineBenchmark.self, SQLiteBenchmark.self, SQLiteScaleBenchmark.self, PluginBenchmark.self, EmbeddingBenchmark.self, ContentBenchmark.self, PostgresBenchmark.self, CopyBenchmark.self]
    )
}

extension BenchCommand {
    /// The file `name` that SwiftPM built next to this program; when it is missing, an error saying
    /// how to build it (`swift build` of this program's configuration, `--product product`) and
    /// what else would do (`otherwise`).
    static func builtNextToThisProgram(_ name: String, product: String, otherwise: String = "") throws -> URL {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let file = folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw ValidationError("no \(file.path): build it first with swift build -c \(folder.lastPathComponent) --product \(product)\(otherwise)")
        }
        return file
    }
}
