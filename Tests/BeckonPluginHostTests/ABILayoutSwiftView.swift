import CBeckonPlugin

/// The ABI's layouts as Swift imports the header, in the snapshot's line format, so that the
/// Swift host is checked to read every struct where C writes it.
enum ABILayoutSwiftView {
    static let lines: [String] = [
        layout(beckon_error.self, "beckon_error"),
        field("beckon_error", "struct_size", \beckon_error.struct_size),
        field("beckon_error", "message", \beckon_error.message),
        field("beckon_error", "json_pointer", \beckon_error.json_pointer),

        layout(beckon_string.self, "beckon_string"),
        field("beckon_string", "ptr", \beckon_string.ptr),
        field("beckon_string", "len", \beckon_string.len),

        layout(beckon_value.self, "beckon_value"),
        field("beckon_value", "type", \beckon_value.type),
        field("beckon_value", "reserved", \beckon_value.reserved),
        field("beckon_value", "as", \beckon_value.as),

        layout(beckon_value_sink.self, "beckon_value_sink"),
        field("beckon_value_sink", "struct_size", \beckon_value_sink.struct_size),
        field("beckon_value_sink", "host_data", \beckon_value_sink.host_data),
        field("beckon_value_sink", "put", \beckon_value_sink.put),

        layout(beckon_item_sink.self, "beckon_item_sink"),
        field("beckon_item_sink", "struct_size", \beckon_item_sink.struct_size),
        field("beckon_item_sink", "host_data", \beckon_item_sink.host_data),
        field("beckon_item_sink", "put", \beckon_item_sink.put),

        layout(beckon_event_stats.self, "beckon_event_stats"),
        field("beckon_event_stats", "struct_size", \beckon_event_stats.struct_size),
        field("beckon_event_stats", "count", \beckon_event_stats.count),
        field("beckon_event_stats", "has_donations", \beckon_event_stats.has_donations),
        field("beckon_event_stats", "first", \beckon_event_stats.first),
        field("beckon_event_stats", "last", \beckon_event_stats.last),

        layout(beckon_host.self, "beckon_host"),
        field("beckon_host", "struct_size", \beckon_host.struct_size),
        field("beckon_host", "abi_major", \beckon_host.abi_major),
        field("beckon_host", "abi_minor", \beckon_host.abi_minor),
        field("beckon_host", "host_name", \beckon_host.host_name),
        field("beckon_host", "log", \beckon_host.log),
        field("beckon_host", "now", \beckon_host.now),
        field("beckon_host", "eval_now", \beckon_host.eval_now),
        field("beckon_host", "eval_subject", \beckon_host.eval_subject),
        field("beckon_host", "eval_app_version", \beckon_host.eval_app_version),
        field("beckon_host", "eval_parameter", \beckon_host.eval_parameter),
        field("beckon_host", "eval_event", \beckon_host.eval_event),
        field("beckon_host", "eval_event_count_since", \beckon_host.eval_event_count_since),
        field("beckon_host", "eval_holds_until", \beckon_host.eval_holds_until),

        layout(beckon_condition.self, "beckon_condition"),
        field("beckon_condition", "struct_size", \beckon_condition.struct_size),
        field("beckon_condition", "flags", \beckon_condition.flags),
        field("beckon_condition", "name", \beckon_condition.name),
        field("beckon_condition", "signature", \beckon_condition.signature),
        field("beckon_condition", "summary", \beckon_condition.summary),
        field("beckon_condition", "bind", \beckon_condition.bind),
        field("beckon_condition", "evaluate", \beckon_condition.evaluate),
        field("beckon_condition", "unbind", \beckon_condition.unbind),

        layout(beckon_donation_append.self, "beckon_donation_append"),
        field("beckon_donation_append", "struct_size", \beckon_donation_append.struct_size),
        field("beckon_donation_append", "event", \beckon_donation_append.event),
        field("beckon_donation_append", "time", \beckon_donation_append.time),
        field("beckon_donation_append", "info", \beckon_donation_append.info),
        field("beckon_donation_append", "info_len", \beckon_donation_append.info_len),
        field("beckon_donation_append", "max_count", \beckon_donation_append.max_count),
        field("beckon_donation_append", "max_age", \beckon_donation_append.max_age),

        layout(beckon_commit.self, "beckon_commit"),
        field("beckon_commit", "struct_size", \beckon_commit.struct_size),
        field("beckon_commit", "subject", \beckon_commit.subject),
        field("beckon_commit", "expected_version", \beckon_commit.expected_version),
        field("beckon_commit", "record", \beckon_commit.record),
        field("beckon_commit", "record_len", \beckon_commit.record_len),
        field("beckon_commit", "clears_all", \beckon_commit.clears_all),
        field("beckon_commit", "cleared_events", \beckon_commit.cleared_events),
        field("beckon_commit", "cleared_event_count", \beckon_commit.cleared_event_count),
        field("beckon_commit", "appends", \beckon_commit.appends),
        field("beckon_commit", "append_count", \beckon_commit.append_count),
        field("beckon_commit", "now", \beckon_commit.now),

        layout(beckon_store.self, "beckon_store"),
        field("beckon_store", "struct_size", \beckon_store.struct_size),
        field("beckon_store", "capabilities", \beckon_store.capabilities),
        field("beckon_store", "flags", \beckon_store.flags),
        field("beckon_store", "name", \beckon_store.name),
        field("beckon_store", "summary", \beckon_store.summary),
        field("beckon_store", "open", \beckon_store.open),
        field("beckon_store", "close", \beckon_store.close),
        field("beckon_store", "load", \beckon_store.load),
        field("beckon_store", "commit", \beckon_store.commit),
        field("beckon_store", "read_log", \beckon_store.read_log),
        field("beckon_store", "check_options", \beckon_store.check_options),

        layout(beckon_plugin.self, "beckon_plugin"),
        field("beckon_plugin", "struct_size", \beckon_plugin.struct_size),
        field("beckon_plugin", "abi_major", \beckon_plugin.abi_major),
        field("beckon_plugin", "abi_minor", \beckon_plugin.abi_minor),
        field("beckon_plugin", "min_host_minor", \beckon_plugin.min_host_minor),
        field("beckon_plugin", "flags", \beckon_plugin.flags),
        field("beckon_plugin", "name", \beckon_plugin.name),
        field("beckon_plugin", "version", \beckon_plugin.version),
        field("beckon_plugin", "summary", \beckon_plugin.summary),
        field("beckon_plugin", "validate_config", \beckon_plugin.validate_config),
        field("beckon_plugin", "init", \beckon_plugin.`init`),
        field("beckon_plugin", "shutdown", \beckon_plugin.shutdown),
        field("beckon_plugin", "conditions", \beckon_plugin.conditions),
        field("beckon_plugin", "condition_count", \beckon_plugin.condition_count),
        field("beckon_plugin", "stores", \beckon_plugin.stores),
        field("beckon_plugin", "store_count", \beckon_plugin.store_count),
        field("beckon_plugin", "check_config", \beckon_plugin.check_config),

        layout(beckon_config_problem.self, "beckon_config_problem"),
        field("beckon_config_problem", "struct_size", \beckon_config_problem.struct_size),
        field("beckon_config_problem", "target", \beckon_config_problem.target),
        field("beckon_config_problem", "json_pointer", \beckon_config_problem.json_pointer),
        field("beckon_config_problem", "message", \beckon_config_problem.message),
        field("beckon_config_problem", "flags", \beckon_config_problem.flags),

        layout(beckon_config_problem_sink.self, "beckon_config_problem_sink"),
        field("beckon_config_problem_sink", "struct_size", \beckon_config_problem_sink.struct_size),
        field("beckon_config_problem_sink", "host_data", \beckon_config_problem_sink.host_data),
        field("beckon_config_problem_sink", "put", \beckon_config_problem_sink.put),
    ].flatMap { $0 }

    /// `sizeof` (C's sizeof is Swift's stride) and `alignof` lines.
    private static func layout<T>(_: T.Type, _ name: String) -> [String] {
        ["sizeof \(name) \(MemoryLayout<T>.stride)", "alignof \(name) \(MemoryLayout<T>.alignment)"]
    }

    private static func field<Root, Value>(_ root: String, _ name: String, _ keyPath: KeyPath<Root, Value>) -> [String] {
        let offset = MemoryLayout<Root>.offset(of: keyPath).map(String.init) ?? "(not stored)"
        return ["\(root).\(name) \(offset) \(MemoryLayout<Value>.size)"]
    }
}
