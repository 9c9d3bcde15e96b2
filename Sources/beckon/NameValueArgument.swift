/// `NAME=VALUE` option values (`--info landmark=Eiffel`, `--transient connection=none`): split at
/// the first `=`, so the value may hold more of them.
enum NameValueArgument {
    /// The name and the value's text, or exit 65 naming the option when there is no `=`.
    static func split(_ argument: String, option: String, nameWord: String) throws -> (name: String, text: String) {
        guard let equals = argument.firstIndex(of: "=") else {
            Output.error("\(option) '\(argument)' must be \(nameWord)=VALUE")
            throw ExitStatus.dataError
        }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
