#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The plugin files in one folder of the search path, and what each says it is.
///
/// Reading a file's descriptor means opening it as a library (its entry returns the descriptor),
/// so a plugin folder should hold plugins only; a pinned lookup opens only the files whose digest
/// matches the pin.
struct PluginFolder {
    var path: String

    /// The folder's plugin files (`*.so`, `*.so.N…`, regular files or links to them), sorted by
    /// name; empty when the folder does not exist.
    var files: [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
            guard !name.hasPrefix("."), name.hasSuffix(".so") || name.contains(".so.") else { continue }
            var status = stat()
            let file = path.hasSuffix("/") ? path + name : path + "/" + name
            guard stat(file, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
            names.append(file)
        }
        return names.sorted()
    }

    /// Whether the folder exists.
    var exists: Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// What `file` is: its descriptor read (opening it), and its digest when `withDigest`.
    static func candidate(_ file: String, withDigest: Bool) -> InstalledPlugin {
        var candidate = InstalledPlugin(file: file)
        if withDigest { candidate.sha256 = try? FileDigest.sha256(ofFile: file).get() }
        switch PluginLibrary.load(path: file, host: HostServices.table, nameIsNamespace: false) {
        case .success(let descriptor):
            candidate.name = descriptor.name
            candidate.version = descriptor.version
            candidate.abi = "\(descriptor.abiMajor).\(descriptor.abiMinor)"
        case .failure(let failure):
            candidate.problem = failure.message
        }
        return candidate
    }
}
