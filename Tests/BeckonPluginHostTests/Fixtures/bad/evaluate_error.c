/* Bad plugin: its condition always fails with a message. */
#include "../fixture_plugin.h"

static beckon_status broken(FIXTURE_EVALUATE_PARAMETERS) {
    FIXTURE_IGNORE_EVALUATE_PARAMETERS;
    beckon_error_set(error, "the weather service answered 503");
    return BECKON_UNAVAILABLE;
}

static const beckon_condition condition = FIXTURE_CONDITION("isSunny", "() -> bool", broken);
static const beckon_condition *const conditions[] = {&condition};

FIXTURE_PLUGIN_WITH_CONDITIONS("weather", conditions)
