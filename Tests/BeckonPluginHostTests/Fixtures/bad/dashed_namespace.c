/* A 1.0 plugin named "roll-out": ABI 1.0 allowed '-' in a plugin's name, but rules cannot write
 * roll-out.inPercent(5), so it loads only under an `as:` name rules can write. */
#include "beckon_plugin.h"

static beckon_status in_percent(void *plugin_state, void *call_state, const beckon_eval *eval, const beckon_value *args,
                                size_t count, beckon_value_sink *result, beckon_error *error) {
    (void)plugin_state; (void)call_state; (void)eval; (void)count; (void)error;
    beckon_value value = {.type = BECKON_TYPE_BOOL, .as.boolean = args[0].type == BECKON_TYPE_INT && args[0].as.integer > 50};
    return result->put(result, &value);
}

static const beckon_condition in_percent_condition = {
    .struct_size = sizeof(beckon_condition), .name = "inPercent", .signature = "(int) -> bool", .evaluate = in_percent,
};
static const beckon_condition *const conditions[] = {&in_percent_condition};

static const beckon_plugin plugin = {
    .struct_size = sizeof(beckon_plugin),
    .abi_major = 1,
    .abi_minor = 0,
    .name = "roll-out",
    .version = "1.0.0",
    .conditions = conditions,
    .condition_count = 1,
};

BECKON_PLUGIN_EXPORT const beckon_plugin *beckon_plugin_entry_v1(const beckon_host *host) {
    (void)host;
    return &plugin;
}
