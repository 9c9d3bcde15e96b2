import CBeckonPlugin

/// The ABI's layouts as Swift imports the header, in the snapshot's line format, so that the
/// Swift host is checked to read every struct where C writes it: each struct once, with its
/// fields by name as the header spells them.
enum ABILayoutSwiftView {
    static let lines: [String] = [
        layout(beckon_error.self, [.field("struct_size", \.struct_size), .field("message", \.message),
            .field("json_pointer", \.json_pointer)]),
        layout(beckon_string.self, [.field("ptr", \.ptr), .field("len", \.len)]),
        layout(beckon_value.self, [.field("type", \.type), .field("reserved", \.reserved), .field("as", \.as)]),
        layout(beckon_value_sink.self, [.field("struct_size", \.struct_size), .field("host_data", \.host_data),
            .field("put", \.put)]),
        layout(beckon_item_sink.self, [.field("struct_size", \.struct_size), .field("host_data", \.host_data),
            .field("put", \.put)]),
        layout(beckon_event_stats.self, [.field("struct_size", \.struct_size), .field("count", \.count),
            .field("has_donations", \.has_donations), .field("first", \.first), .field("last", \.last)]),
        layout(beckon_host.self, [.field("struct_size", \.struct_size), .field("abi_major", \.abi_major),
            .field("abi_minor", \.abi_minor), .field("host_name", \.host_name), .field("log", \.log), .field("now", \.now),
            .field("eval_now", \.eval_now), .field("eval_subject", \.eval_subject),
            .field("eval_app_version", \.eval_app_version), .field("eval_parameter", \.eval_parameter),
            .field("eval_event", \.eval_event), .field("eval_event_count_since", \.eval_event_count_since),
            .field("eval_holds_until", \.eval_holds_until)]),
        layout(beckon_condition.self, [.field("struct_size", \.struct_size), .field("flags", \.flags),
            .field("name", \.name), .field("signature", \.signature), .field("summary", \.summary), .field("bind", \.bind),
            .field("evaluate", \.evaluate), .field("unbind", \.unbind)]),
        layout(beckon_donation_append.self, [.field("struct_size", \.struct_size), .field("event", \.event),
            .field("time", \.time), .field("info", \.info), .field("info_len", \.info_len), .field("max_count", \.max_count),
            .field("max_age", \.max_age)]),
        layout(beckon_commit.self, [.field("struct_size", \.struct_size), .field("subject", \.subject),
            .field("expected_version", \.expected_version), .field("record", \.record), .field("record_len", \.record_len),
            .field("clears_all", \.clears_all), .field("cleared_events", \.cleared_events),
            .field("cleared_event_count", \.cleared_event_count), .field("appends", \.appends),
            .field("append_count", \.append_count), .field("now", \.now), .field("version", \.version)]),
        layout(beckon_store.self, [.field("struct_size", \.struct_size), .field("capabilities", \.capabilities),
            .field("flags", \.flags), .field("name", \.name), .field("summary", \.summary), .field("open", \.open),
            .field("close", \.close), .field("load", \.load), .field("commit", \.commit), .field("read_log", \.read_log),
            .field("check_options", \.check_options), .field("list_subjects", \.list_subjects),
            .field("erase_subject", \.erase_subject)]),
        layout(beckon_plugin.self, [.field("struct_size", \.struct_size), .field("abi_major", \.abi_major),
            .field("abi_minor", \.abi_minor), .field("min_host_minor", \.min_host_minor), .field("flags", \.flags),
            .field("name", \.name), .field("version", \.version), .field("summary", \.summary),
            .field("validate_config", \.validate_config), .field("init", \.`init`), .field("shutdown", \.shutdown),
            .field("conditions", \.conditions), .field("condition_count", \.condition_count), .field("stores", \.stores),
            .field("store_count", \.store_count), .field("check_config", \.check_config)]),
        layout(beckon_config_problem.self, [.field("struct_size", \.struct_size), .field("target", \.target),
            .field("json_pointer", \.json_pointer), .field("message", \.message), .field("flags", \.flags)]),
        layout(beckon_config_problem_sink.self, [.field("struct_size", \.struct_size), .field("host_data", \.host_data),
            .field("put", \.put)]),
    ].flatMap { $0 }

    /// The `sizeof` (C's sizeof is Swift's stride) and `alignof` lines of `Root`, then its fields' lines.
    private static func layout<Root>(_: Root.Type, _ fields: [Field<Root>]) -> [String] {
        let name = String(describing: Root.self)  // the C name, as Swift imports the struct
        return ["sizeof \(name) \(MemoryLayout<Root>.stride)", "alignof \(name) \(MemoryLayout<Root>.alignment)"] + fields.map(\.line)
    }

    /// A field of `Root`, named as the header spells it: its line, with its offset and size.
    private struct Field<Root> {
        let line: String

        static func field<Value>(_ name: String, _ keyPath: KeyPath<Root, Value>) -> Field {
            let offset = MemoryLayout<Root>.offset(of: keyPath).map(String.init) ?? "(not stored)"
            return Field(line: "\(String(describing: Root.self)).\(name) \(offset) \(MemoryLayout<Value>.size)")
        }
    }
}
