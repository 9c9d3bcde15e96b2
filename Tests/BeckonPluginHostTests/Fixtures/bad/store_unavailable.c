/*
 * Bad plugin: a store that opens and loads (every subject is new) but whose commit always
 * answers UNAVAILABLE with a message, like a database that went read-only.
 */
#include "../fixture_plugin.h"

static int the_store;

static beckon_status open_store(void *plugin_state, beckon_string options_json, void **store, beckon_error *error) {
    (void)plugin_state; (void)options_json; (void)error;
    *store = &the_store;
    return BECKON_OK;
}

static beckon_status commit(void *store, const beckon_commit *commit, beckon_error *error) {
    (void)store; (void)commit;
    beckon_error_set(error, "the database is read-only until maintenance ends");
    return BECKON_UNAVAILABLE;
}

static const beckon_store store = {
    .struct_size = sizeof(beckon_store),
    .capabilities = BECKON_STORE_DURABLE,
    .name = "readonly",
    .open = open_store,
    .load = fixture_load_nothing,
    .commit = commit,
    .read_log = fixture_read_log_nothing,
};
static const beckon_store *const stores[] = {&store};

static const beckon_plugin plugin = {
    FIXTURE_OF_THIS_HEADER,
    .name = "frozen",
    .version = "1.0.0",
    .stores = stores,
    .store_count = 1,
};

FIXTURE_ENTRY(plugin)
