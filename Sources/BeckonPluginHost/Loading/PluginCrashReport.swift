import Glibc
import Synchronization

/// Names the plugin a crash happened in: when the process gets a fatal signal (SIGSEGV, SIGBUS,
/// SIGILL, SIGFPE) at an instruction of a loaded plugin's code, one line on standard error says
/// which plugin and file, before the crash goes on as it would have (the handler that was there
/// before, the Swift runtime's backtrace or the default core dump, runs next).
///
/// The handler does only what is safe in a crashing process: it compares the faulting address
/// with the plugins' code ranges, recorded when they loaded, and writes a message made then.
/// A crash in a library the plugin called (libc's `memcpy` with a bad pointer) is not named.
enum PluginCrashReport {
    /// One plugin's mapped code and the line to print for it (never freed).
    private struct Entry {
        var start: UInt
        var end: UInt
        var message: UnsafeMutablePointer<CChar>
        var length: Int
    }

    private static let capacity = 64
    /// Written under `lock`, read without it by the handler; an entry is complete before `count`
    /// covers it.
    nonisolated(unsafe) private static let entries = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
    nonisolated(unsafe) private static var count = 0
    private static let lock = Mutex<Bool>(false)  // whether the handlers are installed
    /// The handler each signal had before, by signal number.
    nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = {
        let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 32)
        actions.initialize(repeating: sigaction(), count: 32)
        return actions
    }()
    private static let signals = [SIGSEGV, SIGBUS, SIGILL, SIGFPE]

    /// Records the code of the plugin file at `path` (as the process mapped it) as plugin
    /// `name`'s, installing the handlers the first time.
    static func register(path: String, name: String) {
        lock.withLock { installed in
            let (file, ranges) = codeRanges(of: path)
            for range in ranges where count < capacity && !(0..<count).contains(where: { entries[$0].start == range.start }) {
                let text = "beckon: crashed in plugin '\(name)' (\(file)); the process stops: report it to the plugin's author\n"
                let message = strdup(text)!
                entries[count] = Entry(start: range.start, end: range.end, message: message, length: strlen(message))
                count += 1
            }
            if !installed {
                installed = true
                for signal in signals { install(signal) }
            }
        }
    }

    private static func install(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { signal, information, context in
            PluginCrashReport.handle(signal, context: context)
        }
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        sigemptyset(&action.sa_mask)
        var old = sigaction()
        sigaction(signal, &action, &old)
        previous[Int(signal)] = old
    }

    /// In the handler: names the plugin whose code faulted, then puts the previous handler back,
    /// so that returning runs the faulting instruction again and the crash goes on as before.
    private static func handle(_ signal: Int32, context: UnsafeMutableRawPointer?) {
        if let context {
            let pc = programCounter(context)
            for index in 0..<count where entries[index].start <= pc && pc < entries[index].end {
                _ = write(2, entries[index].message, entries[index].length)
                break
            }
        }
        sigaction(signal, &previous[Int(signal)], nil)
    }

    private static func programCounter(_ context: UnsafeMutableRawPointer) -> UInt {
        let ucontext = context.assumingMemoryBound(to: ucontext_t.self)
        #if arch(x86_64)
        return UInt(bitPattern: Int(ucontext.pointee.uc_mcontext.gregs.16))  // REG_RIP
        #elseif arch(arm64)
        return UInt(ucontext.pointee.uc_mcontext.pc)
        #else
        return 0
        #endif
    }

    /// The executable mappings of the file at `path`, read from `/proc/self/maps` (which names
    /// each mapping by its file's canonical path). Read as bytes: this runs at every load of a
    /// plugin, on a cold command's path.
    private static func codeRanges(of path: String) -> (file: String, ranges: [(start: UInt, end: UInt)]) {
        guard let canonical = realpath(path, nil) else { return (path, []) }
        defer { free(canonical) }
        let file = String(cString: canonical)
        let name = Array(file.utf8)
        var bytes: [UInt8] = []
        guard FileChunks.read("/proc/self/maps", { bytes.append(contentsOf: $0) }) == nil else { return (file, []) }
        var ranges: [(start: UInt, end: UInt)] = []
        // "7f12-7f34 r-xp 00001000 08:01 1234   /path/lib.so": the path last, after a space.
        for line in bytes.split(separator: UInt8(ascii: "\n")) where line.count > name.count + 1
            && line[line.endIndex - name.count - 1] == UInt8(ascii: " ") && line.suffix(name.count).elementsEqual(name) {
            guard let dash = line.firstIndex(of: UInt8(ascii: "-")), let space = line.firstIndex(of: UInt8(ascii: " ")), dash < space,
                  space + 3 < line.endIndex, line[space + 3] == UInt8(ascii: "x"),
                  let start = hexadecimal(line[line.startIndex..<dash]), let end = hexadecimal(line[(dash + 1)..<space]) else { continue }
            ranges.append((start, end))
        }
        return (file, ranges)
    }

    private static func hexadecimal(_ digits: ArraySlice<UInt8>) -> UInt? {
        UInt(String(decoding: digits, as: UTF8.self), radix: 16)
    }
}
