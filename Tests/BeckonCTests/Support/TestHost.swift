import BeckonTestSupport
import Foundation
import Testing

/// A test host of libbeckon.so run to its end: a C program from `Fixtures/` compiled with plain
/// `cc` against `beckon.h`, or a Python script from `Fixtures/` given the library's path first.
/// Each prints a line per failed check and ends with the summary "… N checks, F failing".
struct TestHost {
    var status: Int32
    var output: String
    var error: String

    /// Compiles `Fixtures/NAME.c` and runs it with `arguments` in `directory`.
    static func c(_ name: String, _ arguments: [String] = [], in directory: URL? = nil) throws -> TestHost {
        let host = try EmbeddingLibrary.compileHost(Repository.path("Tests/BeckonCTests/Fixtures/\(name).c"), named: name)
        return TestHost(try ProcessRunner.run(host, arguments, in: directory?.path))
    }

    /// Runs `python3 Fixtures/NAME.py LIBRARY ARGUMENTS` in `directory`, with `$BECKON` the
    /// built `beckon` (whose answers a host may compare with the library's).
    static func python(_ name: String, _ arguments: [String] = [], in directory: URL? = nil) throws -> TestHost {
        let library = (try EmbeddingLibrary.folder.get() as NSString).appendingPathComponent("libbeckon.so")
        let script = Repository.path("Tests/BeckonCTests/Fixtures/\(name).py")
        return TestHost(try ProcessRunner.run("python3", [script, library] + arguments, in: directory?.path,
                                              environment: ["BECKON": BuiltProducts.beckon.path]))
    }

    private init(_ run: (status: Int32, output: String, error: String)) {
        (status, output, error) = run
    }

    /// N of the summary line (0 without one).
    var checks: Int {
        guard let summary = output.split(separator: "\n").last, let end = summary.range(of: " checks, ") else { return 0 }
        return summary[..<end.lowerBound].split(separator: " ").last.flatMap { Int($0) } ?? 0
    }

    /// Expects exit 0, a summary with no failing check, and at least `minimum` checks run (a
    /// host that stopped early counts fewer).
    func expectEveryCheckHeld(atLeast minimum: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(status == 0, "\(output)\(error)", sourceLocation: sourceLocation)
        #expect(output.hasSuffix(" checks, 0 failing\n"), "\(output)\(error)", sourceLocation: sourceLocation)
        #expect(checks >= minimum, "\(output)", sourceLocation: sourceLocation)
    }
}
