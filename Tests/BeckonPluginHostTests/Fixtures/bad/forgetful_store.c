/*
 * Bad store plugin: two stores that accept every commit and remember nothing, one claiming to be
 * durable, for beckon-conformance to fail.
 */
#include "../fixture_plugin.h"

static beckon_status open_store(void *plugin, beckon_string options, void **store, beckon_error *error) {
    (void)plugin; (void)options; (void)error;
    *store = NULL;
    return BECKON_OK;
}

static const beckon_store forgetful = {
    sizeof(beckon_store), BECKON_STORE_DURABLE, 0, "forgetful", "Accepts everything, keeps nothing.",
    open_store, NULL, fixture_load_nothing, fixture_commit_nothing, fixture_read_log_nothing, NULL,
};
static const beckon_store amnesiac = {
    sizeof(beckon_store), 0, 0, "amnesiac", NULL,
    open_store, NULL, fixture_load_nothing, fixture_commit_nothing, fixture_read_log_nothing, NULL,
};
static const beckon_store *const stores[] = {&forgetful, &amnesiac};
static const beckon_plugin plugin = {
    FIXTURE_OF_THIS_HEADER, .name = "forgetful", .version = "0.1.0", .stores = stores, .store_count = 2,
};

FIXTURE_ENTRY(plugin)
