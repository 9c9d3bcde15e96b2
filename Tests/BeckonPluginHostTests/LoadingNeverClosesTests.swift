import BeckonTestSupport
import Foundation
import Testing

/// PLUGIN-ABI 11: plugins are opened with `dlopen(RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE)` and
/// never closed (a closed Swift image crashes the Swift runtime later). Checked on the sources:
/// every Swift and C file under Sources/ and Plugins/, comments aside.
@Suite("plugins are never closed")
struct LoadingNeverClosesTests {
    static func sources() throws -> [(path: String, code: String)] {
        let root = Repository.root
        var found: [(String, String)] = []
        for folder in ["Sources", "Plugins"] {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where ["swift", "c", "h"].contains(url.pathExtension) {
                let text = try String(contentsOf: url, encoding: .utf8)
                found.append((String(url.path.dropFirst(root.path.count + 1)), HeaderFields.withoutComments(text)))
            }
        }
        return found
    }

    @Test("no source calls or names dlclose outside comments")
    func noDlclose() throws {
        let sources = try Self.sources()
        #expect(sources.count > 50, "found only \(sources.count) source files")
        let offenders = sources.filter { $0.code.contains("dlclose") }.map(\.path)
        #expect(offenders.isEmpty, "dlclose in \(offenders)")
    }

    @Test("every dlopen passes RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE, and the loader has one")
    func dlopenFlags() throws {
        var calls: [(path: String, arguments: String)] = []
        for (path, code) in try Self.sources() {
            var rest = Substring(code)
            while let call = rest.range(of: "dlopen(") {
                var depth = 1
                var arguments = ""
                for character in rest[call.upperBound...] {
                    if character == "(" { depth += 1 }
                    if character == ")" { depth -= 1; if depth == 0 { break } }
                    arguments.append(character)
                }
                calls.append((path, arguments))
                rest = rest[call.upperBound...]
            }
        }
        #expect(calls.contains { $0.path.hasSuffix("Loading/PluginLibrary.swift") })
        for call in calls {
            let flags = call.arguments.split(separator: ",").dropFirst().joined(separator: ",")
                .split(separator: "|").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            #expect(Set(flags) == ["RTLD_NOW", "RTLD_LOCAL", "RTLD_NODELETE"], "\(call.path): dlopen(\(call.arguments))")
        }
    }
}
