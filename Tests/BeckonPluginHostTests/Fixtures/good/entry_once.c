/*
 * A plugin whose entry answers only its first call, as the header allows it to assume
 * ("Called once ... before anything else"): a host that calls it again gets NULL.
 */
#include "beckon_plugin.h"

static int calls;

static const beckon_plugin plugin = {
    .struct_size = sizeof(beckon_plugin),
    .abi_major = BECKON_PLUGIN_ABI_MAJOR,
    .abi_minor = BECKON_PLUGIN_ABI_MINOR,
    .name = "once",
    .version = "1.0.0",
};

BECKON_PLUGIN_EXPORT const beckon_plugin *beckon_plugin_entry_v1(const beckon_host *host) {
    (void)host;
    return ++calls == 1 ? &plugin : NULL;
}
