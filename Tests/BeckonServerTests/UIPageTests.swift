import BeckonServer
import BeckonTestSupport
import Foundation
import NIOHTTP1
import Testing

/// `beckon serve --ui` in a real browser: `Fixtures/ui_test.py` opens `/ui/` in Chromium
/// (Playwright) on the example configuration (its SQLite store) with tokens on, and checks the
/// page against `/v1`, live through the change stream. Without Chromium or Playwright it fails, saying what to install.
///
/// `BECKON_UPDATE_SCREENSHOTS=1 swift test --filter UIPage` writes the documents' screenshot to
/// `Docs/screenshots/ui.png`.
@Suite("beckon serve --ui in Chromium")
struct UIPageTests {
    @Test func thePagesAreOffByDefault() async throws {
        try await ServedBeckon.withServer(try ServedBeckon.folder()) { client in
            for path in ["/ui/", "/"] {
                let answer = try await client.get(path)
                #expect(answer.status == 404 && answer.code == "no_route", "\(path)")
            }
        }
    }

    /// The server's address opened in a browser shows the page: `/` is a `302 Found` to it.
    @Test(arguments: ["GET", "HEAD"])
    func theServersAddressLeadsToThePage(method: String) async throws {
        try await ServedBeckon.withServer(try ServedBeckon.folder(), configure: { $0.ui = true }) { client, _ in
            let exchange = try await EdgeHarness.raw(client.port, ["\(method) / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"])
            #expect(exchange.status == 302, "\(exchange.text)")
            #expect(exchange.text.lowercased().contains("\r\nlocation: /ui/\r\n"), "\(exchange.text)")
        }
    }

    @Test func thePageIsServedWithItsPolicy() async throws {
        try await ServedBeckon.withServer(try ServedBeckon.folder(), configure: { $0.ui = true }) { client, _ in
            let answer = try await client.get("/ui/")
            #expect(answer.status == 200)
            #expect(answer.contentType == "text/html; charset=utf-8")
            #expect(answer.headers.first(name: "Content-Security-Policy")?.contains("connect-src 'self'") == true)
            #expect(answer.body.hasPrefix("<!DOCTYPE html>"))
        }
    }

    /// The server is a `beckon serve --ui` process of its own (the command as users run it),
    /// so the page's requests never wait on this suite's threads, whatever else runs; the
    /// browser is waited for off the concurrency pool (`OwnThread`), so that other suites'
    /// in-process servers are not kept waiting either. The time limit only stops a hang: with
    /// every suite at once, a test may wait minutes to start.
    @Test(.timeLimit(.minutes(10)))
    func pageShowsWhatV1AnswersAndFollowsChanges() async throws {
        if let missing = BrowserTools.missing {
            Issue.record(Comment(rawValue: missing))
            return
        }
        let folder = try ExampleCopy.make("ui")
        try EdgeHarness.tokensFile.write(to: folder.appendingPathComponent("tokens"), atomically: true, encoding: .utf8)
        let server = try ServeProcess(folder, config: "example.yaml", ["--ui", "--tokens", "tokens"])
        defer { _ = server.stop() }
        let updating = ProcessInfo.processInfo.environment["BECKON_UPDATE_SCREENSHOTS"] != nil
        let screenshot = updating ? Repository.path("Docs/screenshots/ui.png") : folder.appendingPathComponent("ui.png").path
        let arguments = [Repository.path("Tests/BeckonServerTests/Fixtures/ui_test.py"), "http://127.0.0.1:\(server.port)",
                         BrowserTools.chromium, EdgeHarness.readToken, EdgeHarness.writeToken, screenshot]
        let result = try await ProcessRunner.combined(TestTools.python, arguments)
        #expect(result.status == 0, "\(result.output)\n\(server.standardError)")
        let summary = result.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summary.hasSuffix(" compared, 0 failed") && !summary.hasPrefix("0 "), "\(result.output)")
    }
}
