import BeckonConfig
import BeckonCore
import BeckonRules
import Testing

@Test func engineSmoke() throws {
    let loaded = try ConfigurationLoader().load(yaml: """
        version: 1
        app: {version: 1.1.1}
        display: {frequency: daily}
        parameters: {isLoggedIn: {type: bool, default: false}}
        events: {viewed: {info: {kind: string}}}
        tips:
          a: {title: A, rules: [params.isLoggedIn, "events.viewed.within(7d).count >= 2"], maxDisplayCount: 2}
          b: {title: B}
        scenarios:
          review: {minEventsRequired: 2, maxExecutionsPermitted: 1}
        whatsNew:
          entries: [{version: 1.0.0, title: one}, {version: 1.1.0, title: two}]
        """, path: "smoke.yaml")
    let engine = Engine(configuration: loaded.configuration, rules: loaded.rules, store: MemoryStore())
    var request = DecisionRequest(now: 1_000_000_000)
    print(try engine.explainTip("a", request).rendered())
    try engine.setParameter("isLoggedIn", to: .bool(true), request)
    _ = try engine.donate("viewed", info: ["kind": .string("x")], request)
    _ = try engine.donate("viewed", request)
    print(try engine.explainTip("a", request).rendered())
    let shown = try engine.displayTip("a", request)
    print(shown.status, shown.reason, shown.changed)
    print(try engine.tipStatus("b", request).reason)
    request.now += 86_400_000
    print(try engine.tipStatus("b", request).reason)
    _ = try engine.triggerScenario("review", request)
    print(try engine.tryScenario("review", request).rendered())
    _ = try engine.triggerScenario("review", request)
    print(try engine.tryScenario("review", request).rendered())
    print(try engine.tryScenario("review", request).rendered())
    let next = try engine.whatsNewPresent(request)
    print(next.entries.map(\.version), next.reason ?? "")
    print(try engine.whatsNewNext(request).reason ?? "")
}
