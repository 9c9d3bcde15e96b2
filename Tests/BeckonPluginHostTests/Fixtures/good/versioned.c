/*
 * versioned: one plugin named "rollout" built at any version (-DPLUGIN_VERSION='"1.4.0"'), for
 * the tests of pins, version ranges and lookup by name.
 *
 *     rollout.version() -> string      the version this file was built as
 */
#include "beckon_plugin.h"

#ifndef PLUGIN_VERSION
#define PLUGIN_VERSION "1.0.0"
#endif

static beckon_status version(void *plugin_state, void *call_state, const beckon_eval *eval,
                             const beckon_value *args, size_t count, beckon_value_sink *result,
                             beckon_error *error) {
    (void)plugin_state; (void)call_state; (void)eval; (void)args; (void)count; (void)error;
    static const char text[] = PLUGIN_VERSION;
    beckon_value value = {0};
    value.type = BECKON_TYPE_STRING;
    value.as.string.ptr = text;
    value.as.string.len = sizeof text - 1;
    return result->put(result, &value);
}

static const beckon_condition version_condition = {
    .struct_size = sizeof(beckon_condition),
    .flags = BECKON_CONDITION_PURE,
    .name = "version",
    .signature = "() -> string",
    .summary = "the version this file was built as",
    .evaluate = version,
};

static const beckon_condition *const conditions[] = {&version_condition};

static const beckon_plugin plugin = {
    .struct_size = sizeof(beckon_plugin),
    .abi_major = BECKON_PLUGIN_ABI_MAJOR,
    .abi_minor = BECKON_PLUGIN_ABI_MINOR,
    .min_host_minor = 0,
    .name = "rollout",
    .version = PLUGIN_VERSION,
    .conditions = conditions,
    .condition_count = 1,
};

BECKON_PLUGIN_EXPORT const beckon_plugin *beckon_plugin_entry_v1(const beckon_host *host) {
    (void)host;
    return &plugin;
}
