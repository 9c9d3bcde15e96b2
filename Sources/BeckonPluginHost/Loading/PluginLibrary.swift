internal import CBeckonPlugin
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens plugin files, calls their entry and validates the descriptor it returns.
///
/// A plugin file is opened with `dlopen(RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE)` and never
/// closed: unmapping a library whose code or metadata the process may still reference (a Swift
/// plugin's type metadata, a thread-local destructor, a pointer into its static descriptor)
/// crashes later, far from the cause. RTLD_NOW resolves every symbol at load, so a plugin with a
/// missing dependency fails here with a message rather than in the middle of a decision.
enum PluginLibrary {
    /// The descriptor each opened library's entry returned (0 for NULL), by library handle, and
    /// the file it was opened from. The header promises a plugin one call of its entry per
    /// process; a file loaded again (another configuration in the same process) gets the
    /// descriptor it returned the first time.
    private static let entryResults = Mutex<[UInt: (descriptor: UInt, file: FileIdentity)]>([:])

    /// Opens the plugin file at `path`, calls its `beckon_plugin_entry_v1` with `host`, and
    /// validates the whole descriptor it returns. Failure messages name the file as `writtenPath`
    /// (the path as the configuration wrote it; `path` when nil). `nameIsNamespace` is false when
    /// the configuration renames the plugin with `as:`. Calls nothing else of the plugin:
    /// `validate_config` and `init` come after, from the host.
    static func load(
        path: String, writtenPath: String? = nil, host: UnsafePointer<beckon_host>, nameIsNamespace: Bool = true
    ) -> Result<PluginDescriptor, PluginLoadFailure> {
        let shownPath = writtenPath ?? path
        let file: FileIdentity
        switch FileIdentity.of(path) {
        case .failure(let problem): return .failure(PluginLoadFailure(path: shownPath, problem.clause))
        case .success(let identity): file = identity
        }
        // Entry calls are lifecycle calls: one at a time in the process, under this lock.
        let outcome: Result<UInt, PluginLoadFailure> = entryResults.withLock { results in
            let handle: UnsafeMutableRawPointer
            switch open(path, shownPath: shownPath) {
            case .success(let opened): handle = opened
            case .failure(let failure): return .failure(failure)
            }
            let key = UInt(bitPattern: handle)
            if let known = results[key] {
                // The dynamic loader knows a library by its path: opening a path again returns
                // the library first opened there, even when another file has replaced it since.
                guard known.file == file else {
                    return .failure(PluginLoadFailure(path: shownPath, "was replaced on disk after this process loaded it; a process keeps "
                        + "the file it first loaded from a path, so restart it to load the new one"))
                }
                return .success(known.descriptor)
            }
            guard let symbol = dlsym(handle, BECKON_PLUGIN_ENTRY_SYMBOL) else {
                return .failure(PluginLoadFailure(
                    path: shownPath,
                    "does not export \(BECKON_PLUGIN_ENTRY_SYMBOL); is it a Beckon plugin built against beckon_plugin.h?"
                ))
            }
            let entry = unsafeBitCast(symbol, to: beckon_plugin_entry_fn.self)
            let descriptor = UInt(bitPattern: entry(host))
            results[key] = (descriptor, file)
            return .success(descriptor)
        }
        switch outcome {
        case .failure(let failure):
            return .failure(failure)
        case .success(let address):
            guard let descriptor = UnsafePointer<beckon_plugin>(bitPattern: address) else {
                return .failure(PluginLoadFailure(
                    path: shownPath, "\(BECKON_PLUGIN_ENTRY_SYMBOL) returned NULL (see the plugin's log above)"
                ))
            }
            return DescriptorValidator.validate(descriptor, path: path, shownPath: shownPath, hostMinor: host.pointee.abi_minor,
                                                nameIsNamespace: nameIsNamespace)
        }
    }

    /// `dlopen`s the file; never paired with `dlclose` (see the type's documentation).
    private static func open(_ path: String, shownPath: String) -> Result<UnsafeMutableRawPointer, PluginLoadFailure> {
        // A name without '/' would make dlopen search the library path instead of the folder
        // the configuration means.
        let dlopenPath = path.contains("/") ? path : "./" + path
        _ = dlerror()
        guard let handle = dlopen(dlopenPath, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
            let reason = dlerror().map { String(cString: $0) } ?? "dlopen failed without a reason"
            return .failure(PluginLoadFailure(path: shownPath, "not a loadable shared object: \(reason)"))
        }
        return .success(handle)
    }
}
