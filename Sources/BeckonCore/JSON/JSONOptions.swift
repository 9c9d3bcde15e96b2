/// The JSON of a command-line option (beckon-conformance's `--options` and `--config`, `beckon
/// plugin verify`'s) as a `ConfigValue`, object members in the order written
/// (as YAML would hand them to the plugin), read by the parser the subject data format uses
/// (`JSONParser`: RFC 8259, one value, nothing after it, no member name given twice). Integers that
/// fit 64 bits read as `.int`, other numbers as `.double`.
package enum JSONOptions {
    /// Why the text is not JSON, and the byte (from 1) where reading stopped.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The value `text` holds.
    package static func read(_ text: String) throws(Failure) -> ConfigValue {
        let json: ParsedJSON
        do {
            json = try JSONParser.parse(Array(text.utf8))
        } catch {
            throw Failure(description: "\(error.message) at byte \(error.offset)")
        }
        return try configValue(json)
    }

    /// The value of the command-line option `name` given as `text` (null when not given), or
    /// why it is not JSON, naming the option.
    package static func option(_ text: String?, named name: String) -> Result<ConfigValue, Failure> {
        guard let text else { return .success(.null) }
        do {
            return .success(try read(text))
        } catch {
            return .failure(Failure(description: "\(name) is not valid JSON: \(error)"))
        }
    }

    private static func configValue(_ json: ParsedJSON) throws(Failure) -> ConfigValue {
        switch json {
        case .null:
            return .null
        case .bool(let flag):
            return .bool(flag)
        case .string(let text):
            return .string(text)
        case .number(let text):
            if let integer = Int64(text) { return .int(integer) }
            guard let number = Double(text), number.isFinite else { throw Failure(description: "the number \(text) is out of range") }
            return .double(number)
        case .array(let items):
            var values: [ConfigValue] = []
            for item in items { values.append(try configValue(item)) }
            return .list(values)
        case .object(let members):
            var pairs: [(String, ConfigValue)] = []
            for (key, value) in members { pairs.append((key, try configValue(value))) }
            return .map(pairs)
        }
    }
}
