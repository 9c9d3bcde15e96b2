import BeckonDiagnostics
import Testing

@Suite("NameSuggester")
struct NameSuggesterTests {
    static let names = ["params", "events", "tips", "scenarios", "subject", "now", "app", "largestSubset"]

    static let cases: [(name: String, candidates: [String], expected: String?)] = [
        // One edit on a short name.
        ("prams", names, "params"),
        ("evnts", names, "events"),
        ("tip", names, "tips"),
        ("nwo", names, "now"),
        // A swap of adjacent letters counts as one edit, even where two edits would be too many.
        ("tpis", names, "tips"),
        ("parmas", names, "params"),
        // Two edits on a name of six or more.
        ("subjekt", names, "subject"),
        ("scenaros", names, "scenarios"),
        // Up to three edits on a long name.
        ("lrgstSubst", names, "largestSubset"),
        // Case-insensitive.
        ("Params", names, "params"),
        ("TIPS", names, "tips"),
        ("LargestSubSet", names, "largestSubset"),
        // Too far.
        ("foo", names, nil),
        ("xyz", ["params"], nil),
        ("tpsi", names, nil),
        ("lrgstSbst", names, nil),
        ("eventcount", names, nil),
        ("p", names, nil),
        ("anything", [], nil),
        // The name itself is not a suggestion.
        ("tips", ["tips"], nil),
        // The closest wins, wherever it is.
        ("evnt", ["events", "event"], "event"),
        ("evnt", ["event", "events"], "event"),
        // Among equally close candidates, the first.
        ("cat", ["bat", "hat"], "bat"),
        ("cat", ["hat", "bat"], "hat"),
    ]

    @Test(arguments: cases)
    func suggestion(name: String, candidates: [String], expected: String?) {
        #expect(NameSuggester.suggestion(for: name, among: candidates) == expected)
    }

    @Test func hintIsReadyToAppend() {
        #expect(NameSuggester.hint(for: "prams", among: Self.names) == "; did you mean 'params'?")
        #expect(NameSuggester.hint(for: "zzzzzz", among: Self.names) == "")
    }

    @Test func acceptsAnySequence() {
        let candidates: Set<String> = ["retention"]
        #expect(NameSuggester.suggestion(for: "retension", among: candidates) == "retention")
        #expect(NameSuggester.suggestion(for: "retension", among: ["a", "retention"].lazy.filter { $0.count > 1 }) == "retention")
    }
}
