/*
 * optcheck: a plugin whose store `opts` checks its options (ABI 1.2 check_options), reporting
 * fixed problems so that tests can see where the host places them and what it masks.
 *
 * With options `null` or `{}` it finds nothing; else it puts, in order: an unknown key at the
 * key (/unknwn), a wrong type at the value (/size), a nested item (/nested/list/1), a secret
 * at the key of /password (BECKON_CONFIG_PROBLEM_SECRET: the host must mask its value), and a
 * key that is not written (/missing). It also refuses a `plugin_state` other than the one its
 * init returned. Variants: -DAS_1_1 sets the store's struct_size to BECKON_STORE_SIZE_1_0 (a
 * store compiled before 1.2: the host must never read check_options); -DOLD_PROBLEMS puts
 * problems of the 1.1 size (BECKON_CONFIG_PROBLEM_SIZE_1_1) whose flags slot says SECRET
 * anyway (the host must not read it); -DFAILS returns UNAVAILABLE with a message and no problem.
 * `open` always refuses, so that a test can see the options were refused before it. Its own
 * `config:` (check_config) may be null; any other config has a secret problem at /token.
 */
#include "../fixture_plugin.h"
#include <string.h>

static int state_marker;

static beckon_status init(const beckon_host *host, beckon_string config_json, void **plugin_state, beckon_error *error) {
    (void)host; (void)config_json; (void)error;
    *plugin_state = &state_marker;
    return BECKON_OK;
}

static beckon_status put(beckon_config_problem_sink *sink, uint32_t target, const char *pointer, const char *message,
                         uint32_t flags) {
    beckon_config_problem problem;
    memset(&problem, 0, sizeof problem);
#if defined(OLD_PROBLEMS)
    problem.struct_size = BECKON_CONFIG_PROBLEM_SIZE_1_1;
    flags = BECKON_CONFIG_PROBLEM_SECRET; /* beyond struct_size: never read */
#else
    problem.struct_size = sizeof(beckon_config_problem);
#endif
    problem.target = target;
    problem.json_pointer = (beckon_string){.ptr = pointer, .len = strlen(pointer)};
    problem.message = (beckon_string){.ptr = message, .len = strlen(message)};
    problem.flags = flags;
    return sink->put(sink, &problem);
}

static int equals(beckon_string text, const char *literal) {
    return text.len == strlen(literal) && memcmp(text.ptr, literal, text.len) == 0;
}

static beckon_status check_options(void *plugin_state, beckon_string options_json, beckon_config_problem_sink *problems,
                                   beckon_error *error) {
#if defined(FAILS)
    (void)plugin_state; (void)options_json; (void)problems; (void)put;
    beckon_error_set(error, "the checker cannot run");
    return BECKON_UNAVAILABLE;
#else
    (void)error;
    if (plugin_state != &state_marker) {
        put(problems, BECKON_CONFIG_AT_VALUE, "", "check_options was given another plugin_state", 0);
        return BECKON_OK;
    }
    if (equals(options_json, "null") || equals(options_json, "{}")) return BECKON_OK;
    put(problems, BECKON_CONFIG_AT_KEY, "/unknwn", "unknown key 'unknwn'; did you mean 'unknown'?", 0);
    put(problems, BECKON_CONFIG_AT_VALUE, "/size", "size must be an integer, not a string", 0);
    put(problems, BECKON_CONFIG_AT_VALUE, "/nested/list/1", "the second item is wrong", 0);
    put(problems, BECKON_CONFIG_AT_KEY, "/password", "a password is never written in the configuration", BECKON_CONFIG_PROBLEM_SECRET);
    put(problems, BECKON_CONFIG_AT_KEY, "/missing", "a key that is not written", 0);
    return BECKON_OK;
#endif
}

static beckon_status check_config(beckon_string config_json, beckon_config_problem_sink *problems, beckon_error *error) {
    (void)error;
    if (equals(config_json, "null")) return BECKON_OK;
    put(problems, BECKON_CONFIG_AT_VALUE, "/token", "a token is never written in the configuration", BECKON_CONFIG_PROBLEM_SECRET);
    return BECKON_OK;
}

static beckon_status open_store(void *plugin_state, beckon_string options_json, void **store, beckon_error *error) {
    (void)plugin_state; (void)options_json; (void)store;
    beckon_error_set(error, "open was called");
    return BECKON_INVALID_ARGUMENT;
}
static const beckon_store opts = {
#if defined(AS_1_1)
    .struct_size = BECKON_STORE_SIZE_1_0,
#else
    .struct_size = sizeof(beckon_store),
#endif
    .name = "opts",
    .summary = "Checks its options at load.",
    .open = open_store,
    .load = fixture_load_nothing,
    .commit = fixture_commit_nothing,
    .read_log = fixture_read_log_nothing,
    .check_options = check_options,
};
static const beckon_store *const stores[] = {&opts};

static const beckon_plugin plugin = {
    .struct_size = sizeof(beckon_plugin),
    .abi_major = BECKON_PLUGIN_ABI_MAJOR,
#if defined(AS_1_1)
    .abi_minor = 1,
#else
    .abi_minor = BECKON_PLUGIN_ABI_MINOR,
#endif
    .name = "optcheck",
    .version = "1.0.0",
    .init = init,
    .stores = stores,
    .store_count = 1,
    .check_config = check_config,
};

FIXTURE_ENTRY(plugin)
