/*
 * results: returns values that are not well formed, so that the host's messages can be checked.
 *
 *     results.make(int) -> string   0: a string that is not UTF-8; 1: a NULL pointer with a
 *                                   length; 2: type code 42; 3: a version "1.x"; 4: a string
 *                                   that is not UTF-8, returning put's own status
 */
#include "../fixture_plugin.h"
#include <stdio.h>

static beckon_status make(FIXTURE_EVALUATE_PARAMETERS) {
    FIXTURE_IGNORE_EVALUATE_PARAMETERS;
    beckon_value value = {.type = BECKON_TYPE_STRING, .reserved = 0};
    switch (args[0].type == BECKON_TYPE_INT ? args[0].as.integer : -1) {
    case 0: case 4: value.as.string.ptr = "caf\xC3"; value.as.string.len = 4; break;
    case 1: value.as.string.ptr = NULL; value.as.string.len = 3; break;
    case 2: value.type = 42; break;
    case 3: value.type = BECKON_TYPE_VERSION; value.as.string.ptr = "1.x"; value.as.string.len = 3; break;
    default: beckon_error_set(error, "unknown case"); return BECKON_INVALID_ARGUMENT;
    }
    const beckon_status status = result->put(result, &value);
    if (args[0].as.integer != 4) return BECKON_OK; /* as a careless plugin does */
    char message[64];
    snprintf(message, sizeof message, "put answered %d", (int)status);
    beckon_error_set(error, message);
    return status;
}

static const beckon_condition make_condition = FIXTURE_CONDITION("make", "(int) -> string", make);

static const beckon_condition *const conditions[] = {&make_condition};

FIXTURE_PLUGIN_WITH_CONDITIONS("results", conditions)
