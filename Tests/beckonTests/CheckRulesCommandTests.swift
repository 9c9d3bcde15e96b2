import BeckonTestSupport
import Foundation
import Testing

/// `beckon check` type-checks every rule and points at the offending token inside the YAML,
/// whatever the scalar style the rule is written in.
@Suite("beckon check: rules")
struct CheckRulesCommandTests {
    static let configuration = #"""
        version: 1
        parameters:
          plan: {type: string, default: free}
        events:
          viewed: {info: {kind: string}, retention: {maxAge: 30d}}
        tips:
          a:
            title: A
            rules:
              - params.plan == 3
              - "params.plan == \"x\" && evnts.viewed.count > 1"
              - 'params.plan == ''free'' && params.plna'
              - >-
                events.viewed
                  .where(info.knd == "x")
                  .count >= 2
              - |
                events.viewed.count > 1 &&
                  events.viewed.within(60d).count > 0
        scenarios:
          s: {conditions: [events.viewed.count >= 1 &&, "1 == 1"]}

        """#

    @Test func everyRuleErrorIsShownAtItsTruePosition() throws {
        let folder = try BeckonProcess.folder(configuration: Self.configuration)
        let result = try BeckonProcess.run(["check"], in: folder)
        #expect(result.status == 65)
        #expect(result.standardError == #"""
            beckon.yaml:10:9: error: cannot compare string with int in 'params.plan == 3' [rule.type]
               10 |       - params.plan == 3
                  |         ^~~~~~~~~~~~~~~~
            beckon.yaml:11:34: error: unknown name 'evnts'; did you mean 'events'? [rule.unknownName]
               11 |       - "params.plan == \"x\" && evnts.viewed.count > 1"
                  |                                  ^~~~~
            beckon.yaml:12:44: error: unknown parameter 'plna'; did you mean 'plan'? [rule.unknownName]
               12 |       - 'params.plan == ''free'' && params.plna'
                  |                                            ^~~~
            beckon.yaml:15:23: error: unknown info field 'knd'; did you mean 'kind'? [rule.unknownName]
               15 |           .where(info.knd == "x")
                  |                       ^~~
            beckon.yaml:19:32: error: the window 60d is longer than this event's retention maxAge of 30d, so it could never be answered truthfully [rule.windowExceedsRetention]
               19 |           events.viewed.within(60d).count > 0
                  |                                ^~~
            beckon.yaml:21:47: error: expected a value, a name or '(', found the end of the rule [rule.syntax]
               21 |   s: {conditions: [events.viewed.count >= 1 &&, "1 == 1"]}
                  |                                               ^
            beckon.yaml:21:50: warning: this rule is always true; it does not depend on anything [rule.constant]
               21 |   s: {conditions: [events.viewed.count >= 1 &&, "1 == 1"]}
                  |                                                  ^~~~~~
            beckon: error: beckon.yaml is not valid: 6 errors, 1 warning

            """#)
    }

    @Test func warningsAloneKeepTheConfigurationValid() throws {
        let folder = try BeckonProcess.folder(configuration: """
            version: 1
            events: {opened: {}}
            tips:
              a: {title: A, rules: ["events.opened.count < 0 || true"]}

            """)
        let result = try BeckonProcess.run(["check", "--json"], in: folder)
        #expect(result.status == 0)
        let diagnostics = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]]
        #expect(diagnostics?.compactMap { $0["code"] as? String } == ["rule.neverHolds"])
        #expect(diagnostics?.first?["severity"] as? String == "warning")
        #expect(diagnostics?.first?["column"] as? Int == 26)
    }
}
