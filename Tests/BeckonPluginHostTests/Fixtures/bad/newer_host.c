/* Bad plugin: built against the next minor's header and needs a host of that minor. */
#include "../fixture_plugin.h"

static const beckon_plugin plugin = {
    .struct_size = sizeof(beckon_plugin),
    .abi_major = BECKON_PLUGIN_ABI_MAJOR,
    .abi_minor = BECKON_PLUGIN_ABI_MINOR + 1,
    .min_host_minor = BECKON_PLUGIN_ABI_MINOR + 1,
    .name = "demanding",
    .version = "1.3.0",
};

FIXTURE_ENTRY(plugin)
