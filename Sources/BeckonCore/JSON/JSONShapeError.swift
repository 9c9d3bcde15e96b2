/// A parsed JSON value that is not of the shape its reader expects: the member at fault, as the
/// names and indices that lead to it, and what is wrong. Every reader of `ParsedJSON` against a
/// shape (a subject data line, a `/v1` body) speaks these words, so a fault reads alike wherever
/// it is found: `/logs/saved/0/at: expected an integer, got "3"`.
package struct JSONShapeError: Error, Equatable {
    /// The names and indices from the value read to the member at fault; empty for the value itself.
    package var path: [String]
    /// What is wrong (`expected an object, got an array`).
    package var message: String

    package init(_ path: [String], _ message: String) {
        self.path = path
        self.message = message
    }

    /// `path` as a JSON Pointer (RFC 6901: `~` and `/` in a name are written `~0` and `~1`); empty
    /// for the value itself.
    package var pointer: String {
        path.map { name in "/" + name.replacing("~", with: "~0").replacing("/", with: "~1") }.joined()
    }

    /// `message`, after the pointer when there is one (`/now: expected …`).
    package var located: String { path.isEmpty ? message : "\(pointer): \(message)" }
}

extension ParsedJSON {
    /// The members of an object by name (the parser refused a name given twice); with `known`, a
    /// member of another name is refused.
    package func members(at path: [String], known: Set<String>? = nil) throws(JSONShapeError) -> [String: ParsedJSON] {
        guard case .object(let members) = self else { throw JSONShapeError(path, "expected an object, got \(shown)") }
        var result: [String: ParsedJSON] = [:]
        for (name, value) in members {
            if let known, !known.contains(name) {
                throw JSONShapeError(path + [name], "unknown member; expected one of \(known.sorted().joined(separator: ", "))")
            }
            result[name] = value
        }
        return result
    }

    /// The member `name` of `members` (an object at `path`), or the fault that it is missing.
    package static func required(_ members: [String: ParsedJSON], _ name: String, at path: [String]) throws(JSONShapeError) -> ParsedJSON {
        guard let value = members[name] else { throw JSONShapeError(path, "the member \"\(name)\" is missing") }
        return value
    }
}
