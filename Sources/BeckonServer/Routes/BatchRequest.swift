import BeckonRuntime
import FoundationEssentials
import NIOCore

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

    /// The members the batch's operations share.
    static let sharedMembers: Set<String> = ["now", "appVersion", "locale", "transients", "showTips", "hideTips", "showAllTips", "hideAllTips", "changes"]
    /// The members of one operation.
    static let operationMembers: Set<String> = ["op", "id", "for", "reason", "value", "info", "tips"]

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
        let wire = try DecisionInput.decode(Wire.self, from: body, refusal: "the body is not a batch")
        guard wire.operations.count <= Self.operationLimit else {
            throw Problem(.usage, "a batch holds at most \(Self.operationLimit) operations, not \(wire.operations.count)")
        }
        shared = DecisionInput()
        try shared.apply(wire.shared)
        operations = []
        for (index, operation) in wire.operations.enumerated() {
            guard let identified = ServerOperation.identified(operation.op) else {
                throw Problem(.usage, "operations[\(index)]: unknown operation '\(operation.op)'; the operations are "
                              + ServerOperation.all.map(\.name).joined(separator: ", "))
            }
            switch (identified, operation.id) {
            case (.required, nil): throw Problem(.usage, "operations[\(index)]: \(operation.op) needs an 'id'")
            case (.none, .some): throw Problem(.usage, "operations[\(index)]: \(operation.op) takes no 'id'")
            default: break
            }
            operations.append(Operation(name: operation.op, id: operation.id, members: operation.members))
        }
    }

    /// The batch as decoded, its members checked by name (a typo is never ignored).
    private struct Wire: Decodable {
        var shared: DecisionInput.Body
        var operations: [WireOperation]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: MemberKey.self)
            try MemberKey.check(container.allKeys, allowed: BatchRequest.sharedMembers.union(["operations"]), in: decoder)
            shared = try DecisionInput.Body(from: decoder)
            operations = try container.decode([WireOperation].self, forKey: MemberKey(stringValue: "operations"))
        }
    }

    private struct WireOperation: Decodable {
        var op: String
        var id: String?
        var members: DecisionInput.Body

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: MemberKey.self)
            try MemberKey.check(container.allKeys, allowed: BatchRequest.operationMembers, in: decoder)
            op = try container.decode(String.self, forKey: MemberKey(stringValue: "op"))
            id = try container.decodeIfPresent(String.self, forKey: MemberKey(stringValue: "id"))
            members = try DecisionInput.Body(from: decoder)
        }
    }
}
