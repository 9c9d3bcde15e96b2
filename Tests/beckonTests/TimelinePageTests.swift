import BeckonTestSupport
import Foundation
import Testing

/// `beckon simulate --html` in a real browser: `Fixtures/timeline_test.py` opens the page in
/// Chromium (Playwright, offline) and reads, from the DOM, the band drawn at the instant of every
/// status step; each must be what `simulate --json` answered there. It also clicks marks and
/// bands for their explanations, uses the keyboard, zooms and pans, and fails on any console
/// error or request. Without Chromium or Playwright the test fails, saying what to install.
///
/// `BECKON_UPDATE_SCREENSHOTS=1 swift test --filter TimelinePage` writes the documents'
/// screenshot of the example week to `Docs/screenshots/timeline.png`.
@Suite("beckon simulate --html in Chromium")
struct TimelinePageTests {
    struct Trace: Sendable, CustomTestStringConvertible {
        var name: String
        /// The trace's file in the repository, or nil for one written from `text`.
        var file: String? = nil
        /// The trace the page is drawn from.
        var text: String
        /// The trace whose `simulate --json` the page is checked against: `text` with status
        /// steps added between its steps (reads, which change nothing), so that bands are
        /// checked between the instants the page was drawn at, where only `revisitAt` tells.
        var probed: String
        var screenshot: String?
        var testDescription: String { name }
    }

    static let traces: [Trace] = {
        let generated = generatedTrace(seed: 0x71_3E11, steps: 400, subjects: 5)
        return [
            Trace(name: "a generated trace of 400 steps over 5 subjects", text: generated.trace, probed: generated.probed, screenshot: nil),
            Trace(name: "the example's first week", file: "Config/traces/first-week.yaml", text: "", probed: "",
                  screenshot: "Docs/screenshots/timeline.png"),
            // Text in the page's data that an HTML parser reads inside a script element: it must
            // neither close the element nor open a comment that keeps the next one from closing.
            Trace(name: "subjects whose ids are markup", text: markupSubjects, probed: markupSubjects, screenshot: nil),
        ]
    }()

    /// With the longest subject too (256 bytes, nowhere to break), which the page must show
    /// within a phone's width.
    static let markupSubjects = """
        start: 2026-03-01T09:00:00Z
        steps:
          - {subject: "<!--<script>", donate: appLaunched}
          - {subject: "<!--<script>", tip.status: welcome}
          - {subject: "</script><b>", after: 1h, tip.display: welcome}
          - {subject: "</script><b>", tip.status: welcome}
          - {subject: "<!--<script>", after: 1h, tip.status: welcome}
          - {subject: ada-\(String(repeating: "x", count: 252)), tip.status: welcome}

        """

    /// The time limit only stops a hang: with every suite at once, a test may wait minutes to start.
    @Test(.timeLimit(.minutes(10)), arguments: traces)
    func pageDrawsWhatSimulateAnswers(_ trace: Trace) async throws {
        if let missing = BrowserTools.missing {
            Issue.record(Comment(rawValue: missing))
            return
        }
        // Run in the repository, so the page names the files as a user there would.
        let folder = try BeckonProcess.temporaryFolder()
        let (tracePath, probedPath) = try trace.file.map { ($0, $0) } ?? {
            let paths = (folder.appendingPathComponent("trace.yaml").path, folder.appendingPathComponent("probed.yaml").path)
            try trace.text.write(toFile: paths.0, atomically: true, encoding: .utf8)
            try trace.probed.write(toFile: paths.1, atomically: true, encoding: .utf8)
            return paths
        }()
        let json = try BeckonProcess.run(["simulate", probedPath, "--config", "Config/example.yaml", "--json"])
        #expect(json.status == 0, "\(json.standardError)")
        try json.standardOutput.write(to: folder.appendingPathComponent("steps.jsonl"), atomically: true, encoding: .utf8)
        let page = folder.appendingPathComponent("page.html").path
        let html = try BeckonProcess.run(["simulate", tracePath, "--config", "Config/example.yaml", "--html", page])
        #expect(html.status == 0, "\(html.standardError)")
        #expect(html.standardOutput.hasPrefix("wrote \(page): "))

        var arguments = [Repository.path("Tests/beckonTests/Fixtures/timeline_test.py"), page,
                         folder.appendingPathComponent("steps.jsonl").path, BrowserTools.chromium]
        let updating = ProcessInfo.processInfo.environment["BECKON_UPDATE_SCREENSHOTS"] != nil
        if let screenshot = trace.screenshot {
            arguments.append(updating ? Repository.path(screenshot) : folder.appendingPathComponent("screenshot.png").path)
        }
        let result = try await ProcessRunner.combined(TestTools.python, arguments)
        #expect(result.status == 0, "\(result.output)")
        let summary = result.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summary.hasSuffix(" compared, 0 failed") && !summary.hasPrefix("0 "), "\(result.output)")
    }

    /// A seeded trace over `Config/example.yaml`: donations, parameters, displays, invalidations,
    /// scenario triggers and tries, and status steps of every kind, at increasing instants; and
    /// the same trace with a status step of each subject between most of its steps.
    static func generatedTrace(seed: UInt64, steps: Int, subjects: Int) -> (trace: String, probed: String) {
        var random = SplitMix64(seed: seed)
        let tips = ["welcome", "favorite-landmark", "offline-maps", "search-filters"]
        let scenarios = ["ask-for-review", "offer-subscription", "legacy-welcome-back"]
        let statuses = tips.map { "tip.status: " + $0 } + scenarios.map { "scenario.status: " + $0 }
            + ["group.current: onboarding", "group.current: discovery"]
        var now: Int64 = 1_772_352_000_000  // 2026-03-01T08:00:00Z
        var lines = ["steps:"], probed = ["steps:"]
        var seen: Set<String> = []
        for _ in 0..<steps {
            let subject = "user-\(random.below(subjects))"
            let operation: String
            switch random.below(14) {
            case 0, 1: operation = "donate: landmarkViewed, info: {landmark: eiffel, fromSearch: \(random.below(2) == 0)}"
            case 2, 3: operation = "donate: appLaunched"
            case 4: operation = "set: {isLoggedIn: \(random.below(3) != 0), plan: \(random.pick(["free", "pro"])), favoritesCount: \(random.below(7))}"
            case 5: operation = "tip.display: \(random.pick(tips))"
            case 6: operation = "tip.invalidate: \(random.pick(tips)), reason: \(random.pick(["actionPerformed", "tipClosed"]))"
            case 7: operation = "scenario.trigger: \(random.pick(["ask-for-review", "legacy-welcome-back"]))"
            case 8: operation = "scenario.try: \(random.pick(scenarios))"
            case 9: operation = "group.current: \(random.pick(["onboarding", "discovery"]))"
            case 10: operation = "scenario.status: \(random.pick(scenarios))"
            default: operation = "tip.status: \(random.pick(tips))"
            }
            let step = "  - {at: \(now), subject: \(subject), \(operation)}"
            lines.append(step)
            probed.append(step)
            let gap = Int64(random.pick([60_000, 1_200_000, 7_200_000, 32_400_000, 86_400_000, 176_400_000]))
            // Probes strictly between this step and the next, for subjects the page draws by then.
            seen.insert(subject)
            for _ in 0..<random.below(3) {
                let at = now + 1 + Int64(random.below(Int(gap - 1)))
                probed.append("  - {at: \(at), subject: \(random.pick(seen.sorted())), \(random.pick(statuses))}")
            }
            now += gap
        }
        // Probes are written after the step they follow, in no order among themselves: sorted,
        // the probed trace's instants increase as the trace's do.
        let header = probed.removeFirst()
        probed.sort { instant(of: $0) < instant(of: $1) }
        return (lines.joined(separator: "\n") + "\n", ([header] + probed).joined(separator: "\n") + "\n")
    }

    /// The instant of a generated step line.
    static func instant(of line: String) -> Int64 {
        Int64(line.split(separator: "at: ")[1].prefix { $0.isNumber }) ?? 0
    }
}
