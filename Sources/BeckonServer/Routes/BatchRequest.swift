import BeckonCore
import BeckonRuntime

/// The body of `POST /v1/subjects/{subject}/batch`: the members every operation shares (those of
/// `DecisionInput`'s body that are not one operation's own: `now`, `appVersion`, `locale`, `transients`,
/// `showTips`, `hideTips`, `showAllTips`, `hideAllTips`, `changes`) and `operations`, each
/// `{"op": NAME, "id": ID, <its own members: for, reason, value, info, tips>}`:
///
/// ```json
/// {"now": "2026-03-01T09:00:00Z", "transients": {"screenBrightness": 0.9},
///  "operations": [{"op": "donate", "id": "landmarkViewed", "info": {"landmark": "Louvre"}},
///                 {"op": "tip.status", "id": "favorite-landmark"}]}
/// ```
///
/// A body that is not this object (an unknown member, an unknown operation, an id missing where
/// the operation needs one or given where it takes none, more than `operationLimit`
/// operations) is a `usage` problem for the whole batch.
struct BatchRequest {
    /// The most operations one batch may hold.
    static let operationLimit = 100

    /// What a body's problem says first when the body is not a batch.
    static let refusal = "the body is not a batch"

    /// The members the operation `name` may hold: its name, its id and its own member, if it has
    /// one; an operation not known may hold any (the operation is the fault reported, by
    /// `init`).
    static func operationMembers(of name: String) -> Set<String> {
        let own = ServerOperation.identified(name) == nil ? DecisionInput.Body.ownMembers : DecisionInput.Body.ownMembers(of: name)
        return own.union(["op", "id"])
    }

    /// One operation of the batch.
    struct Operation {
        /// Its `ServerOperation` name (`tip.status`, …).
        var name: String
        /// The tip, event, scenario, group, version or parameter it is about.
        var id: String?
        /// Its own members (`for`, `reason`, `value`, `info`, `tips`).
        var members: DecisionInput.Body
    }

    /// The shared members.
    var shared: DecisionInput
    /// The operations, in order.
    var operations: [Operation]

    /// The batch in a JSON body.
    init(body: [UInt8]) throws(Problem) {
        let json = try JSONBody.parse(body, refusal: Self.refusal)
        let wire: (shared: DecisionInput.Body, operations: [Operation])
        do throws(JSONShapeError) {
            wire = try Self.read(json)
        } catch {
            throw JSONBody.refused(error, Self.refusal)
        }
        guard wire.operations.count <= Self.operationLimit else {
            throw Problem(.usage, "a batch holds at most \(Self.operationLimit) operations, not \(wire.operations.count)")
        }
        shared = DecisionInput()
        try shared.apply(wire.shared)
        operations = wire.operations
        for (index, operation) in operations.enumerated() {
            guard let identified = ServerOperation.identified(operation.name) else {
                throw Problem(.usage, "operations[\(index)]: unknown operation '\(operation.name)'; the operations are "
                              + ServerOperation.all.map(\.name).joined(separator: ", "))
            }
            switch (identified, operation.id) {
            case (.required, nil): throw Problem(.usage, "operations[\(index)]: \(operation.name) needs an 'id'")
            case (.none, .some): throw Problem(.usage, "operations[\(index)]: \(operation.name) takes no 'id'")
            default: break
            }
        }
    }

    /// The names of the operations of a batch body, or nil when the body is not a batch.
    static func operationNames(in body: [UInt8]) -> [String]? {
        guard let json = try? JSONBody.parse(body, refusal: refusal), let wire = try? read(json) else { return nil }
        return wire.operations.map(\.name)
    }

    /// The batch's shared members and operations, every member checked by name (a typo is
    /// never ignored) and by type.
    private static func read(_ json: ParsedJSON) throws(JSONShapeError) -> (shared: DecisionInput.Body, operations: [Operation]) {
        let members = try json.members(at: [], known: DecisionInput.Body.sharedMembers.union(["operations"]))
        let list = try ParsedJSON.required(members, "operations", at: [])
        guard case .array(let items) = list else { throw JSONShapeError(["operations"], "expected an array of operations, got \(list.shown)") }
        var operations: [Operation] = []
        for (index, item) in items.enumerated() {
            let path = ["operations", String(index)]
            let op = try ParsedJSON.required(try item.members(at: path), "op", at: path)
            guard case .string(let name) = op else { throw JSONShapeError(path + ["op"], "expected an operation's name, got \(op.shown)") }
            let own = try item.members(at: path, known: operationMembers(of: name))
            operations.append(Operation(name: name, id: try DecisionInput.Body.string(own["id"] ?? .null, path + ["id"]),
                                        members: try DecisionInput.Body(own, at: path)))
        }
        return (try DecisionInput.Body(members, at: []), operations)
    }
}
