import ArgumentParser
import BeckonDiagnostics
import BeckonRules

extension PluginCommand {
    /// `beckon plugin new NAME --lang c|swift`: a folder with a plugin that builds and passes
    /// its checks as it is, for a new author to start from.
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "new",
            abstract: "Start a plugin: a folder with a plugin that builds, a test that checks it, and a README.",
            discussion: """
                Writes NAME/ (or --output): for C, NAME.c, include/beckon_plugin.h and build.sh (plain cc, \
                -Wall -Wextra -Werror); for Swift, a SwiftPM package on BeckonPluginKit (Package.swift \
                names Beckon's package at --beckon-package, default ../beckon). With --condition (the \
                default) the plugin offers two conditions; with --store a store kept in process memory, \
                NAME.memory. Both have example.yaml, test.sh (builds, then beckon check, beckon tip status \
                and beckon plugin verify; for a store, beckon-conformance too) and README.md. Never \
                replaces anything, and is written whole or not at all (missing folders above it are made; \
                on a failure nothing it made is left): exit 65 when the folder exists, 66 when a file cannot \
                be created, 64 for a name rules cannot write.
                """
        )

        enum Language: String, CaseIterable, ExpressibleByArgument {
            case c, swift
        }

        /// What the plugin offers.
        enum Kind: String, EnumerableFlag {
            case condition, store

            static func help(for value: Kind) -> ArgumentHelp? {
                switch value {
                case .condition: "The plugin offers conditions (the default)."
                case .store: "The plugin offers a store, NAME.memory, kept in process memory."
                }
            }
        }

        @Argument(help: ArgumentHelp("The plugin's name: its namespace in rules (\(PluginNames.namespacePattern)).", valueName: "name"))
        var name: String

        @Option(help: "The language: c (plain cc against the header) or swift (a SwiftPM package on BeckonPluginKit).")
        var lang: Language

        @Flag var kind: Kind = .condition

        @Option(help: ArgumentHelp("The folder to create. Default: NAME.", valueName: "folder"), completion: .directory)
        var output: String?

        @Option(name: .customLong("beckon-package"), help: ArgumentHelp("Where Beckon's package is, for a Swift plugin's Package.swift.", valueName: "path"),
                completion: .directory)
        var beckonPackage = "../beckon"

        func validate() throws {
            if let problem = PluginNames.namespaceProblem(with: name) {
                throw ValidationError("'\(name)' cannot be a plugin's name, which rules write before its conditions: \(problem)")
            }
        }

        func run() throws {
            let folder = PathText.withoutTrailingSlashes(output ?? name)
            do {
                try NewFolder.create(folder, files: PluginTemplate.files(for: lang, kind: kind, name: name, beckonPackage: beckonPackage))
            } catch .exists {
                Output.error("\(folder) already exists, and is kept: choose another name or --output")
                throw ExitStatus.dataError
            } catch .cannotCreate(let path, let reason) {
                Output.error("cannot create '\(path)': \(reason); nothing is left of \(folder)")
                throw ExitStatus.noInput
            }
            Output.line("\(folder)/: a \(lang == .c ? "C" : "Swift") plugin '\(name)' offering \(kind == .store ? "a store" : "conditions"). "
                + "Next: cd \(folder) && ./test.sh")
        }
    }
}

/// The files of a new plugin, from the templates carried in the binary (`PluginTemplates/`).
enum PluginTemplate {
    typealias File = NewFolder.File

    /// The name SwiftPM gives a package depended on by path: its folder's, lowercased.
    static func packageIdentity(_ path: String) -> String {
        (path.split(separator: "/").last.map(String.init) ?? path).lowercased()
    }

    static func files(for language: PluginCommand.New.Language, kind: PluginCommand.New.Kind, name: String, beckonPackage: String) -> [File] {
        let library = language == .c ? "lib\(name).so" : ".build/release/lib\(name).so"
        let source = language == .c ? "\(name).c" : "Sources/\(name).swift"
        let offers = kind == .store
            ? "- a store, `\(name).memory` (`store.backend: \(name).memory`), kept in process memory: each open store starts empty."
            : "- `\(name).isEven(int) -> bool`: whether the number is even.\n- `\(name).subjectStartsWith(string) -> bool`: whether the subject's id starts with the text."
        let words = ["__NAME__": name, "__LIBRARY__": library, "__SOURCE__": source, "__LANG__": language.rawValue,
                     "__LANGUAGE__": language == .c ? "C" : "Swift", "__BECKON_PACKAGE__": beckonPackage,
                     "__BECKON_IDENTITY__": packageIdentity(beckonPackage), "__KIND__": "--\(kind.rawValue)", "__OFFERS__": offers,
                     "__TIP__": kind == .store ? "welcome" : "evenVisit",
                     "__CONFORMANCE__": kind == .store ? "\"${BECKON_CONFORMANCE:-beckon-conformance}\" \(library)\n" : "",
                     // The store template is the memory-store plugin itself, renamed.
                     "memstore": name, "libbeckon-memory-store.so": "lib\(name).so"]
        func fill(_ template: [UInt8]) -> [UInt8] {
            var text = String(decoding: template, as: UTF8.self)
            for (placeholder, value) in words { text = text.replacing(placeholder, with: value) }
            return Array(text.utf8)
        }
        let common = [
            File(path: "example.yaml", contents: fill(kind == .store ? PackageResources.example_store_yaml_template
                                                                      : PackageResources.example_conditions_yaml_template)),
            File(path: "test.sh", contents: fill(PackageResources.test_sh_template), executable: true),
            File(path: "README.md", contents: fill(PackageResources.README_md_template)),
        ]
        switch (language, kind) {
        case (.c, _):
            return [
                File(path: "\(name).c", contents: fill(kind == .store ? PackageResources.c_store_c_template : PackageResources.c_plugin_c_template)),
                File(path: "include/beckon_plugin.h", contents: PackageResources.beckon_plugin_h),
                File(path: "build.sh", contents: fill(PackageResources.c_build_sh_template), executable: true),
            ] + common
        case (.swift, .store):
            return [
                File(path: "Sources/\(name).swift", contents: fill(PackageResources.store_plugin_swift_template)),
                File(path: "Sources/EventLog.swift", contents: fill(PackageResources.store_EventLog_swift_template)),
                File(path: "Sources/MemoryStoreBackend.swift", contents: fill(PackageResources.store_MemoryStoreBackend_swift_template)),
                File(path: "Sources/MemoryStoreConfig.swift", contents: fill(PackageResources.store_MemoryStoreConfig_swift_template)),
            ] + swiftPackage(fill) + common
        case (.swift, .condition):
            return [File(path: "Sources/\(name).swift", contents: fill(PackageResources.swift_plugin_swift_template))] + swiftPackage(fill) + common
        }
    }

    /// The package around a Swift plugin's sources.
    private static func swiftPackage(_ fill: ([UInt8]) -> [UInt8]) -> [File] {
        [
            File(path: "Package.swift", contents: fill(PackageResources.swift_Package_swift_template)),
            File(path: "Sources/exports.map", contents: PackageResources.exports_map_template),
            File(path: "build.sh", contents: fill(PackageResources.swift_build_sh_template), executable: true),
            File(path: ".gitignore", contents: Array(".build/\nPackage.resolved\n".utf8)),
        ]
    }
}
