import ArgumentParser
import BeckonDiagnostics
#if canImport(Glibc)
import Glibc
#endif

/// `beckon init [PATH]`: writes a small, commented starter configuration that passes `beckon check`.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a small, commented starter configuration (never over an existing file).",
        discussion: """
            Writes PATH (default beckon.yaml), or standard output for '-'. The file is written whole \
            or not at all, and never replaces a file: exit 65 when PATH exists (also when it appears \
            while it is written), 66 when it cannot be created (a missing folder, no permission).
            """
    )

    @Argument(help: ArgumentHelp("The file to create, or '-' for standard output.", valueName: "path"))
    var path = "beckon.yaml"

    func run() throws {
        if path == "-" {
            Output.line(String(Self.starter.dropLast()))
            return
        }
        if PosixFiles.exists(path) { throw refusal() }
        do {
            try Self.create(path, contents: Self.starter)
        } catch .exists {
            throw refusal()
        } catch .cannotCreate(let reason) {
            Output.error("cannot create '\(path)': \(reason)")
            throw ExitStatus.noInput
        }
        Output.line("\(path): written; check it with: beckon check --config \(Self.shellQuoted(path))")
    }

    /// Prints why an existing file is kept and gives the exit code (65).
    private func refusal() -> ExitCode {
        Output.error("'\(path)' already exists; beckon init never replaces a file (remove it, or give another path)")
        return ExitStatus.dataError
    }

    /// Why a file could not be created.
    enum CreationError: Error, Equatable {
        /// Something is at the path already (perhaps created while the file was written).
        case exists
        /// The file cannot be created there, with the reason (a missing folder, a permission).
        case cannotCreate(String)
    }

    /// Creates `path` with `contents`, whole or not at all, and never over an existing file: the
    /// text goes to a new temporary file in the same folder, which is then linked to `path`
    /// (`link(2)` fails rather than replace) and removed.
    static func create(_ path: String, contents: String) throws(CreationError) {
        let parent = PathText.folder(of: path)
        let slash = path.lastIndex(of: "/")
        let prefix = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = prefix + ".\(name).init-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                throw .cannotCreate("the folder '\(parent)' does not exist")
            }
            throw .cannotCreate(PosixFiles.reason(code))
        }
        defer { unlink(temporary) }
        let failed = PosixFiles.writeAll(Array(contents.utf8), to: descriptor)
        if failed != 0 {
            close(descriptor)
            throw .cannotCreate(PosixFiles.reason(failed))
        }
        let synced = fsync(descriptor) == 0 ? 0 : errno
        let closed = close(descriptor) == 0 ? 0 : errno
        if synced != 0 || closed != 0 {
            throw .cannotCreate(PosixFiles.reason(synced != 0 ? synced : closed))
        }
        guard link(temporary, path) == 0 else {
            let code = errno
            throw code == EEXIST ? .exists : .cannotCreate(PosixFiles.reason(code))
        }
    }

    /// `path` as a shell reads it back: as is when it holds only safe characters, else in single quotes.
    static func shellQuoted(_ path: String) -> String {
        let safe = path.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil || "/._-+:@%".unicodeScalars.contains($0) }
        if safe, !path.isEmpty { return path }
        return "'" + path.replacing("'", with: "'\\''") + "'"
    }

    /// The starter configuration: one of each kind, each part saying what it does and where the
    /// configuration guide (`Docs/configuration.md`) documents it.
    static let starter = """
        # A starter Beckon configuration, written by `beckon init`.
        # Check it after each edit:  beckon check --config beckon.yaml
        # Every key is described in Beckon's Docs/configuration.md, the rules'
        # language in Docs/rules.md.
        version: 1

        # The app's current version: what's new is chosen by it (the commands'
        # --app-version overrides it). Docs/configuration.md > app.
        app:
          version: 1.0.0

        # At most one tip's first display a day for each subject (user, device).
        # Docs/configuration.md > display.
        display:
          frequency: daily

        # Where each subject's state is kept: a SQLite file, relative to this file,
        # created on first use. Docs/configuration.md > store.
        store:
          backend: sqlite
          path: beckon.db

        # Typed values kept for each subject; the host sets them
        # (beckon param set isLoggedIn true). Docs/configuration.md > parameters.ID.
        parameters:
          isLoggedIn: {type: bool, default: false}

        # Events the host records as they happen (beckon event donate appLaunched);
        # rules count them. Docs/configuration.md > events.ID.
        events:
          appLaunched: {}

        # Tips: available while every rule holds, until shown maxDisplayCount times
        # (beckon tip status welcome). Docs/configuration.md > tips.ID,
        # and Docs/rules.md for the rules.
        tips:
          welcome:
            title: Welcome
            message: Here is how to get started.
            maxDisplayCount: 1

          sign-in:
            title: Sign in to sync
            message: Sign in to keep your data on every device.
            rules:
              - events.appLaunched.count >= 3
              - params.isLoggedIn == false
            maxDisplayCount: 2

        # Scenarios: one-off actions run when their checks pass, such as asking for a
        # review after the tenth launch, at most once (beckon scenario try ask-for-review).
        # Docs/configuration.md > scenarios.ID.
        scenarios:
          ask-for-review:
            event: appLaunched
            minEventsRequired: 10
            maxExecutionsPermitted: 1

        # Release notes, one entry per version, shown once to each subject
        # (beckon whatsnew next). Docs/configuration.md > whatsNew.
        whatsNew:
          entries:
            - version: 1.0.0
              title: What's new in 1.0
              features:
                - {title: A first feature, subtitle: What it does for you.}
              primaryAction: {title: Continue}

        """
}
