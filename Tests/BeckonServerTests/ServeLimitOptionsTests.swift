import BeckonTestSupport
import Foundation
import Testing

/// `beckon serve`'s limit options refuse values that are not limits: a usage error (exit 64)
/// naming the option, before anything is loaded or bound.
@Suite("beckon serve: limit options")
struct ServeLimitOptionsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["--header-timeout", "0s"], message: "--header-timeout must be longer than 0s"),
        Case(arguments: ["--header-timeout", "soon"], message: "--header-timeout: "),
        Case(arguments: ["--header-timeout", "10"], message: "--header-timeout: "),
        Case(arguments: ["--max-connections", "0"], message: "--max-connections must be at least 1, not 0"),
        Case(arguments: ["--max-connections=-5"], message: "--max-connections must be at least 1, not -5"),
        Case(arguments: ["--max-connections", "many"], message: "the value 'many' is invalid for '--max-connections <count>'"),
        Case(arguments: ["--idle-timeout", "0s"], message: "--idle-timeout must be longer than 0s"),
    ]

    @Test(arguments: cases)
    func aBadValueIsAUsageError(_ example: Case) throws {
        let folder = try ServedBeckon.folder()
        let result = try ServedBeckon.serveToItsEnd(folder, example.arguments)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.contains(example.message), "\(result.standardError)")
    }
}
