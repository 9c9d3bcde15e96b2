/* Bad plugin: a sound descriptor whose init fails with a message. */
#include "../fixture_plugin.h"

static beckon_status init(const beckon_host *host, beckon_string config_json, void **plugin_state, beckon_error *error) {
    (void)host; (void)config_json; (void)plugin_state;
    beckon_error_set(error, "cannot reach the holiday service at calendar.invalid:443");
    return BECKON_UNAVAILABLE;
}

static const beckon_plugin plugin = {
    FIXTURE_OF_THIS_HEADER,
    .name = "offline",
    .version = "1.0.0",
    .init = init,
};

FIXTURE_ENTRY(plugin)
