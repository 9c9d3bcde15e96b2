/*
 * calendar.c — the calendar plugin: its descriptor and lifecycle (checking the config, init,
 * shutdown). Its conditions are in calendar_conditions.c, the config's reader in
 * calendar_config.c; calendar.h lists what each file offers the others.
 */
#include "calendar.h"

#include <stdlib.h>

/* ------------------------------------------------------------------------------------------
 * Lifecycle
 * ---------------------------------------------------------------------------------------- */

/** 1.0 hosts: the first problem only. */
static beckon_status calendar_validate_config(beckon_string config_json, beckon_error *error) {
    cal_config config;
    cal_report problems = {.problems = NULL, .error = error, .count = 0};
    const beckon_status status = cal_config_read(config_json, &config, &problems);
    if (status == BECKON_OK) cal_config_free(&config);
    return status;
}

/** 1.1 hosts: every problem, each at its value or key. */
static beckon_status calendar_check_config(beckon_string config_json, beckon_config_problem_sink *sink,
                                           beckon_error *error) {
    if (sink == NULL || sink->put == NULL) return calendar_validate_config(config_json, error);
    cal_config config;
    cal_report problems = {.problems = sink, .error = error, .count = 0};
    if (cal_config_read(config_json, &config, &problems) == BECKON_OK) cal_config_free(&config);
    return BECKON_OK; /* the problems went to the sink */
}

static beckon_status calendar_init(const beckon_host *host, beckon_string config_json, void **plugin_state,
                                   beckon_error *error) {
    if (host == NULL || !BECKON_HAS_FIELD(host, beckon_host, eval_now) || host->eval_now == NULL) {
        return cal_fail(error, BECKON_UNSUPPORTED, "the host offers no eval_now, which every calendar condition needs");
    }
    cal_plugin *plugin = calloc(1, sizeof *plugin);
    if (plugin == NULL) return cal_fail(error, BECKON_INTERNAL, "out of memory starting the calendar plugin");
    cal_report problems = {.problems = NULL, .error = error, .count = 0};
    const beckon_status status = cal_config_read(config_json, &plugin->config, &problems);
    if (status != BECKON_OK) {
        free(plugin);
        return status;
    }
    plugin->host = host;
    *plugin_state = plugin;
    return BECKON_OK;
}

static void calendar_shutdown(void *plugin_state) {
    cal_plugin *plugin = plugin_state;
    if (plugin == NULL) return;
    cal_config_free(&plugin->config);
    free(plugin);
}

static const beckon_plugin calendar_plugin = {
    .struct_size = sizeof(beckon_plugin),
    .abi_major = BECKON_PLUGIN_ABI_MAJOR,
    .abi_minor = BECKON_PLUGIN_ABI_MINOR,
    .min_host_minor = 0,
    .flags = 0,
    .name = "calendar",
    .version = "1.0.0",
    .summary = "Weekdays, hours, date ranges and holidays of the decision's instant in a configured time zone",
    .validate_config = calendar_validate_config,
    .init = calendar_init,
    .shutdown = calendar_shutdown,
    .conditions = cal_conditions,
    .condition_count = CAL_CONDITION_COUNT,
    .stores = NULL,
    .store_count = 0,
    .check_config = calendar_check_config,
};

BECKON_PLUGIN_EXPORT const beckon_plugin *beckon_plugin_entry_v1(const beckon_host *host) {
    (void)host; /* init receives it again; nothing to decide before then */
    return &calendar_plugin;
}
