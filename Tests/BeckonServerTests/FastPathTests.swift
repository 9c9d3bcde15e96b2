import BeckonRuntime
@testable import BeckonServer
import BeckonTestSupport
import Foundation
import NIOHTTP1
import Testing

/// Tip status is answered on the event loop where the request was read, by the router's fast
/// path, or by the general path (`BeckonServer.TipStatusPath`); all three answer the same,
/// byte for byte: three servers over one runtime (one store, one configuration, one fixed wall
/// clock), one for each path, asked the same random requests (some with the `If-None-Match`
/// of an earlier answer) between random writes.
@Suite("beckon serve: the tip status fast path")
struct FastPathTests {
    /// The wall clock of the servers, for requests without `now`: 2026-03-04T05:06:07.089Z.
    static let wallClock: Int64 = 1_772_600_767_089

    /// `ServedBeckon`'s configuration with its tips' texts in several languages, so that the
    /// random `locale` and `Accept-Language` of the requests choose among them.
    static let configuration: String = {
        let localized = ServedBeckon.configuration
            .replacingOccurrences(of: "title: Welcome to Landmarks", with: "title: {en: Welcome to Landmarks, de: Willkommen, de-CH: Grüezi, fr: Bienvenue}")
            .replacingOccurrences(of: "title: Save as favorite", with: "title: {en: Save as favorite, fr-CA: Garder en favori, zh-Hant: 收藏}")
        precondition(localized.contains("Grüezi") && localized.contains("收藏"), "ServedBeckon's tips were renamed")
        return localized
    }()

    @Test(arguments: [UInt64(1), 2, 3, 0xBEC4_0016])
    func answersWhatTheGeneralPathAnswers(seed: UInt64) async throws {
        let folder = try ServedBeckon.folder(Self.configuration)
        let runtime = try ReloadableRuntime(configPath: folder.appendingPathComponent("beckon.yaml").path)
        let servers = BeckonServer.TipStatusPath.allCases.map { path in
            var server = BeckonServer(runtime: runtime) { Self.wallClock }
            server.tipStatusPath = path
            return server
        }

        try await ServedBeckon.runAll(servers) { clients in
            var random = SplitMix64(seed: seed)
            // The languages asked for are drawn from a generator of their own, so that the rest of
            // each run's requests stay those the seed always gave.
            var languages = SplitMix64(seed: seed ^ 0x10CA_1E)
            var compared = 0, positive = 0, problems = 0, notModified = 0, localized = 0
            var tags: [String: String] = [:]  // by resource (a path without its query) and languages asked for
            for _ in 0..<150 {
                let subject = random.pick(Self.subjects)
                // A write now and then, so that counts, displays and events vary between subjects.
                if random.next() % 4 == 0 {
                    let write = random.pick(Self.writes)
                    _ = try await clients[0].post("/v1/subjects/\(subject)\(write)?now=\(Self.instant(&random))")
                    continue
                }
                let resource = "/v1/subjects/\(subject)/tips/\(random.pick(Self.tips))"
                let path = resource + Self.query(&random, languages: &languages)
                let acceptLanguage = languages.next() % 8 == 0 ? languages.pick(Self.acceptLanguages) : nil
                // The tag of the previous answer of the resource in the same languages (what its
                // `Vary` says a cache keys it by): a 304 when nothing but `now` changed.
                let localeMember = path.split(separator: "?").dropFirst().first?.split(separator: "&").first { $0.hasPrefix("locale=") }
                let key = resource + "|" + (localeMember.map(String.init) ?? "") + "|" + (acceptLanguage ?? "")
                var condition = random.next() % 2 == 0 ? tags[key].map { [("If-None-Match", $0)] } ?? [] : []
                if let acceptLanguage { condition.append(("Accept-Language", acceptLanguage)) }
                var answers: [ServedBeckon.Client.Answer] = []
                for client in clients { answers.append(try await client.send(.GET, path, body: nil, headers: condition)) }
                for (answer, server) in zip(answers.dropLast(), servers) {
                    #expect(answer.status == answers.last!.status, "\(server.tipStatusPath) \(path)")
                    #expect(Self.headers(answer) == Self.headers(answers.last!), "\(server.tipStatusPath) \(path)")
                    #expect(answer.body == answers.last!.body, "\(server.tipStatusPath) \(path)")
                }
                tags[key] = answers[0].headers["ETag"].first
                compared += 1
                if answers[0].object["status"] as? String == "available" { positive += 1 }
                if let locale = answers[0].object["locale"] as? String, locale != "en" { localized += 1 }
                if answers[0].status == 304 { notModified += 1 } else if answers[0].status != 200 { problems += 1 }
            }
            // The random requests reach answers (some in another language than the default), 304s and problems.
            #expect(compared > 80 && positive > 0 && problems > 0 && notModified > 0 && compared - problems > positive && localized > 0,
                    "compared \(compared), available \(positive), problems \(problems), not modified \(notModified), localized \(localized)")
        }
    }

    /// An answer's headers but `Date` (the second it was written), by name, in order.
    static func headers(_ answer: ServedBeckon.Client.Answer) -> [String] {
        answer.headers.filter { $0.name.lowercased() != "date" }.map { "\($0.name.lowercased()): \($0.value)" }
    }

    /// Subjects as a path holds them: plain, percent-encoded (a space, UTF-8, a slash), not UTF-8,
    /// and one of 1,000 bytes (whatever limit the server sets on a subject's length, both paths
    /// must apply it).
    static let subjects = ["ada", "bob", "carol", "ada%20lovelace", "%C3%A9lodie", "team%2F7", "bad%FF",
                           String(repeating: "long", count: 250)]
    /// Tips: declared, declared but percent-encoded, undeclared (with a suggestion), not UTF-8.
    static let tips = ["welcome", "welcome", "favorite-landmark", "favorite-landmark", "welc%6Fme", "favorite-landmarc", "%FF"]
    /// Writes that change what a tip status answers.
    static let writes = ["/events/landmarkViewed/donate", "/events/landmarkViewed/donate", "/tips/welcome/display",
                         "/tips/favorite-landmark/display", "/tips/welcome/reset"]

    /// `Accept-Language` headers: a tag, a list with q-values, one with no usable range (ignored).
    static let acceptLanguages = ["de-CH", "fr-CA, de;q=0.5", "zh-Hant-TW", "*", "de;q=0, ;;"]

    /// An instant in March 2026, as ISO 8601 (in UTC or with an offset) or Unix milliseconds.
    static func instant(_ random: inout SplitMix64) -> String {
        let milliseconds = 1_772_323_200_000 + Int64(random.next() % (20 * 86_400_000))
        let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        switch random.next() % 3 {
        case 0: return String(milliseconds)
        case 1:
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return formatter.string(from: date)
        default:
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = TimeZone(secondsFromGMT: 2 * 3600)
            return formatter.string(from: date).replacingOccurrences(of: "+", with: "%2B")
        }
    }

    /// A query of random members, each present or not, now and then wrong, repeated, unknown or empty;
    /// its `locale`, if any, drawn from `languages`.
    static func query(_ random: inout SplitMix64, languages: inout SplitMix64) -> String {
        var members: [String] = []
        switch random.next() % 8 {
        case 0: break  // the wall clock
        case 1: members.append("now=yesterday")
        default: members.append("now=\(instant(&random))")
        }
        switch random.next() % 10 {
        case 0: members.append("appVersion=2.4.0")
        case 1: members.append("appVersion=2..4")
        default: break
        }
        switch random.next() % 8 {
        case 0, 1, 2: members.append("transient=screenBrightness=\(Double(random.next() % 1000) / 1000)")
        case 3: members.append("transient=screenBrightness=null")
        case 4: members.append("transient=screenBrightness=bright")
        case 5: members.append(random.pick(["transient=volume=1", "transient=plan=pro", "transient=screenBrightness"]))
        default: break
        }
        switch random.next() % 12 {
        case 0: members.append("showTip=\(random.pick(tips))")
        case 1: members.append("hideTip=\(random.pick(tips))")
        case 2: members.append("showAllTips=\(random.pick(["true", "false", ""]))")
        case 3: members.append("hideAllTips=\(random.pick(["true", "false", "maybe"]))")
        case 4: members.append(random.pick(["now=1772323200000", "colour=red", "changes=true", "tip=welcome"]))
        case 5: members.append("")  // an empty member, passed over
        default: break
        }
        members.shuffle(using: &random)
        switch languages.next() % 20 {
        case 0, 1: members.insert("locale=" + languages.pick(["de-CH", "fr", "de-CH,%20fr;q=0.8", "zh-Hant-TW"]),
                                  at: Int(languages.next() % UInt64(members.count + 1)))
        case 2: members.append(languages.pick(["locale=C.UTF-8", "locale="]))
        default: break
        }
        return members.isEmpty ? "" : "?" + members.joined(separator: "&")
    }
}
