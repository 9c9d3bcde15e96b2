/* Bad plugin: two conditions share the name "isOpen". */
#include "../fixture_plugin.h"

static beckon_status open_now(FIXTURE_EVALUATE_PARAMETERS) {
    FIXTURE_IGNORE_EVALUATE_PARAMETERS;
    return fixture_put_bool(result, true);
}

static const beckon_condition open_today = FIXTURE_CONDITION("isOpen", "() -> bool", open_now);
static const beckon_condition open_at = FIXTURE_CONDITION("closesAt", "() -> timestamp", open_now);
static const beckon_condition open_on = FIXTURE_CONDITION("isOpen", "(timestamp) -> bool", open_now);
static const beckon_condition *const conditions[] = {&open_today, &open_at, &open_on};

FIXTURE_PLUGIN_WITH_CONDITIONS("shop", conditions)
