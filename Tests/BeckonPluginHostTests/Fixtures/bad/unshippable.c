/*
 * Bad plugin for `beckon plugin verify`: a working plugin ("leaky") with one shipping defect,
 * chosen when built:
 *   -DEXPORT_HELPER      exports a helper besides the entry (as without -fvisibility=hidden);
 *   -DNEED_HOST_SYMBOL   calls a function no library it names provides, expecting the host to
 *                        have it (linked without -Wl,--no-undefined).
 */
#include "../fixture_plugin.h"

#ifdef EXPORT_HELPER
__attribute__((visibility("default"))) int leaky_helper(int value) { return value + 1; }
#endif

#ifdef NEED_HOST_SYMBOL
extern int beckon_host_private_helper(void);
#endif

static beckon_status answer(FIXTURE_EVALUATE_PARAMETERS) {
    FIXTURE_IGNORE_EVALUATE_PARAMETERS;
#ifdef NEED_HOST_SYMBOL
    return fixture_put_bool(result, beckon_host_private_helper() > 0);
#else
    return fixture_put_bool(result, true);
#endif
}

static const beckon_condition condition = FIXTURE_CONDITION("answer", "() -> bool", answer);
static const beckon_condition *const conditions[] = {&condition};
FIXTURE_PLUGIN_WITH_CONDITIONS("leaky", conditions)
