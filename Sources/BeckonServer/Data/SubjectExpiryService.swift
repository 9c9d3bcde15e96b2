import BeckonConfig
import BeckonCore
import BeckonRuntime
import Logging
import ServiceLifecycle

/// Erases subjects inactive for the serving configuration's `store.expireSubjectsAfter`, as a
/// service that runs beside the HTTP server and stops with it (graceful shutdown).
///
/// It goes through the store one page at a time (`SubjectExpiry.expireNextPage`, at the server's
/// `wallClock`): a page listed and its expired subjects erased, then `expiryPagePause`; a finished pass starts again after
/// `expiryPassPause`. A page's work is bounded, so expiry never holds the store for a time that
/// grows with it. The runtime is read again at each page: a reload that changes the setting
/// starts a new pass with it, one that removes it stops expiry until a reload sets it again
/// (checked every `expiryPassPause`). Subjects erased count in `beckon_subjects_expired_total`,
/// finished passes in `beckon_expiry_passes_total`, and each erasure is an `erase` event of the
/// subject's change stream; a store error is logged, counted in
/// `beckon_store_errors_total`, and the pass starts again after `expiryPassPause`: it never
/// stops the server.
final class SubjectExpiryService: Service {
    let server: BeckonServer

    init(server: BeckonServer) {
        self.server = server
    }

    func run() async throws {
        await cancelWhenGracefulShutdown { await self.expire() }
    }

    /// Pages through the store until cancelled.
    private func expire() async {
        var expiry: SubjectExpiry?
        while !Task.isCancelled {
            let pause: Duration
            switch await step(&expiry) {
            case .page: pause = server.expiryPagePause
            case .pass, .idle, .failed: pause = server.expiryPassPause
            }
            do { try await Task.sleep(for: pause) } catch { return }
        }
    }

    /// What one step did.
    enum Step: Equatable {
        /// A page done; the pass goes on.
        case page
        /// The pass's last page done.
        case pass
        /// The serving configuration sets no expiry.
        case idle
        /// The store failed; the pass starts again.
        case failed
    }

    /// Lists and expires one page of the pass in `expiry` (a new pass when there is none or
    /// the setting changed), on the serving runtime read now.
    func step(_ expiry: inout SubjectExpiry?) async -> Step {
        let runtime = server.runtime.serving.runtime
        guard let inactivity = runtime.loaded.configuration.store.expireSubjectsAfter else {
            expiry = nil
            return .idle
        }
        var current = expiry.flatMap { $0.inactivity == inactivity ? $0 : nil }
            ?? SubjectExpiry(inactivity: inactivity, pageSize: server.expiryPageSize)
        let store = runtime.engine.store
        let clock = server.wallClock
        let notifier = server.changeNotifier
        let server = server
        let before = current
        let outcome = await server.storeThreads.run(for: store) { () -> Result<(SubjectExpiry, erased: Int), StoreError> in
            var expiry = before
            do throws(StoreError) {
                let erased = try expiry.expireNextPage(in: store, now: clock())?.erased ?? []
                for subject in erased { notifier.publishWhole(subject, why: "erase", server: server) }
                return .success((expiry, erased.count))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .failure(let error):
            server.metrics.recordStoreError(.unavailable)
            server.logger.error("subject expiry failed; it starts again later: \(error.message)")
            expiry = nil
            return .failed
        case .success(let (next, erased)):
            server.metrics.recordExpired(erased)
            current = next
            guard current.isFinished else {
                expiry = current
                return .page
            }
            server.metrics.recordExpiryPass()
            server.logger.info("subject expiry pass done",
                               metadata: ["listed": .string(String(current.listed)), "expired": .string(String(current.expired))])
            current.restart()
            expiry = current
            return .pass
        }
    }
}
