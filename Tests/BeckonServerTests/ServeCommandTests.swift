import Foundation
import Testing

/// `beckon serve` as a process: it says where it listens, answers, and stops on SIGTERM with exit 0.
@Suite("beckon serve: the command")
struct ServeCommandTests {
    @Test func servesUntilSIGTERMThenExitsZero() async throws {
        let folder = try ServedBeckon.folder()
        let process = Process()
        process.executableURL = try ServedBeckon.executable()
        process.arguments = ["serve", "--config", folder.appendingPathComponent("beckon.yaml").path, "--listen", "127.0.0.1:0"]
        process.currentDirectoryURL = folder
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.interrupt() } }

        // The line that names the bound port, once the server accepts connections.
        var printed = ""
        var port: Int?
        while port == nil {
            let data = error.fileHandleForReading.availableData
            if data.isEmpty { break }  // the process ended without listening
            printed += String(decoding: data, as: UTF8.self)
            if let line = printed.split(separator: "\n").first(where: { $0.hasPrefix("beckon: serving ") }),
               let colon = line.lastIndex(of: ":") {
                port = Int(line[line.index(after: colon)...])
            }
        }
        let bound = try #require(port, "\(printed)")

        let client = ServedBeckon.Client(port: bound)
        let answer = try await client.get("/v1/subjects/ada/tips/welcome?now=2026-03-01T09:00:00Z")
        #expect(answer.status == 200)
        #expect(answer.object["op"] as? String == "tip.status")

        process.terminate()  // SIGTERM
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }
}
