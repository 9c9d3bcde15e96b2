/* Bad plugin: claims ABI 2.0 (as a plugin built against a future header would). */
#include "beckon_plugin.h"

static const beckon_plugin plugin = {
    .struct_size = sizeof(beckon_plugin),
    .abi_major = 2,
    .abi_minor = 0,
    .name = "future",
    .version = "2.0.0",
};

BECKON_PLUGIN_EXPORT const beckon_plugin *beckon_plugin_entry_v1(const beckon_host *host) {
    (void)host;
    return &plugin;
}
