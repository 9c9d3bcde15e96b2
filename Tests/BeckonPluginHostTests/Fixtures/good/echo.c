/*
 * echo: conditions that write back the arguments they were given, as text, so that tests see
 * exactly what crossed the ABI, whatever the number of arguments.
 *
 *     echo.two(string, int) -> string
 *     echo.six(string, int, bool, double, version, duration) -> string
 */
#include "../fixture_plugin.h"
#include <stdio.h>

static int echo_value(char *out, size_t room, const beckon_value *value) {
    switch (value->type) {
    case BECKON_TYPE_NULL: return snprintf(out, room, "null");
    case BECKON_TYPE_BOOL: return snprintf(out, room, "%s", value->as.boolean ? "true" : "false");
    case BECKON_TYPE_INT:
    case BECKON_TYPE_DURATION:
    case BECKON_TYPE_TIMESTAMP: return snprintf(out, room, "%lld", (long long)value->as.integer);
    case BECKON_TYPE_DOUBLE: return snprintf(out, room, "%g", value->as.number);
    case BECKON_TYPE_STRING:
    case BECKON_TYPE_VERSION: return snprintf(out, room, "'%.*s'", (int)value->as.string.len, value->as.string.ptr);
    default: return snprintf(out, room, "?");
    }
}

static beckon_status echo(FIXTURE_EVALUATE_PARAMETERS) {
    FIXTURE_IGNORE_EVALUATE_PARAMETERS;
    char text[512];
    size_t used = 0;
    for (size_t index = 0; index < count && used < sizeof text; index++) {
        if (index > 0) text[used++] = ' ';
        int written = echo_value(text + used, sizeof text - used, &args[index]);
        if (written > 0) used += (size_t)written < sizeof text - used ? (size_t)written : sizeof text - used - 1;
    }
    beckon_value value = {0};
    value.type = BECKON_TYPE_STRING;
    value.as.string.ptr = text;
    value.as.string.len = used;
    return result->put(result, &value);
}

static const beckon_condition two_condition = {
    .struct_size = sizeof(beckon_condition), .flags = BECKON_CONDITION_PURE,
    .name = "two", .signature = "(string, int) -> string", .evaluate = echo,
};

static const beckon_condition six_condition = {
    .struct_size = sizeof(beckon_condition), .flags = BECKON_CONDITION_PURE,
    .name = "six", .signature = "(string, int, bool, double, version, duration) -> string", .evaluate = echo,
};

static const beckon_condition *const echo_conditions[] = {&two_condition, &six_condition};

FIXTURE_PLUGIN_WITH_CONDITIONS("echo", echo_conditions)
