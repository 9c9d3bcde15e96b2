/* Bad plugin: built against a 1.3 header and needs a 1.3 host. */
#include "../fixture_plugin.h"

static const beckon_plugin plugin = {
    .struct_size = sizeof(beckon_plugin),
    .abi_major = BECKON_PLUGIN_ABI_MAJOR,
    .abi_minor = 3,
    .min_host_minor = 3,
    .name = "demanding",
    .version = "1.3.0",
};

FIXTURE_ENTRY(plugin)
