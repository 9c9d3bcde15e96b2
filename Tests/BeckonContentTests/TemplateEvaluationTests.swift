import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import BeckonRules
import Testing

/// Templates through a real configuration and a real engine: the arguments are evaluated in the
/// decision's scope (the same record and instant as the rules, transients included).
struct TemplateEvaluationTests {
    static let yaml = """
        version: 1
        parameters:
          name: {type: string, default: friend}
          tier: {type: string, default: basic}
          brightness: {type: double, default: 1.0, transient: true}
        events:
          landmarkViewed: {}
        tips:
          saved:
            title: "{events.landmarkViewed.count, plural, one {# landmark} other {# landmarks}} for {params.name}"
            message: "{params.tier, select, gold {Gold} other {Basic}} at {params.brightness, number, percent}"
            actions: [{id: ok, title: "Plain"}]
          plain:
            title: Hello
          weekly:
            title: "{events.landmarkViewed.within(7d).count, plural, one {# this week} other {# this week}}"
        """

    static func engine() throws -> (Engine, MemoryStore) {
        let loaded = try ConfigurationLoader().load(yaml: yaml, path: "t.yaml")
        let store = MemoryStore()
        return (Engine(configuration: loaded.configuration, rules: loaded.rules, store: store), store)
    }

    @Test func argumentsAreTheDecisionsView() throws {
        let (engine, _) = try Self.engine()
        let now: Int64 = 1_767_225_600_000
        var request = DecisionRequest(subject: "u", now: now)
        for _ in 0..<3 { _ = try engine.donate("landmarkViewed", request) }
        try engine.setParameter("name", to: .string("Ada"), request)
        request.transientParameters = ["brightness": .double(0.5)]
        let decision = try engine.tipStatus("saved", request)
        let values = try #require(decision.templateValues)
        #expect(values.text(TipTemplates.title) == "3 landmarks for Ada")
        #expect(values.text(TipTemplates.message) == "Basic at 50%")
        #expect(values.text(TipTemplates.action(0)) == nil)
        // Every way to ask gives the same values; a plain tip carries none.
        #expect(try engine.tipStatuses(slots: [engine.tipSlot(of: "saved")], request)[0].templateValues?
            .text(TipTemplates.title) == "3 landmarks for Ada")
        #expect(try engine.allTipStatuses(request).map { $0.templateValues == nil } == [false, true, false])
        #expect(try engine.tipStatus("plain", request).templateValues == nil)
        // Parameters and event counts are read by the fast path; any other argument (a window)
        // leaves its tip to the general path, with the same values.
        #expect(engine.decidesByFastPath(tip: "saved"))
        #expect(!engine.decidesByFastPath(tip: "weekly"))
        #expect(try engine.tipStatus("weekly", request).content.title.text == "3 this week")
        for tip in ["saved", "weekly"] {
            #expect(try engine.tipStatus(tip, request).content == engine.allTipStatuses(request).first { $0.tip == tip }?.content)
        }
    }
}
