import BeckonRules
import Testing

@Suite("Version")
struct VersionTests {
    static let valid: [(text: String, major: Int, minor: Int, patch: Int)] = [
        ("1", 1, 0, 0),
        ("1.2", 1, 2, 0),
        ("1.2.3", 1, 2, 3),
        ("0.0.0", 0, 0, 0),
        ("0", 0, 0, 0),
        ("10.20.30", 10, 20, 30),
        ("999999999.0.1", 999_999_999, 0, 1),
    ]

    @Test(arguments: valid)
    func parses(text: String, major: Int, minor: Int, patch: Int) throws {
        let version = try #require(Version(text))
        #expect(version == Version(major: major, minor: minor, patch: patch))
        #expect(version.major == major)
        #expect(version.minor == minor)
        #expect(version.patch == patch)
        #expect(version.description == "\(major).\(minor).\(patch)")
    }

    @Test(arguments: [
        "v1.2", "V1", "1.2.3-beta", "1.2.3+build", "", "1..2", "1.2.3.4", "-1", "+1", " 1", "1 ", "1.a", "a",
        ".1", "1.", "1.2.", ".", "1,2", "1.-2", "１.2", "٣", "99999999999999999999", "1234567890",
    ])
    func rejects(text: String) {
        #expect(Version(text) == nil)
    }

    static let ordered: [(lower: String, higher: String)] = [
        ("1.9.0", "1.10.0"),
        ("1.2.0", "1.2.1"),
        ("1.99.99", "2.0.0"),
        ("0.9", "1"),
        ("1.2", "1.2.1"),
        ("2.9.9", "10.0.0"),
    ]

    @Test(arguments: ordered)
    func ordersNumericallyPerComponent(lower: String, higher: String) throws {
        let low = try #require(Version(lower)), high = try #require(Version(higher))
        #expect(low < high)
        #expect(high > low)
        #expect(low != high)
    }

    @Test func missingPartsAreZero() throws {
        let short = try #require(Version("1.2")), full = try #require(Version("1.2.0"))
        #expect(short == full)
        #expect(!(short < full) && !(full < short))
        #expect(Set([short, full, Version(major: 1, minor: 2)]).count == 1)
        #expect(Version("1") == Version(major: 1))
        #expect(Version("1.2")?.description == "1.2.0")
    }

    @Test func sortsAList() {
        let texts = ["1.10.0", "1.9", "0.1", "1.9.1", "1", "1.0.10", "1.0.2"]
        let sorted = texts.compactMap { Version($0) }.sorted().map(\.description)
        #expect(sorted == ["0.1.0", "1.0.0", "1.0.2", "1.0.10", "1.9.0", "1.9.1", "1.10.0"])
    }

    @Test func withoutPatchZeroesThePatch() {
        #expect(Version(major: 1, minor: 2, patch: 3).withoutPatch == Version(major: 1, minor: 2, patch: 0))
        #expect(Version(major: 4).withoutPatch == Version(major: 4))
    }

    @Test func problemMessages() {
        #expect(Version.problem(with: "") == "a version cannot be empty; expected MAJOR[.MINOR[.PATCH]], e.g. 1.2.0")
        #expect(Version.problem(with: "v1.2") == "'v1.2' is not a version; expected MAJOR[.MINOR[.PATCH]] of non-negative integers, e.g. 1.2.0")
    }
}
