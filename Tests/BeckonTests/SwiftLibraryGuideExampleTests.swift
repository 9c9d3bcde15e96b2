import Beckon
import BeckonTestSupport
import Foundation
import Testing

/// The Swift library guide's example (`Docs/swift-library.md`), line for line, on a copy of the
/// example (the guide opens `Config/example.yaml` at the wall clock; here the copy, the memory store and a fixed
/// instant make it repeatable).
@Suite("Beckon library: the guide's example")
struct SwiftLibraryGuideExampleTests {
    @Test func theGuidesExampleRunsAsWritten() throws {
        var shown: [String] = []
        var reviewsAsked = 0
        var presented: [String] = []
        func show(_ title: String, _ message: String?, buttons: [String]) { shown.append(title) }
        func requestReview() { reviewsAsked += 1 }
        func present(_ entry: WhatsNewAnswer.Entry) { presented.append(entry.version) }

        // As in the guide, from here.
        let beckon = try BeckonEngine(path: try ExampleConfiguration.path.get(), storage: .memory)
        let request = BeckonRequest(subject: "user-42", now: Date(timeIntervalSince1970: 1_772_355_600),
                                    transients: ["screenBrightness": 0.2])

        try beckon.setParameter("isLoggedIn", to: true, request)
        try beckon.donate("landmarkViewed", info: ["landmark": "Eiffel", "fromSearch": true], request)

        let tip = try beckon.tipStatus("welcome", request)
        if tip.status == .available {
            show(tip.content.title, tip.content.message, buttons: tip.content.actions.map(\.title))
            try beckon.displayTip(tip.tip, request)
        } else {
            print(tip.reasonCode, tip.reason)   // "displayCountExceeded", "invalidated: displayCountExceeded"
        }
        if let current = try beckon.groupCurrent("discovery", request).content {
            show(current.title, current.message, buttons: [])
        }
        if try beckon.tryScenario("ask-for-review", request).runs { requestReview() }
        for entry in try beckon.whatsNewPresent(request).entries { present(entry) }

        do throws(BeckonError) {
            try beckon.setParameter("favoritesCount", to: "many", request)
        } catch .invalidValue(let message) {
            print(message)                      // parameter 'favoritesCount' is int: 'many' is not an int
        } catch {
            print(error)                        // every case prints as the CLI's message
        }
        // To here.

        #expect(shown == ["Welcome to Landmarks"])
        #expect(reviewsAsked == 0)
        #expect(presented == ["2.3.0"])
        #expect(try beckon.tipStatus("welcome", request).displayCount == 1)
    }

    /// The guide shows the same lines, from the first parameter set to the end of the example.
    @Test func theGuideShowsTheLinesThisTestRuns() throws {
        func lines(_ file: String, from start: String, to end: String, dropping indent: Int) throws -> [String] {
            let text = try String(contentsOf: Repository.root.appendingPathComponent(file), encoding: .utf8)
            let all = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let first = try #require(all.firstIndex { $0.contains(start) }, "\(file) has no line with \(start)")
            let last = try #require(all[first...].firstIndex { $0.contains(end) }, "\(file) has no line with \(end) after \(start)")
            return all[first...last].map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
        }
        let start = "try beckon.setParameter(\"isLoggedIn\""
        let end = "every case prints as the CLI's message"
        #expect(try lines("Docs/swift-library.md", from: start, to: end, dropping: 0)
                == lines("Tests/BeckonTests/SwiftLibraryGuideExampleTests.swift", from: start, to: end, dropping: 8))
    }
}
