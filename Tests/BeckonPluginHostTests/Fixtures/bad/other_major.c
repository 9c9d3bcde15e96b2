/* Bad plugin: claims ABI 2.0 (as a plugin built against a future header would). */
#include "../fixture_plugin.h"

static const beckon_plugin plugin = {
    .struct_size = sizeof(beckon_plugin),
    .abi_major = 2,
    .abi_minor = 0,
    .name = "future",
    .version = "2.0.0",
};

FIXTURE_ENTRY(plugin)
