/* Bad plugin: its second condition has no evaluate function. */
#include "beckon_plugin.h"

static beckon_status always(void *plugin_state, void *call_state, const beckon_eval *eval, const beckon_value *args,
                            size_t count, beckon_value_sink *result, beckon_error *error) {
    (void)plugin_state; (void)call_state; (void)eval; (void)args; (void)count; (void)error;
    beckon_value value = {.type = BECKON_TYPE_BOOL, .as.boolean = true};
    return result->put(result, &value);
}

static const beckon_condition first = {
    .struct_size = sizeof(beckon_condition), .name = "always", .signature = "() -> bool", .evaluate = always,
};
static const beckon_condition second = {
    .struct_size = sizeof(beckon_condition), .name = "never", .signature = "() -> bool", .evaluate = NULL,
};
static const beckon_condition *const conditions[] = {&first, &second};

static const beckon_plugin plugin = {
    .struct_size = sizeof(beckon_plugin),
    .abi_major = BECKON_PLUGIN_ABI_MAJOR,
    .abi_minor = BECKON_PLUGIN_ABI_MINOR,
    .name = "halfdone",
    .version = "1.0.0",
    .conditions = conditions,
    .condition_count = 2,
};

BECKON_PLUGIN_EXPORT const beckon_plugin *beckon_plugin_entry_v1(const beckon_host *host) {
    (void)host;
    return &plugin;
}
