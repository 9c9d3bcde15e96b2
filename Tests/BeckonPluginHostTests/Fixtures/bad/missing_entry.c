/* Bad plugin: exports its descriptor under another name than beckon_plugin_entry_v1. */
#include "../fixture_plugin.h"

static const beckon_plugin plugin = {
    FIXTURE_OF_THIS_HEADER,
    .name = "missing",
    .version = "1.0.0",
};

BECKON_PLUGIN_EXPORT const beckon_plugin *beckon_plugin_entry(const beckon_host *host) {
    (void)host;
    return &plugin;
}
