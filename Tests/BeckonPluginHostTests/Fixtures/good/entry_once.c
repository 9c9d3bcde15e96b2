/*
 * A plugin whose entry answers only its first call, as the header allows it to assume
 * ("Called once ... before anything else"): a host that calls it again gets NULL.
 */
#include "../fixture_plugin.h"

static int calls;

static const beckon_plugin plugin = {
    FIXTURE_OF_THIS_HEADER,
    .name = "once",
    .version = "1.0.0",
};

BECKON_PLUGIN_EXPORT const beckon_plugin *beckon_plugin_entry_v1(const beckon_host *host) {
    (void)host;
    return ++calls == 1 ? &plugin : NULL;
}
