import BeckonTestSupport
import Foundation
import Testing

/// The shared runners the suites rely on: both streams read whole, merged in the order written
/// when asked, the environment given on top of the suite's own, and a server's port read from
/// the line it prints.
@Suite("BeckonTestSupport: process runners")
struct ProcessRunnerTests {
    @Test func outputAndErrorAreKeptApartWithTheStatus() throws {
        let (status, output, error) = try ProcessRunner.run("sh", ["-c", "echo out; echo err >&2; exit 3"])
        #expect(status == 3)
        #expect(output == "out\n")
        #expect(error == "err\n")
    }

    @Test func combinedKeepsTheOrderTheProgramWrote() throws {
        let (status, output) = try ProcessRunner.combined("sh", ["-c", "echo one; echo two >&2; echo three"])
        #expect(status == 0)
        #expect(output == "one\ntwo\nthree\n")
    }

    /// More than a pipe holds on each stream: neither blocks the program.
    @Test func largeOutputOnBothStreamsDoesNotStall() throws {
        let (status, output, error) = try ProcessRunner.run("sh", ["-c", "head -c 300000 /dev/zero; head -c 300000 /dev/zero >&2"])
        #expect(status == 0)
        #expect(output.utf8.count == 300_000)
        #expect(error.utf8.count == 300_000)
    }

    @Test func environmentIsSetAndUnsetOnTopOfTheSuitesOwn() throws {
        let (_, output, _) = try ProcessRunner.run("sh", ["-c", "printf '%s|%s' \"$BECKON_A\" \"${HOME+set}\""], in: "/",
                                                   environment: ["BECKON_A": "a"], unset: ["HOME"])
        #expect(output == "a|")
    }

    /// A program waited for with `waitForEnd` is let go, and the pipes it was given with it:
    /// Foundation's run-loop source and the process hold each other until `waitUntilExit` is
    /// called (without it, each CLI run of the suite left its two pipes open).
    @Test(arguments: [("true", ProcessEnd.exit(0)), ("exit 3", .exit(3)), ("kill -KILL $$", .signal(SIGKILL))])
    func aProcessWaitedForIsLetGo(script: String, end: ProcessEnd) async throws {
        weak var letGo: Process?
        do {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script]
            process.standardOutput = Pipe()
            try process.run()
            #expect(process.waitForEnd() == end)
            letGo = process
        }
        // Foundation's socket lets go of it just after it marks it ended.
        let deadline = ContinuousClock.now + .seconds(10)
        while letGo != nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(letGo == nil, "the process object (and its pipes) stayed")
    }

    @Test(arguments: [
        ("beckon: serving /tmp/x/beckon.yaml on http://127.0.0.1:40123\n", 40123 as Int?),
        ("beckon: warning: something\nbeckon: serving a.yaml on http://127.0.0.1:8\n", 8),
        ("beckon: error: cannot bind\n", nil),
        ("", nil),
    ])
    func thePortIsReadFromTheServingLine(printed: String, port: Int?) {
        #expect(ServeProcess.port(in: printed) == port)
    }
}
