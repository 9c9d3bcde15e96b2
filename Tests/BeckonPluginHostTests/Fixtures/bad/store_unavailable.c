/*
 * Bad plugin: a store that opens and loads (every subject is new) but whose commit always
 * answers UNAVAILABLE with a message, like a database that went read-only.
 */
#include "beckon_plugin.h"

static int the_store;

static beckon_status open_store(void *plugin_state, beckon_string options_json, void **store, beckon_error *error) {
    (void)plugin_state; (void)options_json; (void)error;
    *store = &the_store;
    return BECKON_OK;
}

static beckon_status load(void *store, beckon_string subject, beckon_item_sink *sink, beckon_error *error) {
    (void)store; (void)subject; (void)sink; (void)error;
    return BECKON_OK;
}

static beckon_status commit(void *store, const beckon_commit *commit, beckon_error *error) {
    (void)store; (void)commit;
    beckon_error_set(error, "the database is read-only until maintenance ends");
    return BECKON_UNAVAILABLE;
}

static beckon_status read_log(void *store, beckon_string subject, beckon_string event, int64_t since,
                              beckon_item_sink *sink, beckon_error *error) {
    (void)store; (void)subject; (void)event; (void)since; (void)sink; (void)error;
    return BECKON_OK;
}

static const beckon_store store = {
    .struct_size = sizeof(beckon_store),
    .capabilities = BECKON_STORE_DURABLE,
    .name = "readonly",
    .open = open_store,
    .load = load,
    .commit = commit,
    .read_log = read_log,
};
static const beckon_store *const stores[] = {&store};

static const beckon_plugin plugin = {
    .struct_size = sizeof(beckon_plugin),
    .abi_major = BECKON_PLUGIN_ABI_MAJOR,
    .abi_minor = BECKON_PLUGIN_ABI_MINOR,
    .name = "frozen",
    .version = "1.0.0",
    .stores = stores,
    .store_count = 1,
};

BECKON_PLUGIN_EXPORT const beckon_plugin *beckon_plugin_entry_v1(const beckon_host *host) {
    (void)host;
    return &plugin;
}
