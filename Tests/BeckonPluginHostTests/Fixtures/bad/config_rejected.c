/* Bad plugin: validate_config refuses every config, pointing at /holidays/1. */
#include "beckon_plugin.h"

static beckon_status validate_config(beckon_string config_json, beckon_error *error) {
    (void)config_json;
    beckon_error_set(error, "'2026-02-30' is not a date");
    beckon_error_set_pointer(error, "/holidays/1");
    return BECKON_INVALID_ARGUMENT;
}

static const beckon_plugin plugin = {
    .struct_size = sizeof(beckon_plugin),
    .abi_major = BECKON_PLUGIN_ABI_MAJOR,
    .abi_minor = BECKON_PLUGIN_ABI_MINOR,
    .name = "picky",
    .version = "1.0.0",
    .validate_config = validate_config,
};

BECKON_PLUGIN_EXPORT const beckon_plugin *beckon_plugin_entry_v1(const beckon_host *host) {
    (void)host;
    return &plugin;
}
