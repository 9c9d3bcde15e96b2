/* Bad plugin: validate_config refuses every config, pointing at /holidays/1. */
#include "../fixture_plugin.h"

static beckon_status validate_config(beckon_string config_json, beckon_error *error) {
    (void)config_json;
    beckon_error_set(error, "'2026-02-30' is not a date");
    beckon_error_set_pointer(error, "/holidays/1");
    return BECKON_INVALID_ARGUMENT;
}

static const beckon_plugin plugin = {
    FIXTURE_OF_THIS_HEADER,
    .name = "picky",
    .version = "1.0.0",
    .validate_config = validate_config,
};

FIXTURE_ENTRY(plugin)
