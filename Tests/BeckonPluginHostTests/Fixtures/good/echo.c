/*
 * echo: conditions that write back the arguments they were given, as text, so that tests see
 * exactly what crossed the ABI, whatever the number of arguments.
 *
 *     echo.two(string, int) -> string
 *     echo.six(string, int, bool, double, version, duration) -> string
 */
#include "beckon_plugin.h"
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

static beckon_status echo(void *plugin_state, void *call_state, const beckon_eval *eval, const beckon_value *args,
                          size_t count, beckon_value_sink *result, beckon_error *error) {
    (void)plugin_state; (void)call_state; (void)eval; (void)error;
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

static const beckon_plugin echo_plugin = {
    .struct_size = sizeof(beckon_plugin),
    .abi_major = BECKON_PLUGIN_ABI_MAJOR,
    .abi_minor = BECKON_PLUGIN_ABI_MINOR,
    .name = "echo",
    .version = "1.0.0",
    .conditions = echo_conditions,
    .condition_count = sizeof echo_conditions / sizeof echo_conditions[0],
};

BECKON_PLUGIN_EXPORT const beckon_plugin *beckon_plugin_entry_v1(const beckon_host *host) {
    (void)host;
    return &echo_plugin;
}
