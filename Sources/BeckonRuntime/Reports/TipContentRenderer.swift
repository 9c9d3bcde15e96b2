public import BeckonCore

/// What a host shows for a tip (SEMANTICS §4): the members every answer naming a tip to show
/// carries, so that a host never looks the content up in the configuration itself.
public enum TipContentRenderer {
    /// `title`, then `message`, `image` and `actions` (`id`, `title`) when the tip declares them;
    /// an absent member is omitted, not null. The texts are `tip`'s, in the locale it is in (the
    /// answer's `locale` member says which: its writer adds it).
    public static func json(_ tip: TipDeclaration) -> JSONObject {
        var members: [(JSONKey, JSONValue)] = []
        if !tip.actions.isEmpty {
            members.append(("actions", .array(tip.actions.map { .object(["id": .string($0.id), "title": ContentWriter.json($0.title)]) })))
        }
        if let image = tip.image { members.append(("image", .string(image))) }
        if let message = tip.message { members.append(("message", ContentWriter.json(message))) }
        members.append(("title", ContentWriter.json(tip.title)))
        return JSONObject(sortedKeys: members)
    }

    /// `object` (which has no content member) with the tip's content members added, merged in
    /// key order: a tip answer is written on every call, and an object kept sorted is written
    /// without sorting it again.
    static func adding(_ tip: TipDeclaration?, to object: JSONObject) -> JSONObject {
        guard let tip else { return object }
        let members = object.sortedMembers, content = json(tip).members
        var merged: [(JSONKey, JSONValue)] = []
        merged.reserveCapacity(members.count + content.count)
        var next = 0
        for member in members {
            while next < content.count, JSONKey.precedes(content[next].0, member.0) {
                merged.append(content[next])
                next += 1
            }
            merged.append(member)
        }
        merged.append(contentsOf: content[next...])
        return JSONObject(sortedKeys: merged)
    }
}
