/* A 1.0 plugin named "roll-out": ABI 1.0 allowed '-' in a plugin's name, but rules cannot write
 * roll-out.inPercent(5), so it loads only under an `as:` name rules can write. */
#include "../fixture_plugin.h"

static beckon_status in_percent(FIXTURE_EVALUATE_PARAMETERS) {
    FIXTURE_IGNORE_EVALUATE_PARAMETERS;
    return fixture_put_bool(result, args[0].type == BECKON_TYPE_INT && args[0].as.integer > 50);
}

static const beckon_condition in_percent_condition = FIXTURE_CONDITION("inPercent", "(int) -> bool", in_percent);
static const beckon_condition *const conditions[] = {&in_percent_condition};

static const beckon_plugin plugin = {
    .struct_size = sizeof(beckon_plugin),
    .abi_major = 1,
    .abi_minor = 0,
    .name = "roll-out",
    .version = "1.0.0",
    .conditions = conditions,
    .condition_count = 1,
};

FIXTURE_ENTRY(plugin)
