import BeckonServer
import Foundation
import Glibc
import Logging
import Testing
import BeckonTestSupport

/// The server's log handler: lines as swift-log's StreamLogHandler writes them, kept in a buffer
/// until a flush, a warning or an error.
@Suite("beckon serve: the buffered log")
struct BufferedLogTests {
    /// A file to write to, its descriptor, and what it holds.
    final class LogFile: Sendable {
        let url = TestRunFolder.newPath("log")
        let descriptor: Int32

        init() {
            descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }

        var text: String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

        deinit {
            close(descriptor)
            try? FileManager.default.removeItem(at: url)
        }
    }

    @Test func linesAreStreamLogHandlersKeptUntilAFlush() throws {
        let file = LogFile()
        let output = LogOutput(fileDescriptor: file.descriptor, flushInterval: .seconds(3600))
        let logger = Logger(label: "beckon.serve") { BufferedLogHandler(label: $0, output: output) }
        logger.info("request", metadata: ["status": "200", "method": "GET", "route": "/healthz"], source: "BeckonServer")
        logger.debug("not at this level")
        #expect(file.text.isEmpty)

        output.flush()
        let line = try #require(file.text.split(separator: "\n").first.map(String.init))
        // 2026-03-01T09:00:00+0000 info beckon.serve: method=GET route=/healthz status=200 [BeckonServer] request
        let stamp = try #require(line.split(separator: " ").first)
        #expect(stamp.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}/) != nil, "\(line)")
        #expect(line.dropFirst(stamp.count) == " info beckon.serve: method=GET route=/healthz status=200 [BeckonServer] request")
        #expect(file.text.split(separator: "\n").count == 1)
    }

    @Test func warningsAndErrorsAreWrittenAtOnceAfterWhatCameBefore() {
        let file = LogFile()
        let output = LogOutput(fileDescriptor: file.descriptor, flushInterval: .seconds(3600))
        let logger = Logger(label: "beckon.serve") { BufferedLogHandler(label: $0, output: output) }
        logger.info("first")
        logger.warning("second")
        let lines = file.text.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasSuffix("first") == true)
        #expect(lines.last?.hasSuffix(" warning beckon.serve: [BeckonServerTests] second") == true, "\(lines)")
    }

    @Test func pendingLinesAreWrittenByTheIntervalFlush() async {
        let file = LogFile()
        let output = LogOutput(fileDescriptor: file.descriptor, flushInterval: .milliseconds(20))
        let logger = Logger(label: "beckon.serve") { BufferedLogHandler(label: $0, output: output) }
        logger.info("later")
        #expect(await ServedBeckon.eventually { file.text.hasSuffix("later\n") })
    }
}
