@testable import BeckonServer
import BeckonTestSupport
import Foundation
import Testing

/// `openapi.yaml` is the document the server serves as it is, and says exactly what the code
/// does: it is the text `DerivedOpenAPIDocument` derives from the routes, the status table, the
/// bodies' members, the parsers and the limits. After a change there,
/// `BECKON_UPDATE_OPENAPI=1 swift test --filter OpenAPIFile` writes the file again.
@Suite("openapi.yaml: the file the server serves, true to the code")
struct OpenAPIFileTests {
    static let file = Repository.path("Sources/BeckonServer/OpenAPI/openapi.yaml")

    @Test func theFileIsTheDocumentTheCodeDerives() throws {
        let written = try String(contentsOfFile: Self.file, encoding: .utf8)
        let derived = DerivedOpenAPIDocument.text
        if written != derived, ProcessInfo.processInfo.environment["BECKON_UPDATE_OPENAPI"] == "1" {
            try derived.write(toFile: Self.file, atomically: true, encoding: .utf8)
            return
        }
        let writtenLines = written.split(separator: "\n", omittingEmptySubsequences: false)
        let derivedLines = derived.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(writtenLines, derivedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(writtenLines.count, derivedLines.count)
        #expect(written == derived, """
            openapi.yaml line \(first + 1) is not what the code says; run BECKON_UPDATE_OPENAPI=1 swift test --filter OpenAPIFile
              file: \(first < writtenLines.count ? writtenLines[first] : "(end)")
              code: \(first < derivedLines.count ? derivedLines[first] : "(end)")
            """)
    }

    /// The binary carries the file as it is now (a build that predates an edit fails here).
    @Test func theServerServesTheFileAsItIs() throws {
        #expect(OpenAPIDocument.text == (try String(contentsOfFile: Self.file, encoding: .utf8)))
    }
}
