@testable import BeckonTestSupport
import Foundation
import Testing

/// Where the suites write: every new path inside this process's run folder, and the folders of
/// runs whose process is gone removed, those of running ones kept.
@Suite("BeckonTestSupport: the run's folder")
struct TestRunFolderTests {
    @Test func newFoldersAreFreshAndInsideTheRunsFolder() throws {
        let first = try TestRunFolder.newFolder("probe"), second = try TestRunFolder.newFolder("probe")
        #expect(first != second)
        for folder in [first, second] {
            #expect(folder.path.hasPrefix(TestRunFolder.path + "/beckon-probe-"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
        #expect(TestRunFolder.path.hasSuffix("/beckon-test-run-\(getpid())"))
        let folder = try TemporaryFolder("probe")
        #expect(folder.path.hasPrefix(TestRunFolder.path + "/"))
    }

    @Test func aRunsFolderIsRemovedOnceItsProcessIsGoneNotBefore() throws {
        let parent = try TemporaryFolder("runs")
        // A process that has ended: its PID names no process any more.
        let (status, printed, _) = try ProcessRunner.run("sh", ["-c", "echo $$"])
        let ended = try #require(Int32(printed.trimmingCharacters(in: .whitespacesAndNewlines)), "\(status)")
        let endedRun = try parent.createFolder("beckon-test-run-\(ended)")
        try parent.write("beckon-test-run-\(ended)/left.txt", "left behind")
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: endedRun)
        let runningRun = try parent.createFolder("beckon-test-run-\(getpid())")
        let other = try parent.createFolder("beckon-serve-\(ended)")

        TestRunFolder.removeFoldersOfEndedRuns(in: parent.path)

        #expect(!FileManager.default.fileExists(atPath: endedRun))
        #expect(FileManager.default.fileExists(atPath: runningRun))
        #expect(FileManager.default.fileExists(atPath: other))
    }
}
