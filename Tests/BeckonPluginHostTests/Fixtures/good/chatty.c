/*
 * chatty: logs one line at each level when loaded, and returns timestamps it is given, so that
 * tests see which log lines the host prints and what it makes of any instant a plugin returns.
 *
 *     chatty.instant(int) -> timestamp     the argument, as a timestamp (Unix ms)
 */
#include "../fixture_plugin.h"

static beckon_string chatty_text(const char *text) {
    beckon_string view = {text, 0};
    while (text[view.len] != '\0') view.len++;
    return view;
}

static beckon_status instant(FIXTURE_EVALUATE_PARAMETERS) {
    FIXTURE_IGNORE_EVALUATE_PARAMETERS;
    if (count != 1 || args[0].type != BECKON_TYPE_INT) {
        beckon_error_set(error, "chatty.instant expects one int");
        return BECKON_INVALID_ARGUMENT;
    }
    beckon_value value = {0};
    value.type = BECKON_TYPE_TIMESTAMP;
    value.as.integer = args[0].as.integer;
    return result->put(result, &value);
}

static const beckon_condition instant_condition = {
    .struct_size = sizeof(beckon_condition),
    .flags = BECKON_CONDITION_PURE,
    .name = "instant",
    .signature = "(int) -> timestamp",
    .summary = "the argument, as a timestamp",
    .evaluate = instant,
};

static const beckon_condition *const chatty_conditions[] = {&instant_condition};

static const beckon_plugin chatty_plugin = {
    FIXTURE_OF_THIS_HEADER,
    .min_host_minor = 0,
    .name = "chatty",
    .version = "1.0.0",
    .summary = "logs at every level and returns timestamps",
    .conditions = chatty_conditions,
    .condition_count = sizeof chatty_conditions / sizeof chatty_conditions[0],
};

BECKON_PLUGIN_EXPORT const beckon_plugin *beckon_plugin_entry_v1(const beckon_host *host) {
    if (host == NULL || host->abi_major != BECKON_PLUGIN_ABI_MAJOR) return NULL;
    beckon_string name = chatty_text("chatty");
    host->log(BECKON_LOG_DEBUG, name, chatty_text("a debug line"));
    host->log(BECKON_LOG_INFO, name, chatty_text("an info line"));
    host->log(BECKON_LOG_WARNING, name, chatty_text("a warning line"));
    host->log(BECKON_LOG_ERROR, name, chatty_text("an error line"));
    return &chatty_plugin;
}
