import BeckonClock
import ArgumentParser
import BeckonConfig
import BeckonCore
import BeckonRules
import BeckonRuntime
import FoundationEssentials

/// `beckon data …`: subjects' data as a whole (list, export, import, erase, copy, expire).
struct DataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "data",
        abstract: "List, export, import, erase, copy and expire subjects' data.",
        subcommands: [Subjects.self, Export.self, Import.self, Erase.self, Copy.self, Expire.self])

    /// `beckon data subjects`.
    struct Subjects: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "subjects", abstract: "List stored subjects, a page at a time, in the byte order of their ids.")
        @Option(help: ArgumentHelp("List the subjects after this one (the last of the previous page).", valueName: "cursor"))
        var after: String?
        @Option(help: ArgumentHelp("At most this many subjects (1 to 100000).", valueName: "n"))
        var limit = 100
        @OptionGroup var options: DataOptions

        func validate() throws {
            if let problem = SubjectData.pageLimitProblem(Int64(limit)) { throw ValidationError("--" + problem) }
        }

        func run() throws {
            let runtime = try options.openRuntime()
            let page = try DataOptions.run { () throws(SubjectDataError) in
                try SubjectData.subjects(in: runtime.engine.store, after: after, limit: limit)
            }
            for listed in page {
                if options.json {
                    Output.printJSON(SubjectDataReport.listed(listed))
                } else {
                    Output.line("\(listed.subject)\t\(TimestampSyntax.format(listed.lastActive))")
                }
            }
            // The cursor of the next page, for a script that pages on.
            if let next = SubjectData.nextCursor(after: page, limit: limit), !options.json { Output.standardError("next page: --after '\(next)'\n") }
        }
    }

    /// `beckon data erase`.
    struct Erase: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "erase", abstract: "Erase every trace of subjects from the store (record and logs).")
        @Option(name: .customLong("subject"), help: ArgumentHelp("The subject to erase (repeatable).", valueName: "id"))
        var subjects: [String] = []
        @OptionGroup var options: DataOptions

        func validate() throws {
            guard !subjects.isEmpty else { throw ValidationError("erase needs --subject ID (repeatable)") }
        }

        func run() throws {
            let runtime = try options.openRuntime()
            for subject in subjects {
                let erased = try DataOptions.run { () throws(SubjectDataError) in
                    try SubjectData.erase(subject: subject, from: runtime.engine.store)
                }
                if options.json {
                    Output.printJSON(SubjectDataReport.erasure(subject: subject, erased: erased))
                } else {
                    Output.line(erased ? "erased \(subject)" : "\(subject) was not stored")
                }
            }
        }
    }

    /// `beckon data expire`.
    struct Expire: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "expire",
            abstract: "Erase subjects inactive for store.expireSubjectsAfter (at --now), one page at a time.")
        @Flag(name: .customLong("dry-run"), help: "List the subjects that would be erased; erase nothing.")
        var dryRun = false
        @Option(parsing: .unconditional, help: ArgumentHelp("The instant to expire at (ISO 8601 or Unix ms). Default: the wall clock.", valueName: "instant"))
        var now: String?
        @OptionGroup var options: DataOptions

        func run() throws {
            var instant = HostClock.now()
            if let now {
                instant = try DecisionOptions.instant(now)
                HostClock.set(instant)
            }
            let runtime = try options.openRuntime()
            guard let inactivity = runtime.loaded.configuration.store.expireSubjectsAfter else {
                Output.error("\(options.configOptions.configPath) sets no store.expireSubjectsAfter: nothing expires")
                throw ExitStatus.dataError
            }
            let progress = ProgressDisplay(quiet: options.quiet)
            let summary = try DataOptions.run { () throws(SubjectDataError) in
                try SubjectData.expire(store: runtime.engine.store, inactivity: inactivity, now: instant, dryRun: dryRun, progress: progress.report)
            }
            progress.finish()
            if options.json {
                Output.printJSON(summary.json(dryRun: dryRun))
            } else {
                for subject in summary.expired { Output.line((dryRun ? "would erase " : "erased ") + subject) }
                Output.line("\(summary.listed) subjects listed, \(summary.expired.count) inactive since \(TimestampSyntax.format(instant - inactivity)), \(summary.erased) erased")
            }
        }
    }
}

/// The options of every `data` subcommand: the configuration's, and `--quiet`.
struct DataOptions: ParsableArguments {
    @OptionGroup var configOptions: ConfigOptions
    @Flag(name: .long, help: "Print no progress on standard error.")
    var quiet = false

    var json: Bool { configOptions.json }

    /// Loads the configuration (`configOptions`, default this command's) and opens its store.
    func openRuntime(_ configOptions: ConfigOptions? = nil) throws -> Runtime {
        try (configOptions ?? self.configOptions).openRuntime()
    }

    /// Runs a data operation; prints its error and exits with its status.
    static func run<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SubjectDataError {
            Output.error(error.description)
            throw ExitCode(error.exitCode)
        }
    }
}
