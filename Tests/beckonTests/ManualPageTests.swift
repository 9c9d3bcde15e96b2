import BeckonTestSupport
import Foundation
import Testing

/// The man page, `Docs/beckon.1`, generated from the command definitions by swift-argument-parser's
/// `generate-manual` (`Docs/generate-manual.sh`). The generator runs as a package plugin, which
/// builds the package: inside `swift test`, which holds the build folder's lock, it would wait
/// for ever (or, told to ignore the lock, rebuild under the running tests). So the page is
/// committed, and this test checks it against the command tree the built `beckon` dumps: every
/// subcommand where the tree has it, with its summary, arguments and options, and the exit codes.
@Suite("man page")
struct ManualPageTests {
    static let regenerate = "the committed man page is out of date: regenerate it with Docs/generate-manual.sh"

    static func page() throws -> String {
        try String(contentsOf: Repository.url("Docs/beckon.1"), encoding: .utf8)
    }

    /// The page's command tree: each `.It Em NAME` item of a nested list is a subcommand of the
    /// item one list up; each `.It Fl NAME` item is an option of the command whose list holds it.
    struct Outline {
        var commands: Set<[String]> = [[]]
        var options: [[String]: Set<String>] = [:]

        init(_ page: String) {
            var depth = 0
            var path: [String] = []
            for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
                let words = line.split(separator: " ").map(String.init)
                switch words.first {
                case ".Bl": depth += 1
                case ".El": depth -= 1
                case ".It" where words.count >= 3 && words[1] == "Em" && depth >= 1:
                    path = Array(path.prefix(depth - 1)) + [words[2].trimmingCharacters(in: CharacterSet(charactersIn: ","))]
                    commands.insert(path)
                case ".It" where words.count >= 3 && words[1] == "Fl" && depth >= 1:
                    let owner = Array(path.prefix(depth - 1))
                    for (index, word) in words.enumerated() where index > 0 && words[index - 1] == "Fl" {
                        options[owner, default: []].insert("-" + word)
                    }
                default: break
                }
            }
        }
    }

    @Test func pageHasEverySubcommandWhereTheTreeHasIt() throws {
        let outline = Outline(try Self.page())
        let tree = try CommandTree.load()
        #expect(tree.subcommands.count >= 30)
        for command in tree.commands {
            #expect(outline.commands.contains(command.path), "no '\(command.path.joined(separator: " "))': \(Self.regenerate)")
        }
        let known = Set(tree.commands.map(\.path) + [["help"]])  // the parser's own `help` is on the page too
        for path in outline.commands where !known.contains(path) {
            Issue.record("'\(path.joined(separator: " "))' is no longer a command: \(Self.regenerate)")
        }
    }

    @Test func pageHasEveryOptionOfEveryCommand() throws {
        let outline = Outline(try Self.page())
        for command in try CommandTree.load().commands {
            let documented = outline.options[command.path, default: []]
            for option in command.options {
                #expect(documented.contains(option), "'\(command.path.joined(separator: " "))' misses \(option): \(Self.regenerate)")
            }
        }
    }

    @Test func pageHasEverySummary() throws {
        let text = Self.plainText(try Self.page())
        for command in try CommandTree.load().subcommands {
            #expect(text.contains(Self.plainText(command.abstract)),
                    "'\(command.path.joined(separator: " "))': summary \"\(command.abstract)\" missing: \(Self.regenerate)")
        }
    }

    /// The EXIT STATUS section lists beckon's exit codes, each with its meaning, as the root
    /// command's description states them (the generator's generic "0 on success" replaced).
    @Test func exitStatusSectionListsEveryExitCode() throws {
        let page = try Self.page()
        let section = try #require(page.components(separatedBy: ".Sh EXIT STATUS\n").dropFirst().first?
            .components(separatedBy: "\n.Sh ").first, "no EXIT STATUS section: \(Self.regenerate)")
        #expect(!section.contains(".Ex -std"), "the generic exit status was not replaced: \(Self.regenerate)")
        let lines = section.split(separator: "\n").map(String.init)
        let listed = lines.indices.filter { lines[$0].hasPrefix(".It ") }.map { index in
            (code: String(lines[index].dropFirst(4)), meaning: index + 1 < lines.count ? lines[index + 1] : "")
        }
        #expect(listed.map(\.code) == ["0", "1", "64", "65", "66", "69", "70"], "\(Self.regenerate)")

        let root = try #require(try CommandTree.load().commands.first)
        let stated = try #require(root.discussion.components(separatedBy: "Exit codes: ").last)
            .split(separator: ",").map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        #expect(stated.count == listed.count)
        for (entry, statement) in zip(listed, stated) {
            let meaning = entry.meaning.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
            #expect(statement.trimmingCharacters(in: CharacterSet(charactersIn: ".")) == "\(entry.code) \(meaning)", "\(Self.regenerate)")
        }
    }

    /// The page is valid mdoc: `groff -mandoc -ww -z` (when groff is installed) reports nothing.
    @Test func pageIsValidMdoc() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else {
            print("note: groff is not installed; the man page is checked as text only")
            return
        }
        let (status, _, message) = try ProcessRunner.run("/usr/bin/groff", ["-mandoc", "-ww", "-z", Repository.path("Docs/beckon.1")])
        #expect(status == 0)
        #expect(message.isEmpty, "groff: \(message)")
    }

    /// Text with mdoc's escapes undone and spaces collapsed, to compare summaries.
    static func plainText(_ text: String) -> String {
        text.replacingOccurrences(of: "\\&", with: "").replacingOccurrences(of: "\\e", with: "\\")
            .replacingOccurrences(of: "\\-", with: "-")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
