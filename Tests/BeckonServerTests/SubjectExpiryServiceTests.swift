import BeckonCore
import BeckonRuntime
@testable import BeckonServer
import BeckonTestSupport
import Foundation
import Testing

/// Expiry in `beckon serve` (`SubjectExpiryService`): with `store.expireSubjectsAfter`, subjects
/// inactive that long disappear from the store a page at a time while recent ones stay, and the
/// metrics count them; without it nothing is erased; a store that fails is counted and never
/// stops the server.
@Suite("beckon serve: subject expiry")
struct SubjectExpiryServiceTests {
    /// `ServedBeckon.configuration` with subjects expiring after 400 days.
    static let configuration = ServedBeckon.configuration.replacingOccurrences(
        of: "store: {backend: sqlite, path: state/beckon.db}",
        with: "store: {backend: sqlite, path: state/beckon.db, expireSubjectsAfter: 400d}")

    @Test func inactiveSubjectsDisappearAndAreCounted() async throws {
        #expect(Self.configuration != ServedBeckon.configuration)
        let folder = try ServedBeckon.folder(Self.configuration)
        // Last active in 2020 (the CLI's `--now` is the instant its store records), and now.
        let old = (1...5).map { "old-\($0)" }
        let recent = ["recent-1", "recent-2"]
        for subject in old {
            let result = try ServedBeckon.beckon(folder, ["event", "donate", "appLaunched", "--subject", subject, "--now", "2020-01-01T00:00:00Z"])
            #expect(result.status == 0, "\(result.standardError)")
        }
        for subject in recent {
            let result = try ServedBeckon.beckon(folder, ["event", "donate", "appLaunched", "--subject", subject])
            #expect(result.status == 0, "\(result.standardError)")
        }
        try await ServedBeckon.withServer(folder, configure: { server in
            server.expiryPageSize = 2
            server.expiryPagePause = .milliseconds(1)
            server.expiryPassPause = .milliseconds(20)
        }) { client, _ in
            // Waits for two passes: the first erased, the second found nothing more to erase.
            var samples = Samples(try await client.get("/metrics").body)
            for _ in 0..<3000 where (samples["beckon_expiry_passes_total", [:]] ?? 0) < 2 {
                try await Task.sleep(for: .milliseconds(10))
                samples = Samples(try await client.get("/metrics").body)
            }
            #expect((samples["beckon_expiry_passes_total", [:]] ?? 0) >= 2)
            #expect(samples["beckon_subjects_expired_total", [:]] == Double(old.count))
            let listed = try await client.get("/v1/subjects")
            let subjects = (listed.object["subjects"] as? [[String: Any]] ?? []).compactMap { $0["subject"] as? String }
            #expect(subjects == recent, "\(listed.body)")
        }
    }

    @Test func withoutTheSettingNothingExpires() async throws {
        let folder = try ServedBeckon.folder()
        let store = MemoryStore(clock: { 0 })
        let server = BeckonServer(runtime: try ReloadableRuntime(configPath: folder.appendingPathComponent("beckon.yaml").path, store: store))
        _ = try server.runtime.serving.runtime.engine.store.commit(subject: "ada", expectedVersion: 0, record: SubjectRecord(), donations: DonationChanges())
        var expiry: SubjectExpiry?
        #expect(await SubjectExpiryService(server: server).step(&expiry) == .idle)
        #expect(try store.subjects(after: nil, limit: 10).map(\.subject) == ["ada"])
    }

    /// The runtime is read at each page: a reload that sets the setting starts expiry, one
    /// that removes it stops it.
    @Test func aReloadSetsOrRemovesTheSetting() async throws {
        let folder = try ServedBeckon.folder()
        let file = folder.appendingPathComponent("beckon.yaml").path
        let store = MemoryStore(clock: { 0 })
        let server = BeckonServer(runtime: try ReloadableRuntime(configPath: file, store: store), configurationFile: file)
        let service = SubjectExpiryService(server: server)
        var expiry: SubjectExpiry?
        for subject in ["ada", "bob"] {
            _ = try store.commit(subject: subject, expectedVersion: 0, record: SubjectRecord(), donations: DonationChanges())
        }
        #expect(await service.step(&expiry) == .idle)
        try ServedBeckon.replaceConfiguration(in: folder, with: Self.configuration)
        #expect(server.reloader.reload(trigger: "test").result == .ok)
        #expect(await service.step(&expiry) == .pass)
        #expect(try store.subjects(after: nil, limit: 10).isEmpty)
        #expect(Samples(server.metrics.text)["beckon_subjects_expired_total", [:]] == 2)
        _ = try store.commit(subject: "carol", expectedVersion: 0, record: SubjectRecord(), donations: DonationChanges())
        try ServedBeckon.replaceConfiguration(in: folder, with: ServedBeckon.configuration)
        #expect(server.reloader.reload(trigger: "test").result == .ok)
        #expect(await service.step(&expiry) == .idle)
        #expect(try store.subjects(after: nil, limit: 10).map(\.subject) == ["carol"])
    }

    @Test func aStoreErrorIsCountedAndTheServiceGoesOn() async throws {
        let folder = try ServedBeckon.folder(Self.configuration)
        let server = BeckonServer(runtime: try ReloadableRuntime(configPath: folder.appendingPathComponent("beckon.yaml").path, store: DownStore()))
        let service = SubjectExpiryService(server: server)
        var expiry: SubjectExpiry?
        #expect(await service.step(&expiry) == .failed)
        #expect(await service.step(&expiry) == .failed)
        #expect(Samples(server.metrics.text)["beckon_store_errors_total", ["code": "unavailable"]] == 2)
        #expect(Samples(server.metrics.text)["beckon_expiry_passes_total", [:]] == 0)
    }
}
