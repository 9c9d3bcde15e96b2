@testable import BeckonCore
import BeckonRules
import Testing

/// Each chunk of a compile on several threads gets the schema in storage of its own: the same
/// names and slots, in dictionaries that no other thread counts references on.
@Suite("Schema copies for compile chunks")
struct RuleSchemaCopyTests {
    @Test func anUnsharedSchemaHasTheSameNamesAndSlots() {
        var schema = RuleSchema()
        for index in 0..<500 {
            schema.parameters["p\(index)"] = .init(slot: index, type: index % 2 == 0 ? .bool : .string)
            schema.events["e\(index)"] = .init(slot: index, infoFields: [("kind", .string)], maxAge: index % 3 == 0 ? nil : Int64(index))
            schema.tips["tip-\(index)"] = index
            schema.scenarios["s\(index)"] = index
        }
        schema.unavailableNamespaces = ["gone"]
        let copy = schema.unshared()
        #expect(copy.parameters.mapValues(\.slot) == schema.parameters.mapValues(\.slot))
        #expect(copy.parameters.mapValues(\.type) == schema.parameters.mapValues(\.type))
        #expect(copy.events.mapValues(\.slot) == schema.events.mapValues(\.slot))
        #expect(copy.events.mapValues(\.maxAge) == schema.events.mapValues(\.maxAge))
        #expect(copy.events.mapValues { $0.infoFields.map(\.name) } == schema.events.mapValues { $0.infoFields.map(\.name) })
        #expect(copy.tips == schema.tips)
        #expect(copy.scenarios == schema.scenarios)
        #expect(copy.unavailableNamespaces == schema.unavailableNamespaces)
        #expect(copy.functions.isEmpty)
    }
}
