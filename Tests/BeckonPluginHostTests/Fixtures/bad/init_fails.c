/* Bad plugin: a sound descriptor whose init fails with a message. */
#include "beckon_plugin.h"

static beckon_status init(const beckon_host *host, beckon_string config_json, void **plugin_state, beckon_error *error) {
    (void)host; (void)config_json; (void)plugin_state;
    beckon_error_set(error, "cannot reach the holiday service at calendar.invalid:443");
    return BECKON_UNAVAILABLE;
}

static const beckon_plugin plugin = {
    .struct_size = sizeof(beckon_plugin),
    .abi_major = BECKON_PLUGIN_ABI_MAJOR,
    .abi_minor = BECKON_PLUGIN_ABI_MINOR,
    .name = "offline",
    .version = "1.0.0",
    .init = init,
};

BECKON_PLUGIN_EXPORT const beckon_plugin *beckon_plugin_entry_v1(const beckon_host *host) {
    (void)host;
    return &plugin;
}
