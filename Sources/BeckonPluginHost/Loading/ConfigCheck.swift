internal import CBeckonPlugin

/// One problem a plugin found in its `config:`: where (a JSON pointer, at the value or at the
/// key it names) and what.
struct ConfigProblem: Equatable {
    /// An RFC 6901 pointer into the config; "" is the config as a whole.
    var pointer: String
    /// Whether the problem is about the key of the member `pointer` names, not its value.
    var atKey: Bool
    var message: String
    /// Whether the value at `pointer` is a secret whose text is never shown
    /// (`BECKON_CONFIG_PROBLEM_SECRET`, ABI 1.2).
    var secret: Bool = false
}

/// Asks a plugin about its config: every problem through `check_config` (ABI 1.1) when the
/// plugin has it, else the one problem `validate_config` (1.0) can report.
enum ConfigCheck {
    /// The problems `descriptor`'s plugin finds in `config` (canonical JSON); empty when it
    /// accepts it or checks nothing. Lifecycle call: serialized.
    static func problems(_ descriptor: PluginDescriptor, config: String) -> [ConfigProblem] {
        if let check = descriptor.contents.check_config {
            return CallGate.lifecycle.run { withView(config) { view in everyProblem { sink, error in check(view, sink, error) } } }
        }
        if let validate = descriptor.contents.validate_config {
            return CallGate.lifecycle.run { withView(config) { view in firstProblem(validate, view) } }
        }
        return []
    }

    private static func firstProblem(
        _ validate: @convention(c) (beckon_string, UnsafeMutablePointer<beckon_error>?) -> beckon_status, _ config: beckon_string
    ) -> [ConfigProblem] {
        CError.with { error in
            let status = validate(config, error)
            guard status != BECKON_OK else { return [] }
            return [ConfigProblem(pointer: CError.jsonPointer(error), atKey: false, message: CError.message(error, status: status))]
        }
    }

    /// The problems `store`'s `check_options` (ABI 1.2) finds in `options` (canonical JSON), nil
    /// when the store does not check its options. Lifecycle call: serialized.
    static func optionProblems(_ store: StoreDescriptor, state: UnsafeMutableRawPointer?, options: String) -> [ConfigProblem]? {
        guard let check = store.checkOptions else { return nil }
        return CallGate.lifecycle.run { withView(options) { view in everyProblem { sink, error in check(state, view, sink, error) } } }
    }

    /// Runs `check` with a sink that collects every problem it puts.
    private static func everyProblem(
        _ check: (UnsafeMutablePointer<beckon_config_problem_sink>, UnsafeMutablePointer<beckon_error>) -> beckon_status
    ) -> [ConfigProblem] {
        let collected = ProblemList()
        withExtendedLifetime(collected) {
            var sink = beckon_config_problem_sink(
                struct_size: UInt32(MemoryLayout<beckon_config_problem_sink>.size),
                host_data: Unmanaged.passUnretained(collected).toOpaque(), put: putProblem)
            CError.with { error in
                let status = check(&sink, error)
                // A failed check is one more problem; a bare status after the problems it put adds nothing.
                if status != BECKON_OK, CError.hasMessage(error) || collected.problems.isEmpty {
                    collected.problems.append(ConfigProblem(pointer: "", atKey: false, message: CError.message(error, status: status)))
                }
            }
        }
        return collected.problems
    }
}

/// The problems put so far, reached from the sink's `host_data`.
private final class ProblemList {
    var problems: [ConfigProblem] = []
}

/// The sink's `put`: copies a well-formed problem; for a malformed one, records what is wrong
/// with it instead (so the refusal is never lost) and answers INVALID_ARGUMENT.
private func putProblem(_ sink: UnsafeMutablePointer<beckon_config_problem_sink>?,
                        _ problem: UnsafePointer<beckon_config_problem>?) -> beckon_status {
    guard let data = sink?.pointee.host_data else { return beckon_status(BECKON_INVALID_ARGUMENT) }
    let list = Unmanaged<ProblemList>.fromOpaque(data).takeUnretainedValue()
    switch ConfigProblem.read(problem) {
    case .success(let read):
        list.problems.append(read)
        return beckon_status(BECKON_OK)
    case .failure(let malformed):
        list.problems.append(ConfigProblem(pointer: "", atKey: false, message: "it reported a malformed problem: \(malformed.reason)"))
        return beckon_status(BECKON_INVALID_ARGUMENT)
    }
}

/// Why a reported problem could not be read.
struct MalformedProblem: Error {
    var reason: String
}

extension ConfigProblem {
    /// The problem a plugin put, checked field by field.
    static func read(_ raw: UnsafePointer<beckon_config_problem>?) -> Result<ConfigProblem, MalformedProblem> {
        guard let raw else { return .failure(MalformedProblem(reason: "the problem is NULL")) }
        let size = Int(UnsafeRawPointer(raw).load(as: UInt32.self))
        guard size >= ABISizes.configProblem else {
            return .failure(MalformedProblem(reason: "struct_size is \(size), smaller than beckon_config_problem in ABI 1.1 (\(ABISizes.configProblem) bytes)"))
        }
        // The bytes its struct_size covers, the rest zero: a 1.1 problem has no flags.
        let problem = DescriptorValidator.contents(raw)
        let flagsEnd = MemoryLayout<beckon_config_problem>.offset(of: \.flags)! + MemoryLayout<UInt32>.size
        guard problem.target == BECKON_CONFIG_AT_VALUE || problem.target == BECKON_CONFIG_AT_KEY else {
            return .failure(MalformedProblem(reason: "target is \(problem.target), neither BECKON_CONFIG_AT_VALUE nor BECKON_CONFIG_AT_KEY"))
        }
        let pointer: String, message: String
        switch CValue.text(problem.json_pointer) {
        case .success(let text): pointer = text
        case .failure(let problem): return .failure(MalformedProblem(reason: "its json_pointer \(problem)"))
        }
        switch CValue.text(problem.message) {
        case .success(let text): message = text
        case .failure(let problem): return .failure(MalformedProblem(reason: "its message \(problem)"))
        }
        guard !message.isEmpty else { return .failure(MalformedProblem(reason: "its message is empty")) }
        return .success(ConfigProblem(pointer: pointer, atKey: problem.target == BECKON_CONFIG_AT_KEY, message: message,
                                      secret: size >= flagsEnd && problem.flags & UInt32(BECKON_CONFIG_PROBLEM_SECRET) != 0))
    }
}
