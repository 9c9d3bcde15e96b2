import BeckonDiagnostics
@testable import BeckonCore
import Testing

/// The words answers are made of, spelled once in BeckonCore: raw values are the static
/// spellings, and a reason's sentence is the same whether built as a string or written in pieces.
@Suite("Answer vocabulary")
struct AnswerVocabularyTests {
    @Test func statusesAreTheirSpellings() {
        #expect(TipStatus.allCases.map(\.rawValue) == ["pending", "available", "invalidated"])
        for status in TipStatus.allCases {
            #expect(status.rawValue == status.spelling.description)
            #expect(TipStatus(rawValue: status.rawValue) == status)
        }
        #expect(TipStatus(rawValue: "Available") == nil)
    }

    @Test func invalidationReasonsAreTheirSpellings() {
        #expect(InvalidationReason.allCases.map(\.rawValue) == ["actionPerformed", "tipClosed", "displayCountExceeded", "displayDurationExceeded"])
        for reason in InvalidationReason.allCases {
            #expect(InvalidationReason(rawValue: reason.rawValue) == reason)
        }
        #expect(HostInvalidationReason.allCases.map(\.rawValue) == ["actionPerformed", "tipClosed"])
        for reason in HostInvalidationReason.allCases { #expect(HostInvalidationReason(rawValue: reason.rawValue) == reason) }
        #expect(HostInvalidationReason(rawValue: "displayCountExceeded") == nil)
    }

    /// A word equals, and hashes as, exactly itself: compared by its spelling, as its case.
    @Test func wordsAreEqualExactlyWhenTheyAreTheSameCase() {
        expectEqualExactlyAsCases(TipStatus.allCases)
        expectEqualExactlyAsCases(InvalidationReason.allCases)
        expectEqualExactlyAsCases(HostInvalidationReason.allCases)
        // A host's reason is the recorded one it names, compared across the two types' spellings.
        for reason in HostInvalidationReason.allCases { #expect(InvalidationReason(rawValue: reason.rawValue) == reason.reason) }
    }

    private func expectEqualExactlyAsCases<Word: AnswerWord>(_ words: [Word]) {
        for (leftIndex, left) in words.enumerated() {
            for (rightIndex, right) in words.enumerated() {
                #expect((left == right) == (leftIndex == rightIndex), "\(left.rawValue) == \(right.rawValue)")
                #expect((left != right) == (leftIndex != rightIndex))
            }
            #expect(Set(words).contains(left))
            #expect(left.hashValue == Word(rawValue: left.rawValue)?.hashValue)
        }
        #expect(Set(words).count == words.count)
    }

    static let span = SourceSpan(file: "tips.yaml", start: SourcePosition(line: 12, column: 3), end: SourcePosition(line: 12, column: 9))

    @Test(arguments: [
        (TipReason.allChecksPassed, "available", "every check passed"),
        (.shownByTesting("testing.showAll"), "testingShow", "shown by testing.showAll"),
        (.hiddenByTesting("testing.hide"), "testingHide", "hidden by testing.hide"),
        (.invalidated(.tipClosed), "tipClosed", "invalidated: tipClosed"),
        (.ruleNotSatisfied(index: 1, text: "a > 2", span: span), "rule", "rule 2 is false: a > 2 (tips.yaml:12)"),
        (.ruleFailed(index: 0, text: "1 / x", span: span, message: "division by zero"), "ruleError",
         "rule 1 failed: division by zero: 1 / x (tips.yaml:12)"),
        (.displayFrequency(remaining: 90_000), "displayFrequency",
         "another tip was shown recently; new tips wait 1m30s more (display frequency)"),
        (.withheldByGroup("onboarding"), "group", "withheld by group onboarding"),
        (.dependsOnItself, "cycle", "its rules depend on its own status"),
    ])
    func reasons(reason: TipReason, code: String, sentence: String) {
        #expect(reason.code == code)
        #expect(reason.codeSpelling.description == code)
        #expect(reason.description == sentence)
    }
}
