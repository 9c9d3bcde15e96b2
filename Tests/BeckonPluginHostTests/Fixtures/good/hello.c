/*
 * hello: the smallest useful Beckon plugin, written from beckon_plugin.h alone.
 *
 *     greeting.isLongName() -> bool       the subject's id has more than 8 bytes
 *     greeting.atLeast(int) -> bool       the subject's int parameter "visits"
 *                                         is at least the argument
 */
#include "beckon_plugin.h"

static const beckon_host *hello_host;

static beckon_status hello_put_bool(beckon_value_sink *result, bool answer) {
    beckon_value value = {0};
    value.type = BECKON_TYPE_BOOL;
    value.as.boolean = answer;
    return result->put(result, &value);
}

static beckon_status is_long_name(void *plugin_state, void *call_state, const beckon_eval *eval,
                                  const beckon_value *args, size_t count, beckon_value_sink *result,
                                  beckon_error *error) {
    (void)plugin_state; (void)call_state; (void)args; (void)count; (void)error;
    beckon_string subject = hello_host->eval_subject(eval);
    return hello_put_bool(result, subject.len > 8);
}

static beckon_status at_least(void *plugin_state, void *call_state, const beckon_eval *eval,
                              const beckon_value *args, size_t count, beckon_value_sink *result,
                              beckon_error *error) {
    (void)plugin_state; (void)call_state;
    if (count != 1 || args[0].type != BECKON_TYPE_INT) {
        beckon_error_set(error, "greeting.atLeast expects one int");
        return BECKON_INVALID_ARGUMENT;
    }
    static const char parameter[] = "visits";
    beckon_string name = {parameter, sizeof parameter - 1};
    beckon_value visits = {0};
    beckon_status status = hello_host->eval_parameter(eval, name, &visits);
    if (status == BECKON_NOT_FOUND) {
        beckon_error_set(error, "greeting.atLeast needs an int parameter 'visits' in the configuration");
        return status;
    }
    if (status != BECKON_OK) {
        beckon_error_set(error, "greeting.atLeast could not read parameter 'visits'");
        return status;
    }
    if (visits.type != BECKON_TYPE_INT) {
        beckon_error_set(error, "greeting.atLeast needs parameter 'visits' to be an int");
        return BECKON_INVALID_ARGUMENT;
    }
    return hello_put_bool(result, visits.as.integer >= args[0].as.integer);
}

static const beckon_condition is_long_name_condition = {
    .struct_size = sizeof(beckon_condition),
    .flags = BECKON_CONDITION_PURE,
    .name = "isLongName",
    .signature = "() -> bool",
    .summary = "whether the subject's id has more than 8 bytes",
    .evaluate = is_long_name,
};

static const beckon_condition at_least_condition = {
    .struct_size = sizeof(beckon_condition),
    .flags = BECKON_CONDITION_PURE,
    .name = "atLeast",
    .signature = "(int) -> bool",
    .summary = "whether parameter 'visits' is at least the argument",
    .evaluate = at_least,
};

static const beckon_condition *const hello_conditions[] = {&is_long_name_condition, &at_least_condition};

static const beckon_plugin hello_plugin = {
    .struct_size = sizeof(beckon_plugin),
    .abi_major = BECKON_PLUGIN_ABI_MAJOR,
    .abi_minor = BECKON_PLUGIN_ABI_MINOR,
    .min_host_minor = 0,
    .name = "greeting",
    .version = "1.0.0",
    .summary = "greets subjects with long names and regular visitors",
    .conditions = hello_conditions,
    .condition_count = sizeof hello_conditions / sizeof hello_conditions[0],
};

BECKON_PLUGIN_EXPORT const beckon_plugin *beckon_plugin_entry_v1(const beckon_host *host) {
    if (host == NULL || host->abi_major != BECKON_PLUGIN_ABI_MAJOR
        || !BECKON_HAS_FIELD(host, beckon_host, eval_event_count_since)) {
        return NULL;
    }
    hello_host = host;
    return &hello_plugin;
}
