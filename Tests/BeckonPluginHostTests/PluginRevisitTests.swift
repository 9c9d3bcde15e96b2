import BeckonDiagnostics
@testable import BeckonPluginHost
import BeckonRules
import Testing

/// `revisitAt` through plugin conditions (issue 13): a condition says until when its answer
/// holds with the ABI 1.1 host service `eval_holds_until`; one that reads `eval_now` without
/// saying makes the rule changeable at the next millisecond; a PURE one that reads nothing in
/// time depends on its arguments only. And the calendar plugin says the next local hour or
/// midnight, or DST transition, in its zone.
@Suite("plugin revisitAt")
struct PluginRevisitTests {
    static let now: Int64 = 1_800_000_000_000

    /// A rule on the clock fixture (now = 1800000000000) and its `revisitAt` as an offset from
    /// now (nil: none).
    static let clockCases: [(rule: String, after: Int64?)] = [
        ("clock.before(1800000300000)", 5 * 60_000),
        ("clock.before(1799999700000)", nil),
        ("clock.beforeSilently(1800000300000)", 1),
        ("clock.positive(3)", nil),
        ("clock.positive(params.x)", nil),
        // The earliest of what the parts say.
        ("clock.before(1800000300000) && clock.before(1800000120000)", 2 * 60_000),
    ]

    @Test(arguments: clockCases)
    func clockConditions(_ text: String, _ after: Int64?) throws {
        let path = try PluginRuleHarness.build("clock")
        let (host, diagnostics) = PluginHost.load([PluginRuleHarness.declaration(path)])
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        let compilation = PluginRuleHarness.compile(text, host)
        let rule = try #require(compilation.rule, "\(compilation.diagnostics.map(\.message))")
        var revisitAt = Int64.max
        _ = rule.evaluate(in: LoadingTestContext(subject: "ada", now: Self.now, parameters: [.int(1), .null]), revisitAt: &revisitAt)
        #expect((revisitAt == .max ? nil : revisitAt - Self.now) == after)
    }

    struct CalendarCase: Sendable, CustomTestStringConvertible {
        var zone: String
        var rule: String
        var at: String
        var revisitAt: String
        var testDescription: String { "\(rule) in \(zone) at \(at) holds until \(revisitAt)" }
    }

    static let calendarCases: [CalendarCase] = [
        .init(zone: "UTC", rule: "calendar.hour() == 1", at: "2026-03-29T01:20:00Z", revisitAt: "2026-03-29T02:00:00Z"),
        .init(zone: "UTC", rule: "calendar.weekday() == 7", at: "2026-03-29T01:20:00Z", revisitAt: "2026-03-30T00:00:00Z"),
        .init(zone: "+05:30", rule: "calendar.hourBetween(9, 17)", at: "2026-06-30T18:29:59Z", revisitAt: "2026-06-30T18:30:00Z"),
        .init(zone: "+05:30", rule: "calendar.localDate() == \"2026-06-30\"", at: "2026-06-30T10:00:00Z", revisitAt: "2026-06-30T18:30:00Z"),
        // Berlin springs forward at 01:00Z on 2026-03-29 (02:00 CET becomes 03:00 CEST) and
        // falls back at 01:00Z on 2026-10-25: the answer is asked again at the transition.
        .init(zone: "Europe/Berlin", rule: "calendar.hour() == 1", at: "2026-03-29T00:30:00Z", revisitAt: "2026-03-29T01:00:00Z"),
        .init(zone: "Europe/Berlin", rule: "calendar.isWeekend()", at: "2026-03-28T23:30:00Z", revisitAt: "2026-03-29T01:00:00Z"),
        .init(zone: "Europe/Berlin", rule: "calendar.hour() == 3", at: "2026-03-29T01:00:00Z", revisitAt: "2026-03-29T02:00:00Z"),
        .init(zone: "Europe/Berlin", rule: "calendar.hour() == 2", at: "2026-10-25T00:30:00Z", revisitAt: "2026-10-25T01:00:00Z"),
        .init(zone: "Europe/Berlin", rule: "calendar.hour() == 2", at: "2026-10-25T01:30:00Z", revisitAt: "2026-10-25T02:00:00Z"),
    ]

    @Test(.enabled(if: CalendarPluginTests.hasZoneDatabase, "no /usr/share/zoneinfo"), arguments: calendarCases)
    func calendarConditions(_ example: CalendarCase) throws {
        let host = try CalendarPluginTests.host(CalendarPluginTests.config(timeZone: example.zone))
        let rule = try CalendarPluginTests.rule(example.rule, host)
        let at = CalendarPluginTests.instant(example.at), expected = CalendarPluginTests.instant(example.revisitAt)
        var revisitAt = Int64.max
        let outcome = rule.evaluate(in: CalendarContext(now: at, parameters: [:]), revisitAt: &revisitAt)
        #expect(revisitAt == expected)
        // Never late: the answer just before is the same.
        #expect(rule.evaluate(in: CalendarContext(now: expected - 1, parameters: [:])) == outcome)
    }
}
