import BeckonTestSupport
import Foundation
import Testing

/// The request's `locale` (ABI 1.4) from a C host built with plain `cc` (Fixtures/locale_host.c):
/// a request of an earlier size is answered in the default locale whatever its bytes after it
/// say, an empty locale too, and one with no language range is refused. Which locale each
/// request chooses is `LocaleAcrossHostsTests`' (Tests/BeckonTests), where the C host is one row.
@Suite("libbeckon.so 1.4: the request's locale")
struct LocaleHostTests {
    /// `locale_host`, compiled once for the suite's tests (which run at once).
    static let host = Result { try EmbeddingLibrary.compileHost(Repository.path("Tests/BeckonCTests/Fixtures/locale_host.c"), named: "locale_host") }

    /// The answers of `locale_host` on `LocalizedConfiguration` for the tip `welcome`, one line per locale.
    static func answers(_ locales: [String]) throws -> [String] {
        let host = try Self.host.get()
        let folder = try LocalizedConfiguration.folder()
        let (status, output, error) = try ProcessRunner.run(
            host, [folder.appendingPathComponent("beckon.yaml").path, "welcome", String(LocalizedConfiguration.now)] + locales)
        try #require(status == 0, "locale_host: \(error)")
        return output.split(separator: "\n").map(String.init)
    }

    /// `locale` and `title` of a JSON answer.
    static func chosen(_ line: String) -> [String?] {
        let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        return [object?["locale"] as? String, object?["title"] as? String]
    }

    @Test func aRequestOfAnEarlierSizeOrAnEmptyLocaleIsInTheDefaultLocale() throws {
        // The second "de" is found by its bytes (the library keeps the first locales it was sent).
        let lines = try Self.answers(["-", "", "de", "fr", "de", "-"])
        try #require(lines.count == 6, "\(lines)")
        #expect(Self.chosen(lines[0]) == ["en", "Welcome"], "a 1.3 request: \(lines[0])")
        #expect(Self.chosen(lines[1]) == ["en", "Welcome"], "an empty locale: \(lines[1])")
        #expect(Self.chosen(lines[2]) == ["de", "Willkommen"], "\(lines[2])")
        #expect(Self.chosen(lines[3]) == ["fr", "Bienvenue"], "\(lines[3])")
        #expect(Self.chosen(lines[4]) == ["de", "Willkommen"], "\(lines[4])")
        #expect(Self.chosen(lines[5]) == ["en", "Welcome"], "\(lines[5])")
    }

    @Test func aLocaleWithNoLanguageRangeIsAnInvalidArgument() throws {
        let lines = try Self.answers(["C.UTF-8", "de;q=0", " , "])
        #expect(lines == [
            "error 1 request.locale: 'C.UTF-8' is not a language tag, an Accept-Language list or a POSIX locale name (such as de-CH; de-CH, fr;q=0.8; or de_CH.UTF-8)",
            "error 1 request.locale: 'de;q=0' is not a language tag, an Accept-Language list or a POSIX locale name (such as de-CH; de-CH, fr;q=0.8; or de_CH.UTF-8)",
            "error 1 request.locale: ' , ' is not a language tag, an Accept-Language list or a POSIX locale name (such as de-CH; de-CH, fr;q=0.8; or de_CH.UTF-8)",
        ])
    }
}
