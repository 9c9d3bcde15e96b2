/* Bad plugin: a signature with a parameter missing after the comma. */
#include "beckon_plugin.h"

static beckon_status between(void *plugin_state, void *call_state, const beckon_eval *eval, const beckon_value *args,
                             size_t count, beckon_value_sink *result, beckon_error *error) {
    (void)plugin_state; (void)call_state; (void)eval; (void)args; (void)count; (void)error;
    beckon_value value = {.type = BECKON_TYPE_BOOL, .as.boolean = false};
    return result->put(result, &value);
}

static const beckon_condition condition = {
    .struct_size = sizeof(beckon_condition), .name = "between", .signature = "(int, -> bool", .evaluate = between,
};
static const beckon_condition *const conditions[] = {&condition};

static const beckon_plugin plugin = {
    .struct_size = sizeof(beckon_plugin),
    .abi_major = BECKON_PLUGIN_ABI_MAJOR,
    .abi_minor = BECKON_PLUGIN_ABI_MINOR,
    .name = "typo",
    .version = "1.0.0",
    .conditions = conditions,
    .condition_count = 1,
};

BECKON_PLUGIN_EXPORT const beckon_plugin *beckon_plugin_entry_v1(const beckon_host *host) {
    (void)host;
    return &plugin;
}
