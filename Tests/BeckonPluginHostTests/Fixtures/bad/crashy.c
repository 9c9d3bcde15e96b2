/*
 * Bad plugin: a condition that dereferences NULL (SIGSEGV), for the crash report that names
 * the plugin.
 *
 *     crashy.boom() -> bool
 */
#include "../fixture_plugin.h"

static beckon_status boom(FIXTURE_EVALUATE_PARAMETERS) {
    FIXTURE_IGNORE_EVALUATE_PARAMETERS;
    volatile int *nowhere = (volatile int *)0;
    *nowhere = 1;
    return fixture_put_bool(result, true);
}

static const beckon_condition condition = FIXTURE_CONDITION("boom", "() -> bool", boom);
static const beckon_condition *const conditions[] = {&condition};
FIXTURE_PLUGIN_WITH_CONDITIONS("crashy", conditions)
