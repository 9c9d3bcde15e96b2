/* Bad plugin: its second condition has no evaluate function. */
#include "../fixture_plugin.h"

static beckon_status always(FIXTURE_EVALUATE_PARAMETERS) {
    FIXTURE_IGNORE_EVALUATE_PARAMETERS;
    return fixture_put_bool(result, true);
}

static const beckon_condition first = FIXTURE_CONDITION("always", "() -> bool", always);
static const beckon_condition second = FIXTURE_CONDITION("never", "() -> bool", NULL);
static const beckon_condition *const conditions[] = {&first, &second};

FIXTURE_PLUGIN_WITH_CONDITIONS("halfdone", conditions)
