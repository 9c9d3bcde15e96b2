import BeckonConfig
import BeckonDiagnostics
import BeckonRuntime
import Logging
import ServiceLifecycle
import Synchronization
import UnixSignals

/// Reloads the configuration on SIGHUP and when its file changes, as a service that runs beside
/// the HTTP server and stops with it (graceful shutdown).
///
/// The file and the files it includes (those of the configuration serving) are polled every
/// `interval` by their identities (device, inode, size, modification time in nanoseconds:
/// `FileIdentity`), and a change is reloaded once it has stayed the same for one more poll
/// (`ChangeDebouncer`): an editor's several writes, or a replacement by rename, give one reload.
/// A main file that disappears is logged once and the last good configuration keeps serving; it
/// is reloaded when the file is back.
final class ConfigurationWatcher: Service {
    let reloader: ConfigurationReloader
    /// How often the file is polled; nil: never (SIGHUP only).
    let interval: Duration?
    /// Whether SIGHUP reloads (only a process's own server should trap it).
    let reloadsOnSignal: Bool
    /// The bearer tokens, read again at each SIGHUP when they come from a file or the environment.
    let tokens: AccessControl?
    let logger: Logger
    /// The debouncer, shared by the poll and the signal (a reload by either is known to both).
    private let debouncer: Mutex<ChangeDebouncer<FileSetIdentity>>

    init(reloader: ConfigurationReloader, interval: Duration?, reloadsOnSignal: Bool, tokens: AccessControl? = nil, logger: Logger) {
        self.reloader = reloader
        self.interval = interval
        self.reloadsOnSignal = reloadsOnSignal
        self.tokens = tokens
        self.logger = logger
        debouncer = Mutex(ChangeDebouncer(known: Self.identity(of: reloader)))
    }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                if self.reloadsOnSignal {
                    group.addTask { await self.reloadOnSignals() }
                }
                if let interval = self.interval {
                    group.addTask { await self.poll(every: interval) }
                }
            }
        }
    }

    /// Reloads the configuration and the tokens at each SIGHUP until cancelled.
    private func reloadOnSignals() async {
        for await _ in await UnixSignalsSequence(trapping: .sighup) {
            reload(trigger: "SIGHUP")
            reloadTokens()
        }
    }

    /// Reads the tokens again; tokens that do not read leave those in force, and the log says
    /// why (file and line, never a token).
    private func reloadTokens() {
        guard let tokens else { return }
        do throws(TokensError) {
            let count = try tokens.reload()
            logger.info("tokens reloaded", metadata: ["trigger": "SIGHUP", "tokens": .string(String(count))])
        } catch {
            logger.error("tokens not reloaded; the tokens in force stay: \(error.description)", metadata: ["trigger": "SIGHUP"])
        }
    }

    /// Polls the file until cancelled.
    private func poll(every interval: Duration) async {
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: interval)
            } catch {
                return
            }
            check()
        }
    }

    /// One poll: reloads a settled change, says once that the file is gone.
    func check() {
        let file = reloader.state.file
        debouncer.withLock { debouncer in
            switch debouncer.observe(Self.identity(of: reloader)) {
            case .wait:
                break
            case .fileGone:
                logger.warning("configuration file \(file) is gone; the last good configuration keeps serving until it is back")
            case .reload:
                reloader.reload(trigger: "file change")
                // The configuration now serving may include other files than before.
                debouncer.reloaded(Self.identity(of: reloader))
            }
        }
    }

    /// Reloads now, and takes the files as they are now as the known ones.
    private func reload(trigger: String) {
        debouncer.withLock { debouncer in
            reloader.reload(trigger: trigger)
            debouncer.reloaded(Self.identity(of: reloader))
        }
    }

    /// The identities of the configuration file and of the files the configuration serving
    /// includes, or nil when the configuration file is gone.
    static func identity(of reloader: ConfigurationReloader) -> FileSetIdentity? {
        let main = reloader.state.file
        let included = reloader.runtime.current.loaded.sources.files.filter { $0 != main }
        return FileSetIdentity(main: main, included: included)
    }
}
