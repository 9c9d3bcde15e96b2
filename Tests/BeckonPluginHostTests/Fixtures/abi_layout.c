/*
 * Prints the layout of every struct in beckon_plugin.h (each field's offset and size, each
 * struct's size and alignment) and the value of every constant, one per line, for the
 * committed snapshot abi-layout-v1.txt. A field moved, resized or inserted mid-struct, or a
 * constant renumbered, changes the output; appending a field to a growing struct in a new minor
 * changes it too, and the snapshot is then updated on purpose, together with the minor.
 *
 *     cc -std=c11 -I Sources/CBeckonPlugin/include -o abi_layout abi_layout.c && ./abi_layout
 */
#include <stdio.h>
#include "beckon_plugin.h"

#define FIELD(type, field) \
    printf("%s.%s %zu %zu\n", #type, #field, offsetof(type, field), sizeof(((type *)0)->field))
#define STRUCT(type) printf("sizeof %s %zu\nalignof %s %zu\n", #type, sizeof(type), #type, _Alignof(type))
#define CONSTANT(name) printf("define %s %lld\n", #name, (long long)(name))

int main(void) {
    STRUCT(beckon_error);
    FIELD(beckon_error, struct_size);
    FIELD(beckon_error, message);
    FIELD(beckon_error, json_pointer);

    STRUCT(beckon_string);
    FIELD(beckon_string, ptr);
    FIELD(beckon_string, len);

    STRUCT(beckon_value);
    FIELD(beckon_value, type);
    FIELD(beckon_value, reserved);
    FIELD(beckon_value, as);
    FIELD(beckon_value, as.boolean);
    FIELD(beckon_value, as.integer);
    FIELD(beckon_value, as.number);
    FIELD(beckon_value, as.string);

    STRUCT(beckon_value_sink);
    FIELD(beckon_value_sink, struct_size);
    FIELD(beckon_value_sink, host_data);
    FIELD(beckon_value_sink, put);

    STRUCT(beckon_item_sink);
    FIELD(beckon_item_sink, struct_size);
    FIELD(beckon_item_sink, host_data);
    FIELD(beckon_item_sink, put);

    STRUCT(beckon_event_stats);
    FIELD(beckon_event_stats, struct_size);
    FIELD(beckon_event_stats, count);
    FIELD(beckon_event_stats, has_donations);
    FIELD(beckon_event_stats, first);
    FIELD(beckon_event_stats, last);

    STRUCT(beckon_host);
    FIELD(beckon_host, struct_size);
    FIELD(beckon_host, abi_major);
    FIELD(beckon_host, abi_minor);
    FIELD(beckon_host, host_name);
    FIELD(beckon_host, log);
    FIELD(beckon_host, now);
    FIELD(beckon_host, eval_now);
    FIELD(beckon_host, eval_subject);
    FIELD(beckon_host, eval_app_version);
    FIELD(beckon_host, eval_parameter);
    FIELD(beckon_host, eval_event);
    FIELD(beckon_host, eval_event_count_since);
    FIELD(beckon_host, eval_holds_until);

    STRUCT(beckon_condition);
    FIELD(beckon_condition, struct_size);
    FIELD(beckon_condition, flags);
    FIELD(beckon_condition, name);
    FIELD(beckon_condition, signature);
    FIELD(beckon_condition, summary);
    FIELD(beckon_condition, bind);
    FIELD(beckon_condition, evaluate);
    FIELD(beckon_condition, unbind);

    STRUCT(beckon_donation_append);
    FIELD(beckon_donation_append, struct_size);
    FIELD(beckon_donation_append, event);
    FIELD(beckon_donation_append, time);
    FIELD(beckon_donation_append, info);
    FIELD(beckon_donation_append, info_len);
    FIELD(beckon_donation_append, max_count);
    FIELD(beckon_donation_append, max_age);

    STRUCT(beckon_commit);
    FIELD(beckon_commit, struct_size);
    FIELD(beckon_commit, subject);
    FIELD(beckon_commit, expected_version);
    FIELD(beckon_commit, record);
    FIELD(beckon_commit, record_len);
    FIELD(beckon_commit, clears_all);
    FIELD(beckon_commit, cleared_events);
    FIELD(beckon_commit, cleared_event_count);
    FIELD(beckon_commit, appends);
    FIELD(beckon_commit, append_count);
    FIELD(beckon_commit, now);
    FIELD(beckon_commit, version);

    STRUCT(beckon_store);
    FIELD(beckon_store, struct_size);
    FIELD(beckon_store, capabilities);
    FIELD(beckon_store, flags);
    FIELD(beckon_store, name);
    FIELD(beckon_store, summary);
    FIELD(beckon_store, open);
    FIELD(beckon_store, close);
    FIELD(beckon_store, load);
    FIELD(beckon_store, commit);
    FIELD(beckon_store, read_log);
    FIELD(beckon_store, check_options);
    FIELD(beckon_store, list_subjects);
    FIELD(beckon_store, erase_subject);

    STRUCT(beckon_plugin);
    FIELD(beckon_plugin, struct_size);
    FIELD(beckon_plugin, abi_major);
    FIELD(beckon_plugin, abi_minor);
    FIELD(beckon_plugin, min_host_minor);
    FIELD(beckon_plugin, flags);
    FIELD(beckon_plugin, name);
    FIELD(beckon_plugin, version);
    FIELD(beckon_plugin, summary);
    FIELD(beckon_plugin, validate_config);
    FIELD(beckon_plugin, init);
    FIELD(beckon_plugin, shutdown);
    FIELD(beckon_plugin, conditions);
    FIELD(beckon_plugin, condition_count);
    FIELD(beckon_plugin, stores);
    FIELD(beckon_plugin, store_count);
    FIELD(beckon_plugin, check_config);

    STRUCT(beckon_config_problem);
    FIELD(beckon_config_problem, struct_size);
    FIELD(beckon_config_problem, target);
    FIELD(beckon_config_problem, json_pointer);
    FIELD(beckon_config_problem, message);
    FIELD(beckon_config_problem, flags);

    STRUCT(beckon_config_problem_sink);
    FIELD(beckon_config_problem_sink, struct_size);
    FIELD(beckon_config_problem_sink, host_data);
    FIELD(beckon_config_problem_sink, put);

    CONSTANT(BECKON_PLUGIN_SIZE_1_0);
    CONSTANT(BECKON_CONDITION_SIZE_1_0);
    CONSTANT(BECKON_STORE_SIZE_1_0);
    CONSTANT(BECKON_PLUGIN_ABI_MAJOR);
    CONSTANT(BECKON_PLUGIN_ABI_MINOR);
    CONSTANT(BECKON_OK);
    CONSTANT(BECKON_INVALID_ARGUMENT);
    CONSTANT(BECKON_NOT_FOUND);
    CONSTANT(BECKON_CONFLICT);
    CONSTANT(BECKON_UNAVAILABLE);
    CONSTANT(BECKON_TIMEOUT);
    CONSTANT(BECKON_UNSUPPORTED);
    CONSTANT(BECKON_INTERNAL);
    CONSTANT(BECKON_ERROR_MESSAGE_CAPACITY);
    CONSTANT(BECKON_ERROR_POINTER_CAPACITY);
    CONSTANT(BECKON_TYPE_NULL);
    CONSTANT(BECKON_TYPE_BOOL);
    CONSTANT(BECKON_TYPE_INT);
    CONSTANT(BECKON_TYPE_DOUBLE);
    CONSTANT(BECKON_TYPE_STRING);
    CONSTANT(BECKON_TYPE_DURATION);
    CONSTANT(BECKON_TYPE_TIMESTAMP);
    CONSTANT(BECKON_TYPE_VERSION);
    CONSTANT(BECKON_LOG_DEBUG);
    CONSTANT(BECKON_LOG_INFO);
    CONSTANT(BECKON_LOG_WARNING);
    CONSTANT(BECKON_LOG_ERROR);
    CONSTANT(BECKON_CONDITION_PURE);
    CONSTANT(BECKON_CONDITION_SERIALIZE);
    CONSTANT(BECKON_STORE_DURABLE);
    CONSTANT(BECKON_STORE_SHARED_ACROSS_PROCESSES);
    CONSTANT(BECKON_STORE_SHARED_ACROSS_HOSTS);
    CONSTANT(BECKON_STORE_TTL);
    CONSTANT(BECKON_STORE_SERIALIZE);
    CONSTANT(BECKON_PLUGIN_SERIALIZE);
    CONSTANT(BECKON_PLUGIN_SIZE_1_1);
    CONSTANT(BECKON_CONFIG_AT_VALUE);
    CONSTANT(BECKON_CONFIG_AT_KEY);
    CONSTANT(BECKON_STORE_SIZE_1_2);
    CONSTANT(BECKON_CONFIG_PROBLEM_SIZE_1_1);
    CONSTANT(BECKON_CONFIG_PROBLEM_SIZE_1_2);
    CONSTANT(BECKON_STORE_SIZE_1_3);
    CONSTANT(BECKON_COMMIT_SIZE_1_0);
    CONSTANT(BECKON_COMMIT_SIZE_1_3);
    CONSTANT(BECKON_CONFIG_PROBLEM_SECRET);
    printf("symbol %s\n", BECKON_PLUGIN_ENTRY_SYMBOL);
    return 0;
}
