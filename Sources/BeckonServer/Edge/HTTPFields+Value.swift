import HTTPTypes

extension HTTPFields {
    /// The value of the fields named `name` as `self[name]` reads it: nil when there is none,
    /// several fields' values joined (with ", ", or "; " for `Cookie`). Without the subscript's
    /// cost for the usual single field: it joins even one value through a lazy map and generic
    /// metadata, ~4 k instructions a present field (an OFREP evaluation's `Content-Length` cost
    /// it on every request, a client's `Authorization` or `Accept-Language` would).
    func value(of name: HTTPField.Name) -> String? {
        guard let first = firstIndex(where: { $0.name == name }) else { return nil }
        guard self[index(after: first)...].contains(where: { $0.name == name }) else { return self[first].value }
        return self[name]
    }

    /// The elements of a field value that is a comma-separated list (RFC 9110 §5.6.1: `gzip, br`),
    /// without the white space around them; empty ones dropped. Elements here are tokens, which
    /// hold no white space of their own.
    static func listElements(of value: String) -> [String] {
        value.split(separator: ",").map { String($0.filter { $0 != " " && $0 != "\t" }) }.filter { !$0.isEmpty }
    }
}
