/*
 * Bad store plugin: two stores that accept every commit and remember nothing, one claiming to be
 * durable, for beckon-conformance to fail. Built against the 1.0 header too: a 1.0 store, without
 * 1.3's subject data.
 */
#include "../fixture_plugin.h"

static beckon_status open_store(void *plugin, beckon_string options, void **store, beckon_error *error) {
    (void)plugin; (void)options; (void)error;
    *store = NULL;
    return BECKON_OK;
}

static const beckon_store forgetful = {
    .struct_size = sizeof(beckon_store), .capabilities = BECKON_STORE_DURABLE, .name = "forgetful",
    .summary = "Accepts everything, keeps nothing.", .open = open_store, .load = fixture_load_nothing,
    .commit = fixture_commit_nothing, .read_log = fixture_read_log_nothing,
};
static const beckon_store amnesiac = {
    .struct_size = sizeof(beckon_store), .name = "amnesiac", .open = open_store, .load = fixture_load_nothing,
    .commit = fixture_commit_nothing, .read_log = fixture_read_log_nothing,
};
static const beckon_store *const stores[] = {&forgetful, &amnesiac};
static const beckon_plugin plugin = {
    FIXTURE_OF_THIS_HEADER, .name = "forgetful", .version = "0.1.0", .stores = stores, .store_count = 2,
};

FIXTURE_ENTRY(plugin)
