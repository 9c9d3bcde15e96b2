/* Bad plugin: a signature with a parameter missing after the comma. */
#include "../fixture_plugin.h"

static beckon_status between(FIXTURE_EVALUATE_PARAMETERS) {
    FIXTURE_IGNORE_EVALUATE_PARAMETERS;
    return fixture_put_bool(result, false);
}

static const beckon_condition condition = FIXTURE_CONDITION("between", "(int, -> bool", between);
static const beckon_condition *const conditions[] = {&condition};

FIXTURE_PLUGIN_WITH_CONDITIONS("typo", conditions)
