import Beckon
import Foundation
import Testing

/// The configured store keeps state across engines; the memory store keeps it per engine.
@Suite("Beckon library: storage")
struct StorageTests {
    @Test func theConfiguredStoreKeepsStateAcrossEngines() throws {
        let path = try ExampleConfiguration.path.get()
        // The example's SQLite file is shared by the suites' runs: a subject of this test's own.
        let subject = "storage-\(UUID().uuidString)"
        let request = BeckonRequest(subject: subject, milliseconds: Clock.start)
        do {
            let first = try BeckonEngine(path: path)
            #expect(try first.donate("appLaunched", request).count == 1)
        }
        let second = try BeckonEngine(path: path)
        #expect(try second.donate("appLaunched", request).count == 2)
        #expect(FileManager.default.fileExists(atPath: (path as NSString).deletingLastPathComponent + "/state/beckon.db"))

        let inMemory = try BeckonEngine(path: path, storage: .memory)
        #expect(try inMemory.donate("appLaunched", request).count == 1)
    }
}
