@testable import BeckonConfig
@testable import BeckonCore
import BeckonDiagnostics
import BeckonRules
@testable import BeckonRuntime
import Testing
import BeckonTestSupport

/// Tip answers are written member by member (TipAnswerJSON) rather than built as an object of
/// members: the bytes must be those of the general path, for every operation on a tip, every
/// reason, content and request, with and without `changes`.
@Suite("Tip answers written directly")
struct TipAnswerJSONTests {
    /// Texts with every kind of byte a JSON string escapes or keeps: quotes, backslashes,
    /// control characters, slashes, multi-byte characters, long runs.
    static let texts = [
        "", "x", "five-rules", "Five rules", "a \"quoted\" title", "back\\slash", "line\nbreak\ttab\r\u{1}\u{1F}",
        "path/to/file.yaml", "été 😀 \u{2028}", "params.plan == \"free\" && events.viewed.within(7d).count >= 3",
        String(repeating: "long text without escapes ", count: 9) + "\"",
    ]

    @Test("a tip answer is written as the general path writes it, on many seeded random cases")
    func agreesWithGeneralPath() {
        var random = SplitMix64(seed: 0x7195_0014)
        for _ in 0..<4000 {
            let report = Self.report(&random)
            let subject = random.pick(Self.texts.filter { !$0.isEmpty })
            let now = random.pick([0, 1_800_000_000_000, -1, 253_402_300_799_999, Int64(random.next() % 4_000_000_000_000)])
            let direct = report.withJSONText(subject: subject, now: now) { String(decoding: $0, as: UTF8.self) }
            let general = report.generalJSONText(subject: subject, now: now)
            #expect(direct == general)
            if direct != general { return }
        }
    }

    @Test("an answer written while another's bytes are lent (a sink calling back) is whole, and both are right")
    func nestedAnswers() {
        var random = SplitMix64(seed: 42)
        let outer = Self.report(&random), inner = Self.report(&random)
        let texts = outer.withJSONText(subject: "outer", now: 0) { outerBytes in
            let innerText = inner.withJSONText(subject: "inner", now: 1) { String(decoding: $0, as: UTF8.self) }
            return (String(decoding: outerBytes, as: UTF8.self), innerText)
        }
        #expect(texts.0 == outer.generalJSONText(subject: "outer", now: 0))
        #expect(texts.1 == inner.generalJSONText(subject: "inner", now: 1))
    }

    @Test("a long answer after short ones is whole (the reused buffer grows and is given back)")
    func longAnswer() {
        var random = SplitMix64(seed: 7)
        for size in [10, 100_000, 10] {
            var report = Self.report(&random)
            report = OperationReport(.tipStatus("t"), .tip(Self.decision(&random, title: String(repeating: "é", count: size))))
            let direct = report.withJSONText(subject: "s", now: 0) { String(decoding: $0, as: UTF8.self) }
            #expect(direct == report.generalJSONText(subject: "s", now: 0))
        }
    }

    @Test("a tip.status answer from the configuration's templates is the general path's, for every tip, locale and any id asked")
    func templatesAgreeWithGeneralPath() {
        var random = SplitMix64(seed: 0x7E3A_9001)
        // Ids that are equal strings but not the same bytes ("é" composed and decomposed): the
        // answer echoes the id asked for, so it must not be taken from the template.
        let ids = ["é-tip", "e\u{301}-tip"] + Self.texts.filter { !$0.isEmpty }
        let declared = ids.enumerated().map { index, id in
            var tip = Self.decision(&random).content
            tip.id = index < 2 ? id : "\(id)-\(index)"
            // Some texts translated, into some of the locales.
            tip.title = Self.translated(tip.title, &random)
            tip.message = tip.message.map { Self.translated($0, &random) }
            for action in tip.actions.indices { tip.actions[action].title = Self.translated(tip.actions[action].title, &random) }
            return tip
        }
        // A configuration keeps the first of equal ids: "e\u{301}-tip" is only asked for.
        let content = LocalizedContent(Configuration(tips: Declarations(declared)))
        let tips = content.tips[0]
        #expect(tips.count == declared.count - 1)
        #expect(content.locales.count > 2)
        let templates = TipAnswerTemplates(content: content)
        for _ in 0..<3000 {
            let slot = Int(random.next() % UInt64(tips.count))
            let locale = Int(random.next() % UInt64(content.locales.count))
            var decision = Self.decision(&random)
            decision.declaration = content.tips[locale][slot]
            decision.locale = content.locales[locale]
            let id = random.next() % 4 == 0 ? random.pick(ids) : tips[slot].id
            let subject = random.pick(Self.texts.filter { !$0.isEmpty })
            let now = Int64(random.next() % 4_000_000_000_000) - 1_000_000_000_000
            let direct = templates.withStatusJSONText(slot: slot, id: id, decision, subject: subject, now: now) { bytes, _ in String(decoding: bytes, as: UTF8.self) }
            let general = OperationReport(.tipStatus(id), .tip(decision)).generalJSONText(subject: subject, now: now)
            #expect(direct == general)
            if direct != general { return }
        }
    }

    @Test("a tip's slot is found by its id's exact bytes, and by nothing else")
    func slotsByIDBytes() {
        var random = SplitMix64(seed: 0x5107)
        var ids = (0..<300).map { "tip-\($0)" } + ["é", "a", "ab", String(repeating: "long-id-", count: 20)]
        ids.append(contentsOf: Self.texts.filter { !$0.isEmpty && !ids.contains($0) })
        let tips = ids.map { id in
            var tip = Self.decision(&random).content
            tip.id = id
            return tip
        }
        let templates = TipAnswerTemplates(content: LocalizedContent(Configuration(tips: Declarations(tips))))
        func slot(_ id: String) -> Int? {
            var id = id
            return id.withUTF8 { templates.slot(ofID: UnsafeRawBufferPointer($0)) }
        }
        for (index, id) in ids.enumerated() { #expect(slot(id) == index, "\(id)") }
        for other in ["", "tip-", "tip-300", "tip-1 ", "e\u{301}", "A", "abc", "b", String(repeating: "long-id-", count: 19)] {
            #expect(slot(other) == nil, "\(other)")
        }
        #expect(TipAnswerTemplates(content: LocalizedContent(Configuration())).slot(ofID: UnsafeRawBufferPointer(start: nil, count: 0)) == nil)
    }

    @Test("instants are written as TimestampSyntax formats them, inside and outside the four-digit years written directly")
    func timestamps() {
        var random = SplitMix64(seed: 0x71AE)
        let range = ByteOutput.fourDigitYearInstants
        var instants: [Int64] = [0, -1, 1, 999, 1000, -1000, -1001, 86_399_999, 951_782_400_000, 4_107_542_400_000,
                                 range.lowerBound, range.lowerBound - 1, range.lowerBound + 1, range.upperBound, range.upperBound + 1,
                                 -62_167_219_200_000, -62_167_219_200_001, 1_000_000_000_000_000, -1_000_000_000_000_000]
        for _ in 0..<20000 { instants.append(Int64(bitPattern: random.next() % 700_000_000_000_000) - 350_000_000_000_000) }
        for _ in 0..<5000 { instants.append(Int64(random.next() % 10_000_000_000_000)) }
        // Each again and a millisecond later: the second's text is then copied from the thread's recent ones.
        for instant in instants.flatMap({ [$0, $0, $0 + 1] }) {
            let written = JSONValue.timestamp(instant).text
            #expect(written == "\"" + TimestampSyntax.format(instant) + "\"", "instant \(instant)")
            if written != "\"" + TimestampSyntax.format(instant) + "\"" { return }
        }
    }

    // MARK: Cases

    /// `text` with translations into some of a few locales, or as it is.
    static func translated(_ text: ContentText, _ random: inout SplitMix64) -> ContentText {
        let locales = ["de", "fr-CA", "zh-Hant"].filter { _ in random.next() % 2 == 0 }
        guard !locales.isEmpty else { return text }
        return ContentText(variants: [ContentText.Variant(locale: "en", text: text.text)]
            + locales.map { ContentText.Variant(locale: $0, text: random.pick(texts)) })
    }

    static func report(_ random: inout SplitMix64) -> OperationReport {
        let id = random.pick(texts.filter { !$0.isEmpty })
        let decision = decision(&random)
        var report: OperationReport
        switch random.next() % 5 {
        case 0: report = OperationReport(.tipStatus(id), .tip(decision))
        case 1: report = OperationReport(.tipDisplay(id), .tipDisplayed(decision))
        case 2: report = OperationReport(.tipShown(id, duration: Int64(random.next() % 10_000_000)), .tipShown(decision))
        case 3: report = OperationReport(.tipInvalidate(id, reason: random.pick(InvalidationReason.allCases)), .tip(decision))
        default: report = OperationReport(.tipReset(id), .tip(decision))
        }
        if random.next() % 3 == 0 { report.changes = changes(&random) }
        return report
    }

    static func decision(_ random: inout SplitMix64, title: String? = nil) -> TipDecision {
        let actions = (0..<Int(random.next() % 4)).map { _ in TipAction(id: random.pick(texts), title: ContentText(random.pick(texts))) }
        let content = TipDeclaration(id: "tip", title: ContentText(title ?? random.pick(texts)),
                                     message: random.next() % 2 == 0 ? ContentText(random.pick(texts)) : nil,
                                     image: random.next() % 2 == 0 ? random.pick(texts) : nil, actions: actions, span: span(&random))
        let record = TipRecord(displayCount: Int64(random.next() % 20) - 1, displayDuration: Int64(random.next() % 1_000_000),
                               invalidation: random.next() % 2 == 0 ? random.pick(InvalidationReason.allCases) : nil)
        return TipDecision(tip: "tip", status: random.pick(TipStatus.allCases), reason: reason(&random), changed: random.next() % 2 == 0,
                           record: record, declaration: content, locale: random.pick(["en", "de", "fr-CA", "a \"quoted\" locale"]),
                           revisitAt: random.next() % 2 == 0 ? Int64(random.next() % 4_000_000_000_000) : nil)
    }

    static func reason(_ random: inout SplitMix64) -> TipReason {
        switch random.next() % 9 {
        case 0: .allChecksPassed
        case 1: .shownByTesting(random.pick(texts))
        case 2: .hiddenByTesting(random.pick(texts))
        case 3: .invalidated(random.pick(InvalidationReason.allCases))
        case 4: .ruleNotSatisfied(index: Int(random.next() % 12), text: random.pick(texts), span: span(&random))
        case 5: .ruleFailed(index: Int(random.next() % 12), text: random.pick(texts), span: span(&random), message: random.pick(texts))
        case 6: .displayFrequency(remaining: Int64(random.next() % 100_000_000))
        case 7: .withheldByGroup(random.pick(texts))
        default: .dependsOnItself
        }
    }

    static func span(_ random: inout SplitMix64) -> SourceSpan {
        let start = SourcePosition(line: Int(random.next() % 100_000) + 1, column: 1)
        return SourceSpan(file: random.pick(texts), start: start, end: start)
    }

    static func changes(_ random: inout SplitMix64) -> SubjectChanges {
        let answer = { (random: inout SplitMix64) in TipAnswer(status: random.pick(TipStatus.allCases), reason: reason(&random)) }
        var changes = SubjectChanges()
        for _ in 0..<Int(random.next() % 3) {
            changes.tips.append(AnswerChange(id: random.pick(texts), before: answer(&random), after: answer(&random)))
        }
        if random.next() % 2 == 0 {
            changes.groups.append(AnswerChange(id: "g", before: GroupAnswer(current: nil), after: GroupAnswer(current: random.pick(texts))))
        }
        if random.next() % 2 == 0 {
            changes.scenarios.append(AnswerChange(id: "s", before: ScenarioAnswer(wouldRun: false), after: ScenarioAnswer(wouldRun: true)))
        }
        return changes
    }
}
