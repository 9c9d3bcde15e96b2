import FoundationEssentials

/// Any member's name in a JSON body, to check the members a body holds by name: a typo is never
/// silently ignored.
struct MemberKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    /// Throws when a member is not one of `allowed`.
    static func check(_ keys: [MemberKey], allowed: Set<String>, in decoder: any Decoder) throws {
        guard let unknown = keys.map(\.stringValue).filter({ !allowed.contains($0) }).sorted().first else { return }
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: decoder.codingPath,
            debugDescription: "unknown member '\(unknown)'; the members are \(allowed.sorted().joined(separator: ", "))"))
    }
}
