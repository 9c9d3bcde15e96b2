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
