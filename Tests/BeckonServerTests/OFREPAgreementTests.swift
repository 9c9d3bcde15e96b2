import BeckonServer
import BeckonTestSupport
import Foundation
import Testing

/// OFREP and `/v1` agree: over random subjects and histories written through `/v1` (donations,
/// displays, invalidations, parameters, scenario tries, what's new presented), each flag's OFREP
/// evaluation (value, variant, metadata) is the `/v1` answer of the same read at the same instant
/// with the same transient parameter, and a bulk evaluation holds exactly the single ones.
@Suite("beckon serve: OFREP agrees with /v1")
struct OFREPAgreementTests {
    static let writes = [
        "/events/landmarkViewed/donate", "/events/appLaunched/donate", "/tips/welcome/display", "/tips/favorite-landmark/display",
        "/tips/welcome/invalidate?reason=tipClosed", "/scenarios/ask-for-review/try", "/scenarios/ask-for-review/trigger",
        "/scenarios/offer-subscription/try", "/whatsnew/present",
    ]

    /// The served configuration, its welcome tip with an image and actions whose titles need
    /// escaping (OFREP carries the actions as JSON text), the other's message and an action's
    /// title templates filled in from the subject's history.
    static let configuration = ServedBeckon.configuration.replacingOccurrences(of: """
            message: Browse famous places near you.
        """, with: """
            message: Browse famous places near you.
            image: hand.wave
            actions: [{id: tour, title: 'Take the "tour" \\ now'}, {id: later, title: Later}]
        """).replacingOccurrences(of: """
            message: Tap the star to keep this landmark.
        """, with: """
            message: "{events.landmarkViewed.count, plural, one {# view} other {# views}}: tap the star to keep this landmark."
            actions: [{id: save, title: "Save ({params.plan})"}]
        """)

    @Test(arguments: [0x0F1E_2D3C as UInt64, 0xBEC0_0025])
    func ofrepAndV1Agree(seed: UInt64) async throws {
        #expect(Self.configuration.contains("image: hand.wave") && Self.configuration.contains("# views"))
        let folder = try ServedBeckon.folder(Self.configuration)
        try await ServedBeckon.withServer(folder) { client in
            var random = SplitMix64(seed: seed)
            var compared = 0
            for round in 0..<12 {
                let subject = "s\(seed % 1000)-\(round)"
                var minute = 0
                func instant(_ random: inout SplitMix64) -> String {
                    minute += Int(random.next() % 600)
                    let date = Date(timeIntervalSince1970: 1_772_355_600 + Double(minute * 60))
                    return ISO8601DateFormatter().string(from: date)
                }
                for _ in 0..<Int(random.next() % 8) {
                    let write = random.pick(Self.writes)
                    let separator = write.contains("?") ? "&" : "?"
                    _ = try await client.post("/v1/subjects/\(subject)\(write)\(separator)now=\(instant(&random))")
                }
                if random.next() % 2 == 0 {
                    _ = try await client.send("PUT", "/v1/subjects/\(subject)/parameters/plan?value=\(random.pick(["free", "pro"]))&now=\(instant(&random))")
                }
                let now = instant(&random)
                let brightness: Double? = random.pick([nil, 0.2, 0.7])
                let appVersion: String? = random.pick([nil, "2.3.0", "2.4.0"])
                var query = "now=\(now)" + (brightness.map { "&transient=screenBrightness=\($0)" } ?? "")
                query += appVersion.map { "&appVersion=\($0)" } ?? ""
                var attributes = #""targetingKey": "\#(subject)", "now": "\#(now)""#
                attributes += brightness.map { #", "screenBrightness": \#($0)"# } ?? ""
                attributes += appVersion.map { #", "appVersion": "\#($0)""# } ?? ""
                let body = #"{"context": {\#(attributes), "email": "x@example.com"}}"#

                var singles: [[String: Any]] = []
                for (key, path) in [("tips.welcome", "/tips/welcome"), ("tips.favorite-landmark", "/tips/favorite-landmark"),
                                    ("groups.onboarding", "/groups/onboarding"), ("scenarios.ask-for-review", "/scenarios/ask-for-review"),
                                    ("scenarios.offer-subscription", "/scenarios/offer-subscription"), ("whatsNew", "")] {
                    let ofrep = try await client.post("/ofrep/v1/evaluate/flags/\(key)", body: body)
                    let v1 = try await client.get("/v1/subjects/\(subject)\(path)?\(query)")
                    #expect(ofrep.status == 200 && v1.status == 200, "\(key): \(ofrep.body) \(v1.body)")
                    Self.expectAgreement(key, ofrep.object, v1.object)
                    singles.append(ofrep.object)
                    compared += 1
                }
                let bulk = try await client.post("/ofrep/v1/evaluate/flags", body: body)
                let flags = try #require(bulk.object["flags"] as? [[String: Any]])
                #expect(flags.map { NSDictionary(dictionary: $0) } == singles.map { NSDictionary(dictionary: $0) }, "\(bulk.body)")
            }
            #expect(compared == 72)
        }
    }

    /// One flag's OFREP evaluation against its `/v1` answer (for `whatsNew`, the overview's).
    static func expectAgreement(_ key: String, _ ofrep: [String: Any], _ v1: [String: Any]) {
        let metadata = ofrep["metadata"] as? [String: Any] ?? [:]
        let value = ofrep["value"], variant = ofrep["variant"] as? String
        func same(_ name: String, _ member: String? = nil) {
            let expected = v1[member ?? name].flatMap { $0 is NSNull ? nil : $0 }
            #expect(metadata[name].map { "\($0)" } == expected.map { "\($0)" }, "\(key) \(name): \(ofrep) \(v1)")
        }
        switch key {
        case _ where key.hasPrefix("tips."):
            #expect(value as? Bool == (v1["status"] as? String == "available") && variant == v1["status"] as? String, "\(key): \(ofrep) \(v1)")
            #expect(ofrep["reason"] as? String == (v1["status"] as? String == "invalidated" ? "DISABLED" : "TARGETING_MATCH"))
            for name in ["reasonCode", "reason", "revisitAt", "title", "message", "image", "locale"] { same(name) }
            let actions = (metadata["actions"] as? String).map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) }
            #expect(actions.map { NSArray(array: $0 as? [Any] ?? []) } == (v1["actions"] as? [Any]).map { NSArray(array: $0) },
                    "\(key) actions: \(ofrep) \(v1)")
        case _ where key.hasPrefix("groups."):
            let current = v1["current"] as? String
            #expect(value as? String == (current ?? "") && variant == (current ?? "none"), "\(key): \(ofrep) \(v1)")
            for name in ["priority", "revisitAt", "title", "message", "image"] { same(name) }
        case _ where key.hasPrefix("scenarios."):
            let wouldRun = v1["wouldRun"] as? Bool
            #expect(value as? Bool == wouldRun && variant == (wouldRun == true ? "run" : "wait"), "\(key): \(ofrep) \(v1)")
            for name in ["events", "executions", "revisitAt"] { same(name) }
        default:
            let whatsNew = v1["whatsNew"] as? [String: Any] ?? [:]
            #expect(NSDictionary(dictionary: value as? [String: Any] ?? [:]) == NSDictionary(dictionary: whatsNew), "\(key): \(ofrep) \(v1)")
            #expect(variant == ((whatsNew["entries"] as? [Any])?.isEmpty == false ? "show" : "none"))
        }
    }
}
