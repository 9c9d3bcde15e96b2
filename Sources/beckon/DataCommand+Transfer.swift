import ArgumentParser
import BeckonConfig
import BeckonCore
import BeckonRules
import BeckonRuntime
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

extension DataCommand {
    /// `beckon data export`.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export", abstract: "Write subjects' data as JSON Lines, one subject a line (all subjects unless --subject).")
        @Option(name: .customLong("subject"), help: ArgumentHelp("A subject to export (repeatable); a subject not stored is named on standard error.", valueName: "id"))
        var subjects: [String] = []
        @Option(help: ArgumentHelp("The file to write (replaced whole once complete; - is standard output). Default: standard output.", valueName: "file"))
        var out: String?
        @OptionGroup var options: DataOptions

        func run() throws {
            let runtime = try options.openRuntime()
            let progress = ProgressDisplay(quiet: options.quiet)
            let file = try DataFile(replacing: out ?? "-")
            let summary = try DataOptions.run {
                try SubjectData.export(from: runtime.engine.store, configuration: runtime.loaded.configuration,
                                       subjects: subjects.isEmpty ? nil : subjects, to: file.write, progress: progress.report)
            }
            try file.commit()
            progress.finish()
            for subject in summary.missing { Output.standardError("beckon: warning: subject '\(subject)' is not stored\n") }
            if !options.quiet, out != nil { Output.standardError("exported \(summary.exported) subject\(summary.exported == 1 ? "" : "s")\n") }
        }
    }

    /// `beckon data import`.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Read subjects' data (JSON Lines, as export writes it) into the store; nothing is written from a file with a bad line.")
        @Argument(help: ArgumentHelp("The file to read; - reads standard input.", valueName: "file"), completion: .file())
        var file: String
        @Flag(help: "Overwrite subjects stored with other data.")
        var replace = false
        @Flag(name: .customLong("skip-bad"), help: "Skip bad lines (and, without --replace, subjects stored with other data); import the rest.")
        var skipBad = false
        @OptionGroup var options: DataOptions

        func run() throws {
            let runtime = try options.openRuntime()
            let progress = ProgressDisplay(quiet: options.quiet)
            let summary = try DataOptions.run {
                try SubjectData.importData(from: .file(file), into: runtime.engine.store, configuration: runtime.loaded.configuration,
                                           options: .init(replace: replace, skipBad: skipBad), progress: progress.report)
            }
            progress.finish()
            for error in summary.skipped { Output.standardError("beckon: warning: skipped \(error)\n") }
            for subject in summary.refused { Output.standardError("beckon: warning: skipped subject '\(subject)': stored with other data\n") }
            if options.json {
                Output.printJSON(summary.json)
            } else {
                Output.line("\(summary.imported) imported, \(summary.unchanged) unchanged, \(summary.replaced) replaced, "
                            + "\(summary.refused.count) refused, \(summary.skipped.count) bad lines skipped")
            }
        }
    }

    /// `beckon data copy`.
    struct Copy: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "copy",
            abstract: "Copy every subject from this configuration's store to another's, then check both hold the same; rerun to resume.")
        @Option(help: ArgumentHelp("The configuration whose store receives the subjects.", valueName: "path"), completion: .file(extensions: ["yaml", "yml"]))
        var to: String
        @OptionGroup var options: DataOptions

        func run() throws {
            let source = try options.openRuntime()
            var targetOptions = options.configOptions
            targetOptions.config = to
            let target = try options.openRuntime(targetOptions)
            guard !SubjectData.areOneStore(source, target) else {
                Output.error(SubjectData.oneStoreRefusal(source, target: to))
                throw ExitStatus.usage
            }
            let progress = ProgressDisplay(quiet: options.quiet)
            let summary = try DataOptions.run { () throws(SubjectDataError) in
                try SubjectData.copy(from: source.engine.store, to: target.engine.store, progress: progress.report)
            }
            progress.finish()
            if options.json {
                Output.printJSON(summary.json)
            } else {
                Output.line("\(summary.copied) copied, \(summary.unchanged) unchanged, \(summary.refusedCount) refused; "
                            + "check: \(summary.checked) subject\(summary.checked == 1 ? "" : "s"), \(summary.mismatchCount) differ")
            }
            for subject in summary.refused { Output.standardError("beckon: warning: '\(subject)' is stored in \(to) with other data; not copied\n") }
            if summary.mismatchCount > 0 {
                Output.error("the stores differ after the copy: " + summary.mismatches.map { "'\($0)'" }.joined(separator: ", "))
                throw ExitStatus.dataError
            }
        }
    }
}
