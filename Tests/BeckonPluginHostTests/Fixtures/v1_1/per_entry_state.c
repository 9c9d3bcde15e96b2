/*
 * state: shows that init and shutdown run once per `plugins:` entry, each with its own state.
 *
 *     state.config() -> string   this entry's config, as its init received it
 *     state.live() -> int        how many states are initialized and not yet shut down
 */
#include "../fixture_plugin.h"
#include <stdlib.h>
#include <string.h>

typedef struct entry_state {
    char *config;
    size_t len;
} entry_state;

static int live; /* lifecycle calls are serialized by the host */

static beckon_status state_init(const beckon_host *host, beckon_string config_json, void **plugin_state,
                                beckon_error *error) {
    (void)host;
    entry_state *state = calloc(1, sizeof *state);
    if (state == NULL || (state->config = malloc(config_json.len + 1)) == NULL) {
        free(state);
        beckon_error_set(error, "out of memory");
        return BECKON_INTERNAL;
    }
    memcpy(state->config, config_json.ptr, config_json.len);
    state->len = config_json.len;
    *plugin_state = state;
    live++;
    return BECKON_OK;
}

static void state_shutdown(void *plugin_state) {
    entry_state *state = plugin_state;
    free(state->config);
    free(state);
    live--;
}

static beckon_status config_evaluate(FIXTURE_EVALUATE_PARAMETERS) {
    FIXTURE_IGNORE_EVALUATE_PARAMETERS;
    const entry_state *state = plugin_state;
    beckon_value value = {.type = BECKON_TYPE_STRING, .reserved = 0, .as.string = {.ptr = state->config, .len = state->len}};
    return result->put(result, &value);
}

static beckon_status live_evaluate(FIXTURE_EVALUATE_PARAMETERS) {
    FIXTURE_IGNORE_EVALUATE_PARAMETERS;
    beckon_value value = {.type = BECKON_TYPE_INT, .reserved = 0, .as.integer = live};
    return result->put(result, &value);
}

static const beckon_condition config_condition = FIXTURE_CONDITION("config", "() -> string", config_evaluate);
static const beckon_condition live_condition = FIXTURE_CONDITION("live", "() -> int", live_evaluate);

static const beckon_condition *const conditions[] = {&config_condition, &live_condition};

static const beckon_plugin plugin = {
    FIXTURE_OF_THIS_HEADER,
    .name = "state",
    .version = "1.0.0",
    .init = state_init,
    .shutdown = state_shutdown,
    .conditions = conditions,
    .condition_count = 2,
};

FIXTURE_ENTRY(plugin)
