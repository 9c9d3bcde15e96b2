import BeckonCore
import BeckonTestSupport
import Testing

/// Plugin versions (Semantic Versioning 2.0.0) and the ranges a `plugins:` entry accepts
/// (`version:`, written as Cargo writes requirements).
@Suite("plugin versions and version ranges")
struct VersionRangeTests {
    @Test("semver's own precedence example, in order")
    func precedenceChain() throws {
        let chain = ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11",
                     "1.0.0-rc.1", "1.0.0", "1.0.1", "1.1.0", "2.0.0"]
        let versions = try chain.map { try #require(SemanticVersion($0)) }
        for (lower, higher) in zip(versions, versions.dropFirst()) {
            #expect(lower < higher, "\(lower) < \(higher)")
            #expect(!(higher < lower))
        }
        #expect(versions.map(\.description) == chain)
    }

    @Test("build metadata takes no part in order or equality")
    func buildMetadata() throws {
        let built = try #require(SemanticVersion("1.2.3+linux.x86-64"))
        #expect(built == SemanticVersion(major: 1, minor: 2, patch: 3))
        #expect(built.description == "1.2.3+linux.x86-64")
    }

    @Test("not semantic versions", arguments: ["", "1", "1.2", "v1.2.3", "01.2.3", "1.02.3", "1.2.3-", "1.2.3-01", "1.2.3-a..b",
                                                "1.2.3+", "1.2.3-a_b", "1.2.3.4", "1234567890.0.0", " 1.2.3"])
    func notVersions(_ text: String) {
        #expect(SemanticVersion(text) == nil)
    }

    @Test("the order is total and transitive (seeded)")
    func totalOrder() {
        var random = SplitMix64(seed: 0x5E_1E_12)
        let identifiers = ["alpha", "beta", "rc", "1", "2", "11", "x-1"]
        func version() -> SemanticVersion {
            let preRelease = (0..<random.below(3)).map { _ in random.pick(identifiers) }
            return SemanticVersion(major: random.below(3), minor: random.below(3), patch: random.below(3), preRelease: preRelease)
        }
        for _ in 0..<2_000 {
            let (a, b, c) = (version(), version(), version())
            #expect([a < b, a == b, b < a].filter { $0 }.count == 1, "\(a) \(b)")
            if a < b && b < c { #expect(a < c, "\(a) < \(b) < \(c)") }
        }
    }

    struct RangeCase: Sendable, CustomTestStringConvertible {
        var range: String
        var accepted: [String]
        var refused: [String]
        var testDescription: String { range }
    }

    static let rangeCases: [RangeCase] = [
        RangeCase(range: ">=1.2, <2", accepted: ["1.2.0", "1.9.9"], refused: ["1.1.9", "2.0.0", "2.0.0-rc.1", "1.5.0-beta"]),
        RangeCase(range: "1.2.3", accepted: ["1.2.3", "1.9.0"], refused: ["1.2.2", "2.0.0"]),
        RangeCase(range: "^1.2", accepted: ["1.2.0", "1.99.0"], refused: ["1.1.0", "2.0.0"]),
        RangeCase(range: "^0.2.3", accepted: ["0.2.3", "0.2.9"], refused: ["0.3.0", "0.2.2"]),
        RangeCase(range: "^0.0.3", accepted: ["0.0.3"], refused: ["0.0.4", "0.0.2"]),
        RangeCase(range: "^0", accepted: ["0.0.0", "0.9.9"], refused: ["1.0.0"]),
        RangeCase(range: "~1.2.3", accepted: ["1.2.3", "1.2.9"], refused: ["1.3.0", "1.2.2"]),
        RangeCase(range: "~1", accepted: ["1.0.0", "1.9.0"], refused: ["2.0.0"]),
        RangeCase(range: "=1.2.3", accepted: ["1.2.3", "1.2.3+build"], refused: ["1.2.4"]),
        RangeCase(range: "=1.2", accepted: ["1.2.0", "1.2.7"], refused: ["1.3.0", "1.1.9"]),
        RangeCase(range: ">1.2", accepted: ["1.3.0"], refused: ["1.2.9"]),
        RangeCase(range: ">1.2.3", accepted: ["1.2.4"], refused: ["1.2.3"]),
        RangeCase(range: "<=1.4", accepted: ["1.4.9"], refused: ["1.5.0"]),
        RangeCase(range: "<=1.4.0", accepted: ["1.4.0"], refused: ["1.4.1"]),
        RangeCase(range: "<2", accepted: ["1.99.99"], refused: ["2.0.0", "2.0.0-alpha"]),
        RangeCase(range: "*", accepted: ["0.0.1", "12.3.4"], refused: ["1.0.0-rc.1"]),
        RangeCase(range: "1.*", accepted: ["1.0.0", "1.7.2"], refused: ["2.0.0"]),
        RangeCase(range: "1.2.*", accepted: ["1.2.0", "1.2.8"], refused: ["1.3.0"]),
        RangeCase(range: ">=2.0.0-rc.1", accepted: ["2.0.0-rc.1", "2.0.0-rc.2", "2.0.0", "2.1.0"], refused: ["2.1.0-beta", "1.9.0"]),
        RangeCase(range: " >= 1.2 ,  < 1.3 ", accepted: ["1.2.5"], refused: ["1.3.0"]),
    ]

    @Test(arguments: rangeCases)
    func ranges(_ example: RangeCase) throws {
        let range = try VersionRange.parse(example.range).get()
        for text in example.accepted {
            #expect(range.contains(try #require(SemanticVersion(text))), "\(example.range) accepts \(text)")
        }
        for text in example.refused {
            #expect(!range.contains(try #require(SemanticVersion(text))), "\(example.range) refuses \(text)")
        }
    }

    @Test("not ranges: the message names the comparator at fault",
          arguments: [("", "an empty comparator"), (">=1.2,", "an empty comparator"), (">=1.x", "'>=1.x'"), ("1.2.3.4", "'1.2.3.4'"),
                      (">=*", "'>=*'"), ("^1.*", "'^1.*'"), ("1.2-beta", "'1.2-beta'"), ("=>1", "'=>1'")])
    func notRanges(_ text: String, _ named: String) {
        guard case .failure(let error) = VersionRange.parse(text) else {
            Issue.record("'\(text)' parsed")
            return
        }
        #expect(error.message.hasPrefix("'\(text)' is not a version range: \(named) is not OP VERSION"))
    }
}
