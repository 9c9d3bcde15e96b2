@testable import BeckonServer
import BeckonRuntime
import Testing

/// How `/v1` reads a JSON body (`DecisionInput.Body`, `BatchRequest`): each value as the text the
/// CLI would be given, and each body of the wrong shape refused by the member at fault (its JSON
/// Pointer) and what is wrong with it, in the subject data format's words.
@Suite("beckon serve: JSON bodies")
struct JSONBodyTests {
    /// A `value` as JSON, and the text it is read as. The rows were answered alike by the reader
    /// before this one (`JSONDecoder`), probed over HTTP: a whole number within 64 bits is that
    /// integer whatever its spelling, any other number the shortest text of its double.
    @Test(arguments: [
        ("1e2", "100"), ("1E2", "100"), ("100.0", "100"), ("1.5e1", "15"), ("-0", "0"), ("-0.0", "0"),
        ("0.80", "0.8"), ("9223372036854775807", "9223372036854775807"),
        ("9223372036854775808", "9.223372036854776e+18"), ("12345678901234567890", "1.2345678901234567e+19"),
        ("true", "true"), ("false", "false"), (#""7""#, "7"), (#""""#, ""),
    ])
    func aValueIsTheTextTheCLIWouldBeGiven(_ json: String, _ text: String) throws {
        let input = try DecisionInput(query: [], body: Array(#"{"value": \#(json), "transients": {"level": \#(json)}}"#.utf8), operation: "param.set")
        #expect(input.value == text)
        #expect(input.transients.map(\.text) == [text])
    }

    /// `null` is a member not given; inside an object of transients or info, it is the text `null`.
    @Test func nullIsAMemberNotGiven() throws {
        let input = try DecisionInput(query: [("now", "0")], body: Array(#"{"now": null, "changes": null, "info": {"tag": null}}"#.utf8),
                                      operation: "donate")
        #expect(input.now == "0")
        #expect(!input.changes)
        #expect(input.info.map(\.name) == ["tag"] && input.info.map(\.text) == ["null"])
    }

    /// The members of an object are read in the order of their names, whatever the body's.
    @Test func objectsAreReadInTheOrderOfTheirNames() throws {
        let input = try DecisionInput(query: [], body: Array(#"{"transients": {"b": 2, "a": 1, "c": 3}}"#.utf8), operation: "tip.status")
        #expect(input.transients.map(\.name) == ["a", "b", "c"])
    }

    static let routeRefusal = "the body is not the documented JSON object: "
    static let batchRefusal = "the body is not a batch: "

    /// A body of an operation's route (nil: a batch), and the problem's detail.
    @Test(arguments: [
        ("param.set", #"[1]"#, routeRefusal + "expected an object, got an array"),
        ("param.set", #"{"nw": 1}"#, routeRefusal + "/nw: unknown member; expected one of appVersion, changes, hideAllTips, hideTips, locale, now, showAllTips, showTips, transients, value"),
        // Another operation's own member is as unknown, null or not: it would be ignored.
        ("tip.status", #"{"for": "5s"}"#, routeRefusal + "/for: unknown member; expected one of appVersion, changes, hideAllTips, hideTips, locale, now, showAllTips, showTips, transients"),
        ("tip.display", #"{"reason": null}"#, routeRefusal + "/reason: unknown member; expected one of appVersion, changes, hideAllTips, hideTips, locale, now, showAllTips, showTips, transients"),
        ("param.set", #"{"transients": {"screenBrightness": [1]}}"#, routeRefusal + "/transients/screenBrightness: expected a string, number, boolean or null, got an array"),
        ("param.set", #"{"transients": {"a/b~c": {}}}"#, routeRefusal + "/transients/a~1b~0c: expected a string, number, boolean or null, got an object"),
        ("param.set", #"{"transients": 1}"#, routeRefusal + "/transients: expected an object, got 1"),
        ("status", #"{"tips": "a"}"#, routeRefusal + #"/tips: expected an array of strings, got "a""#),
        ("status", #"{"tips": ["a", 2]}"#, routeRefusal + "/tips/1: expected a string, got 2"),
        ("param.set", #"{"showAllTips": "yes"}"#, routeRefusal + #"/showAllTips: expected true or false, got "yes""#),
        ("param.set", #"{"locale": 5}"#, routeRefusal + "/locale: expected a string, got 5"),
        ("param.set", #"{"value": 1e400}"#, routeRefusal + "/value: the number 1e400 is out of range"),
        ("param.set", #"{"value": 1, "now": [], "changes": 1}"#, routeRefusal + "/changes: expected true or false, got 1"),
        ("param.set", #"{"now": "#, routeRefusal + "the text ends early (truncated?): expected a value at byte 9"),
        ("param.set", #"{"now": 1} 2"#, routeRefusal + "unexpected text after the value at byte 12"),
        (nil, #"{}"#, batchRefusal + #"the member "operations" is missing"#),
        (nil, #"{"operations": {}}"#, batchRefusal + "/operations: expected an array of operations, got an object"),
        (nil, #"{"operations": [{"op": 5}]}"#, batchRefusal + "/operations/0/op: expected an operation's name, got 5"),
        (nil, #"{"operations": [{"op": "status"}, {"id": "x"}]}"#, batchRefusal + #"/operations/1: the member "op" is missing"#),
        (nil, #"{"operations": [{"op": "status", "id": 3}]}"#, batchRefusal + "/operations/0/id: expected a string, got 3"),
        (nil, #"{"operations": [{"op": "donate", "id": "appLaunched", "x": 1}]}"#, batchRefusal + "/operations/0/x: unknown member; expected one of id, info, op"),
        (nil, #"{"operations": [{"op": "donate", "id": "appLaunched"}, {"op": "tip.status", "id": "welcome", "for": "5s"}]}"#,
         batchRefusal + "/operations/1/for: unknown member; expected one of id, op"),
        (nil, #"{"for": "1s", "operations": []}"#, batchRefusal + "/for: unknown member; expected one of appVersion, changes, hideAllTips, hideTips, locale, now, operations, showAllTips, showTips, transients"),
        (nil, #"{"operations": [{"op": "tip.shown", "id": "welcome", "for": ["45s"]}]}"#, batchRefusal + #"/operations/0/for: expected a string, number, boolean or null, got an array"#),
    ])
    func aBodyOfTheWrongShapeIsRefusedByWhereAndWhat(operation: String?, body: String, detail: String) {
        #expect(throws: Problem(.usage, detail)) {
            if let operation { _ = try DecisionInput(query: [], body: Array(body.utf8), operation: operation) } else { _ = try BatchRequest(body: Array(body.utf8)) }
        }
    }

    /// Bytes that are not UTF-8 are refused by the first of them, as the subject data format and the
    /// configuration refuse them.
    @Test func bytesThatAreNotUTF8AreRefusedByTheFirst() {
        let body: [UInt8] = Array(#"{"now": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(throws: Problem(.usage, Self.routeRefusal + "not UTF-8 text at byte 10")) { try DecisionInput(query: [], body: body, operation: "tip.display") }
        #expect(throws: Problem(.usage, Self.batchRefusal + "not UTF-8 text at byte 10")) { try BatchRequest(body: body) }
    }

    /// What the access rules read of a batch (its operations' names) is what the batch holds, and
    /// nothing of a body that is not one.
    @Test func theOperationNamesOfABatch() {
        #expect(BatchRequest.operationNames(in: Array(#"{"operations": [{"op": "status"}, {"op": "donate", "id": "x"}]}"#.utf8)) == ["status", "donate"])
        #expect(BatchRequest.operationNames(in: Array(#"{"operations": [{"op": 1}]}"#.utf8)) == nil)
        #expect(BatchRequest.operationNames(in: Array("not json".utf8)) == nil)
    }
}
