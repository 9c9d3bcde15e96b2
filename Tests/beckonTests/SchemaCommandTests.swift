import BeckonTestSupport
import Foundation
import Testing

@Suite("beckon schema")
struct SchemaCommandTests {
    static let committedSchema = Repository.url("Config/beckon.schema.json")

    @Test func printsTheCommittedSchemaAndExitsZero() throws {
        let result = try BeckonProcess.run(["schema"])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let committed = try String(contentsOf: Self.committedSchema, encoding: .utf8)
        #expect(result.standardOutput == committed,
                "Config/beckon.schema.json differs from `beckon schema`: regenerate it with `swift run beckon schema > Config/beckon.schema.json`")
    }

    @Test func namesItsDialectAndID() throws {
        let result = try BeckonProcess.run(["schema"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(document["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(document["$id"] as? String == "urn:beckon:configuration:1")
        #expect(document["additionalProperties"] as? Bool == false)
        let properties = try #require(document["properties"] as? [String: Any])
        #expect(properties.keys.sorted() == [
            "app", "display", "events", "groups", "include", "parameters", "plugins", "scenarios", "store", "testing", "tips",
            "version", "whatsNew",
        ])
    }

    @Test func helpDescribesIt() throws {
        let result = try BeckonProcess.run(["schema", "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("Print the JSON Schema (draft 2020-12) of the configuration file."))
    }

    /// It reads no configuration: the common options and any argument are usage errors.
    @Test(arguments: [["schema", "extra"], ["schema", "--config", "beckon.yaml"], ["schema", "--json"]])
    func refusesArgumentsWith64(_ arguments: [String]) throws {
        let result = try BeckonProcess.run(arguments)
        #expect(result.status == 64)
        #expect(result.standardOutput == "")
        #expect(result.standardError.hasPrefix("beckon: error: "))
    }

    @Test func exampleNamesTheSchemaOnItsFirstLine() throws {
        let example = try String(contentsOf: Repository.url("Config/example.yaml"), encoding: .utf8)
        #expect(example.split(separator: "\n", omittingEmptySubsequences: false).first == "# yaml-language-server: $schema=./beckon.schema.json")
    }
}
