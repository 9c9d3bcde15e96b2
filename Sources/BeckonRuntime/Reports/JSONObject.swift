/// A JSON object's members in the order they were set, written out sorted by key (as
/// `JSONEncoder` with `.sortedKeys` does). Built like a dictionary — literals, subscripts — but
/// kept as an array: an answer has about a dozen members, and hashing each key, then sorting
/// the dictionary's keys again to write them, cost more than the decision itself.
public struct JSONObject: Equatable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Key = JSONKey
    public typealias Value = JSONValue
    /// One member: its key and its value. Unlabeled, as a literal's elements come: an array of
    /// labeled tuples would be converted element by element.
    typealias Member = (JSONKey, JSONValue)

    private(set) var members: [Member]
    /// Known to be in key order (set by `init(sortedKeys:)`, kept while members are only
    /// replaced or removed).
    private var isSorted = false

    /// The members of a literal, which (like a dictionary literal) names each key once. The
    /// literal's own array is kept.
    public init(dictionaryLiteral elements: (JSONKey, JSONValue)...) {
        self.init(uniqueKeys: elements)
    }

    /// The members of `members`, which names each key once, in that order.
    public init(uniqueKeys members: [(JSONKey, JSONValue)]) {
        self.members = members
        assert(Set(members.map(\.0.description)).count == members.count, "a JSON object repeats a key")
    }

    /// The members of `members`, whose keys are unique and already in the order they are written
    /// in (checked in debug builds only): hot answers skip the check on every write.
    public init(sortedKeys members: [(JSONKey, JSONValue)]) {
        self.init(uniqueKeys: members)
        isSorted = true
        assert(members.indices.dropFirst().allSatisfy { JSONKey.precedes(members[$0 - 1].0, members[$0].0) }, "keys out of order")
    }

    /// The members of `pairs`; a key that comes again keeps its last value.
    public init(_ pairs: some Sequence<(String, JSONValue)>) {
        members = []
        for (key, value) in pairs { self[JSONKey(key)] = value }
    }

    /// The member's value; setting nil removes the member, setting a new key appends it.
    public subscript(key: JSONKey) -> JSONValue? {
        get { members.first { $0.0 == key }?.1 }
        set {
            let index = members.firstIndex { $0.0 == key }
            switch (index, newValue) {
            case (let index?, let value?): members[index].1 = value
            case (let index?, nil): members.remove(at: index)
            case (nil, let value?):
                isSorted = isSorted && (members.last.map { JSONKey.precedes($0.0, key) } ?? true)
                members.append((key, value))
            case (nil, nil): break
            }
        }
    }

    public var isEmpty: Bool { members.isEmpty }
    public var count: Int { members.count }

    public func makeIterator() -> some IteratorProtocol<(key: String, value: JSONValue)> {
        members.lazy.map { (key: $0.0.description, value: $0.1) }.makeIterator()
    }

    /// The members sorted by key, the order in which they are written.
    var sortedMembers: [Member] {
        if isSorted { return members }
        // Renderers write their literals in key order: check before sorting.
        if members.indices.dropFirst().allSatisfy({ JSONKey.precedes(members[$0 - 1].0, members[$0].0) }) { return members }
        return members.sorted { JSONKey.precedes($0.0, $1.0) }
    }

    /// Objects with the same members are equal, in whatever order they were set.
    public static func == (left: JSONObject, right: JSONObject) -> Bool {
        let leftMembers = left.sortedMembers, rightMembers = right.sortedMembers
        return leftMembers.count == rightMembers.count
            && zip(leftMembers, rightMembers).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }
}
