/* Bad plugin: its entry logs why and returns NULL. */
#include "beckon_plugin.h"

BECKON_PLUGIN_EXPORT const beckon_plugin *beckon_plugin_entry_v1(const beckon_host *host) {
    static const char name[] = "refuses";
    static const char message[] = "this plugin needs a calendar service that this machine lacks";
    beckon_string plugin = {name, sizeof name - 1};
    beckon_string text = {message, sizeof message - 1};
    host->log(BECKON_LOG_ERROR, plugin, text);
    return NULL;
}
