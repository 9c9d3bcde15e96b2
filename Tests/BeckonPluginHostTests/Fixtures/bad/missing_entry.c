/* Bad plugin: exports its descriptor under another name than beckon_plugin_entry_v1. */
#include "beckon_plugin.h"

static const beckon_plugin plugin = {
    .struct_size = sizeof(beckon_plugin),
    .abi_major = BECKON_PLUGIN_ABI_MAJOR,
    .abi_minor = BECKON_PLUGIN_ABI_MINOR,
    .name = "missing",
    .version = "1.0.0",
};

BECKON_PLUGIN_EXPORT const beckon_plugin *beckon_plugin_entry(const beckon_host *host) {
    (void)host;
    return &plugin;
}
