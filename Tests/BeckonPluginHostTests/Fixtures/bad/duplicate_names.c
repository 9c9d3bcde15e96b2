/* Bad plugin: two conditions share the name "isOpen". */
#include "beckon_plugin.h"

static beckon_status open_now(void *plugin_state, void *call_state, const beckon_eval *eval, const beckon_value *args,
                              size_t count, beckon_value_sink *result, beckon_error *error) {
    (void)plugin_state; (void)call_state; (void)eval; (void)args; (void)count; (void)error;
    beckon_value value = {.type = BECKON_TYPE_BOOL, .as.boolean = true};
    return result->put(result, &value);
}

static const beckon_condition open_today = {
    .struct_size = sizeof(beckon_condition), .name = "isOpen", .signature = "() -> bool", .evaluate = open_now,
};
static const beckon_condition open_at = {
    .struct_size = sizeof(beckon_condition), .name = "closesAt", .signature = "() -> timestamp", .evaluate = open_now,
};
static const beckon_condition open_on = {
    .struct_size = sizeof(beckon_condition), .name = "isOpen", .signature = "(timestamp) -> bool", .evaluate = open_now,
};
static const beckon_condition *const conditions[] = {&open_today, &open_at, &open_on};

static const beckon_plugin plugin = {
    .struct_size = sizeof(beckon_plugin),
    .abi_major = BECKON_PLUGIN_ABI_MAJOR,
    .abi_minor = BECKON_PLUGIN_ABI_MINOR,
    .name = "shop",
    .version = "1.0.0",
    .conditions = conditions,
    .condition_count = 3,
};

BECKON_PLUGIN_EXPORT const beckon_plugin *beckon_plugin_entry_v1(const beckon_host *host) {
    (void)host;
    return &plugin;
}
