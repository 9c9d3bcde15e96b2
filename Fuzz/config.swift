// A libFuzzer target for the configuration, the input ops write by hand, built by run.sh with
// AddressSanitizer (the ICU shim too): the bytes are written to a `beckon.yaml` of a folder of
// its own and loaded as `beckon check` loads it (libyaml, the keys, the rules, the templates);
// they load, or are refused with at least one error, and whichever it is renders as `beckon check`
// prints it (excerpts with carets, GitHub annotations). Nothing traps. The folder is
// `config-input/` in the working directory (run.sh's .build/fuzz/); includes resolve there, where
// this file is alone (an include of it is a cycle); plugins are not loaded.
import BeckonConfig
import BeckonDiagnostics
import Foundation

private let folder = URL(fileURLWithPath: "config-input", isDirectory: true)
private let path = folder.appendingPathComponent("beckon.yaml").path

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size)) else { fatalError("cannot write \(path)") }
    do {
        let loaded = try ConfigurationLoader().load(path: path)
        render(loaded.warnings, loaded.sources)
    } catch .invalid(let error) {
        guard error.diagnostics.contains(where: { $0.severity == .error }) else { fatalError("refused without an error: \(error)") }
        render(error.diagnostics, error.sources)
    } catch {
        fatalError("\(path) unreadable: \(error)")
    }
    return 0
}

private func render(_ diagnostics: [Diagnostic], _ sources: SourceTexts) {
    _ = DiagnosticRenderer(sources: sources).render(diagnostics)
    _ = GitHubAnnotations().render(diagnostics)
}
