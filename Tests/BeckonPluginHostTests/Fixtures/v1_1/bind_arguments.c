/*
 * args: a 1.1 plugin whose bind refuses one argument and says which, and whose evaluate handles
 * arguments that arrive null.
 *
 *     args.pick(int, int) -> int   the first argument; bind refuses a negative constant (naming
 *                                  the argument), a constant null ("the constant null"), and 99
 *                                  with a pointer that names no argument; evaluate refuses null
 */
#include "../fixture_plugin.h"
#include <stdio.h>

static beckon_status pick_bind(void *plugin_state, const beckon_value *constants, const bool *known, size_t count,
                               void **call_state, beckon_error *error) {
    (void)plugin_state;
    *call_state = NULL;
    char message[BECKON_ERROR_MESSAGE_CAPACITY];
    char pointer[32];
    for (size_t i = 0; i < count; i++) {
        if (!known[i]) continue; /* known only at evaluation */
        snprintf(pointer, sizeof pointer, "/%zu", i);
        if (constants[i].type == BECKON_TYPE_NULL) {
            snprintf(message, sizeof message, "argument %zu is the constant null", i);
        } else if (constants[i].as.integer == 99) {
            snprintf(message, sizeof message, "99 is refused, pointing nowhere");
            snprintf(pointer, sizeof pointer, "/%zu", count + 5);
        } else if (constants[i].as.integer < 0) {
            snprintf(message, sizeof message, "must not be negative, not %lld", (long long)constants[i].as.integer);
        } else {
            continue;
        }
        beckon_error_set(error, message);
        beckon_error_set_pointer(error, pointer);
        return BECKON_INVALID_ARGUMENT;
    }
    return BECKON_OK;
}

static beckon_status pick_evaluate(FIXTURE_EVALUATE_PARAMETERS) {
    FIXTURE_IGNORE_EVALUATE_PARAMETERS;
    for (size_t i = 0; i < count; i++) {
        if (args[i].type == BECKON_TYPE_NULL) {
            char message[64];
            snprintf(message, sizeof message, "argument %zu is null at evaluation", i);
            beckon_error_set(error, message);
            return BECKON_INVALID_ARGUMENT;
        }
    }
    beckon_value value = {.type = BECKON_TYPE_INT, .reserved = 0, .as.integer = args[0].as.integer};
    return result->put(result, &value);
}

static const beckon_condition pick = {
    .struct_size = sizeof(beckon_condition), .flags = BECKON_CONDITION_PURE,
    .name = "pick", .signature = "(int, int) -> int", .bind = pick_bind, .evaluate = pick_evaluate,
};

static const beckon_condition *const conditions[] = {&pick};

FIXTURE_PLUGIN_WITH_CONDITIONS("args", conditions)
