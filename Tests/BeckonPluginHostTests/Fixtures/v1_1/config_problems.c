/*
 * problems: a plugin that reports fixed config problems, to show how the host places them.
 *
 * Built as ABI 1.1 (check_config: every problem, at a value or at a key) by default; with
 * -DAS_1_0 its descriptor says struct_size = BECKON_PLUGIN_SIZE_1_0 and abi_minor 0, as a plugin
 * compiled against the 1.0 header does, though its check_config slot is still filled in: a host
 * must then call validate_config and never read past struct_size. -DMALFORMED puts problems
 * that are not well formed; -DFAILS returns a status without putting any problem.
 */
#include "../fixture_plugin.h"
#include <string.h>

static beckon_status validate_config(beckon_string config_json, beckon_error *error) {
    (void)config_json;
    beckon_error_set(error, "validate_config found the first problem");
    beckon_error_set_pointer(error, "/a");
    return BECKON_INVALID_ARGUMENT;
}

static beckon_status put(beckon_config_problem_sink *sink, uint32_t target, const char *pointer, const char *message,
                         size_t message_len) {
    const beckon_config_problem problem = {
        .struct_size = sizeof(beckon_config_problem),
        .target = target,
        .json_pointer = {.ptr = pointer, .len = strlen(pointer)},
        .message = {.ptr = message, .len = message_len},
    };
    return sink->put(sink, &problem);
}

static beckon_status check_config(beckon_string config_json, beckon_config_problem_sink *problems, beckon_error *error) {
    (void)config_json;
#if defined(FAILS)
    (void)problems; (void)put;
    beckon_error_set(error, "the checker cannot run");
    return BECKON_UNAVAILABLE;
#elif defined(MALFORMED)
    (void)error;
    const beckon_status not_utf8 = put(problems, BECKON_CONFIG_AT_VALUE, "/a", "bad \xC3", 5);
    const beckon_status bad_target = put(problems, 7, "/a", "target 7", 8);
    const beckon_status empty = put(problems, BECKON_CONFIG_AT_VALUE, "/a", "", 0);
    /* Each refused put answered INVALID_ARGUMENT; one more problem says so if not. */
    if (not_utf8 != BECKON_INVALID_ARGUMENT || bad_target != BECKON_INVALID_ARGUMENT || empty != BECKON_INVALID_ARGUMENT) {
        put(problems, BECKON_CONFIG_AT_VALUE, "", "a malformed problem was accepted", 32);
    }
    return BECKON_OK;
#else
    (void)error;
    put(problems, BECKON_CONFIG_AT_VALUE, "/a", "a is wrong", 10);
    put(problems, BECKON_CONFIG_AT_KEY, "/unknown", "unknown key 'unknown'", 21);
    put(problems, BECKON_CONFIG_AT_VALUE, "/list/1", "the second item is wrong", 24);
    put(problems, BECKON_CONFIG_AT_KEY, "/missing", "a key that is not written", 25);
    put(problems, BECKON_CONFIG_AT_VALUE, "", "the config as a whole", 21);
    return BECKON_OK;
#endif
}

static const beckon_plugin plugin = {
#if defined(AS_1_0)
    .struct_size = BECKON_PLUGIN_SIZE_1_0,
    .abi_minor = 0,
#else
    .struct_size = sizeof(beckon_plugin),
    .abi_minor = BECKON_PLUGIN_ABI_MINOR,
#endif
    .abi_major = BECKON_PLUGIN_ABI_MAJOR,
    .name = "problems",
    .version = "1.0.0",
    .validate_config = validate_config,
    .check_config = check_config,
};

FIXTURE_ENTRY(plugin)
