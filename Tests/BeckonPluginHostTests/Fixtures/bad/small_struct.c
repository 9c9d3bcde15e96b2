/* Bad plugin: its struct_size stops before the stores (a pre-1.0 draft of the header). */
#include "../fixture_plugin.h"

static const beckon_plugin plugin = {
    .struct_size = offsetof(beckon_plugin, stores),
    .abi_major = BECKON_PLUGIN_ABI_MAJOR,
    .abi_minor = BECKON_PLUGIN_ABI_MINOR,
    .name = "draft",
    .version = "0.9.0",
};

FIXTURE_ENTRY(plugin)
