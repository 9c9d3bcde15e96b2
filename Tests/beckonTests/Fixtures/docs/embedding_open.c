/* Docs/embedding.md's first example, checked inside this function by docs_check.py: what the
   example takes as given (the file's path, the subject, the tip, the host's sink). */
#include <stdio.h>
#include "beckon.h"

static char my_buffer[4096];
static void my_write(void *context, const char *json, size_t len) { (void)context; (void)json; (void)len; }

void example(beckon_string path, beckon_string subject, beckon_string tip) {
    /* BLOCK */
}
