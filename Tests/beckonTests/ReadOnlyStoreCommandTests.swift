import BeckonTestSupport
import Foundation
import Testing

/// A store that cannot be written (its file, or its folder as on a read-only mount) is read by
/// `status`, `tip status` and `explain`; a command that writes exits 69 saying the store is
/// read-only, and the file stays byte for byte as it was.
///
/// Run as root (file modes ignored), the file or folder is made immutable with `chattr +i`,
/// which the kernel refuses to write even for root; where neither works, the test is skipped.
@Suite("beckon read-only store")
struct ReadOnlyStoreCommandTests {
    enum Part: String, CaseIterable, Sendable { case file, folder }

    @Test(.enabled(if: ReadOnlyFiles.method != nil, "neither file modes nor chattr make a file read-only here"), arguments: Part.allCases)
    func readingWorksAndWritingExits69(_ part: Part) throws {
        // The tip reads the store: it is available only after the donation made below.
        let folder = try BeckonProcess.folder(configuration: """
            version: 1
            store: {backend: sqlite, path: state/beckon.db}
            events: {opened: {}}
            tips: {hello: {title: Hello, rules: [events.opened.count >= 1, events.opened.within(7d).count >= 1]}}

            """)
        let now = ["--now", "2026-03-01T10:00:00Z"]
        #expect(try StoreFaultCommandTests.donate(folder).status == 0)
        let database = folder.appendingPathComponent("state/beckon.db").path
        let before = FileManager.default.contents(atPath: database)
        let locked = part == .file ? database : folder.appendingPathComponent("state").path
        try ReadOnlyFiles.makeReadOnly(locked)
        defer { ReadOnlyFiles.makeWritable(locked) }

        for reading in [["status"], ["tip", "status", "hello"], ["explain", "tip", "hello"]] {
            let result = try BeckonProcess.run(reading + now, in: folder)
            #expect(result.status == 0, "\(reading): \(result.standardError)")
            #expect(result.standardError.isEmpty, "\(reading): \(result.standardError)")
        }
        let status = try BeckonProcess.run(["tip", "status", "hello", "--json"] + now, in: folder)
        #expect(status.standardOutput.contains(#""status":"available""#), "\(status.standardOutput)")

        let donated = try BeckonProcess.run(["event", "donate", "opened"] + now, in: folder)
        #expect(donated.status == 69)
        #expect(donated.standardError.hasPrefix("beckon: error: store unavailable: cannot write to the store state/beckon.db: it is read-only ("),
                "\(donated.standardError)")
        #expect(FileManager.default.contents(atPath: database) == before)
    }
}
