/* Bad plugin: its condition always fails with a message. */
#include "beckon_plugin.h"

static beckon_status broken(void *plugin_state, void *call_state, const beckon_eval *eval, const beckon_value *args,
                            size_t count, beckon_value_sink *result, beckon_error *error) {
    (void)plugin_state; (void)call_state; (void)eval; (void)args; (void)count; (void)result;
    beckon_error_set(error, "the weather service answered 503");
    return BECKON_UNAVAILABLE;
}

static const beckon_condition condition = {
    .struct_size = sizeof(beckon_condition), .name = "isSunny", .signature = "() -> bool", .evaluate = broken,
};
static const beckon_condition *const conditions[] = {&condition};

static const beckon_plugin plugin = {
    .struct_size = sizeof(beckon_plugin),
    .abi_major = BECKON_PLUGIN_ABI_MAJOR,
    .abi_minor = BECKON_PLUGIN_ABI_MINOR,
    .name = "weather",
    .version = "1.0.0",
    .conditions = conditions,
    .condition_count = 1,
};

BECKON_PLUGIN_EXPORT const beckon_plugin *beckon_plugin_entry_v1(const beckon_host *host) {
    (void)host;
    return &plugin;
}
