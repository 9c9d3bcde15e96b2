import BeckonTestSupport
import Foundation
import Testing

/// The completion scripts that `beckon --generate-completion-script SHELL` prints: each offers
/// every subcommand of the tree (walked from `--experimental-dump-help`, so a new subcommand is
/// covered without editing this test), calls back into `beckon` for the ids of the configuration,
/// and reads as valid syntax to its shell when that shell is installed.
@Suite("completion scripts")
struct CompletionScriptTests {
    static let shells = ["bash", "zsh", "fish"]

    static func script(_ shell: String) throws -> String {
        let result = try BeckonProcess.run(["--generate-completion-script", shell])
        try #require(result.status == 0, "\(shell): \(result.standardError)")
        return result.standardOutput
    }

    /// How the script names a subcommand so that the shell offers it after its parent's words:
    /// bash and zsh define one function per command (`_beckon_tip_status`); fish offers the name
    /// under its parent's command words.
    static func mentions(_ script: String, _ shell: String, _ path: [String]) -> Bool {
        switch shell {
        case "fish":
            let parent = (["beckon"] + path.dropLast()).joined(separator: " ")
            return script.contains("\"\(parent)\"") && script.contains("-fa '\(path.last ?? "")'")
        default:
            let function = "_" + (["beckon"] + path).joined(separator: "_").replacingOccurrences(of: "-", with: "_")
            return script.contains(function + "()") && script.contains(path.last ?? "")
        }
    }

    @Test(arguments: shells)
    func scriptOffersEverySubcommand(shell: String) throws {
        let script = try Self.script(shell)
        let tree = try CommandTree.load()
        #expect(tree.subcommands.count >= 30, "the walk found too few subcommands: \(tree.subcommands.map(\.path))")
        for command in tree.subcommands {
            #expect(Self.mentions(script, shell, command.path), "\(shell) script: no '\(command.path.joined(separator: " "))'")
        }
    }

    /// Every argument that completes from the configuration is wired to the callback that
    /// `IdCompletionTests` calls.
    @Test(arguments: shells)
    func scriptCallsBackForConfigurationIds(shell: String) throws {
        let script = try Self.script(shell)
        for command in try CommandTree.load().commands {
            for argument in command.customCompletions {
                let call = (["---completion"] + command.path + ["--", argument]).joined(separator: " ")
                #expect(script.contains(call), "\(shell) script: no '\(call)'")
            }
        }
    }

    /// `bash -n`, `zsh -n`, `fish -n`: the script parses. A shell that is not installed is
    /// reported by this test's name only; its script is still checked as text above.
    @Test(arguments: shells)
    func scriptIsValidSyntaxForItsShell(shell: String) throws {
        guard let executable = Self.installed(shell) else {
            print("note: \(shell) is not installed; its completion script is checked as text only")
            return
        }
        let folder = try BeckonProcess.temporaryFolder()
        let file = folder.appendingPathComponent("beckon.\(shell)")
        try Self.script(shell).write(to: file, atomically: true, encoding: .utf8)
        let (status, _, message) = try ProcessRunner.run(executable, ["-n", file.path])
        #expect(status == 0, "\(shell) -n: \(message)")
        #expect(message.isEmpty)
    }

    /// bash really completes: the script is sourced, then its function is run on a typed line
    /// as bash runs it on a tab (command, current word, previous word), and `COMPREPLY` holds
    /// the configuration's tip ids that start with the typed prefix.
    @Test func bashCompletesTipIdsFromTheConfiguration() throws {
        guard let bash = Self.installed("bash") else { return }
        let folder = try BeckonProcess.temporaryFolder()
        try "version: 1\ntips:\n  welcome: {title: W, message: M}\n  offline-maps: {title: O, message: M}\n"
            .write(to: folder.appendingPathComponent("c.yaml"), atomically: true, encoding: .utf8)
        let script = folder.appendingPathComponent("beckon.bash")
        try Self.script("bash").write(to: script, atomically: true, encoding: .utf8)
        let line = "beckon tip status --config c.yaml o"
        let program = """
            source '\(script.path)'
            COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
            COMP_WORDS=(\(line)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            _beckon beckon "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let path = try BuiltProducts.beckon.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let (_, text, _) = try ProcessRunner.run(bash, ["-c", program], in: folder.path, environment: ["PATH": path])
        #expect(text.split(separator: "\n") == ["offline-maps"])
    }

    static func installed(_ shell: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + shell }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
