/* Docs/embedding.md's typed examples, checked inside this function by docs_check.py: an open
   engine, a request, a tip resolved to its handle, an error. */
#include "beckon.h"

void example(beckon_engine *engine, beckon_request request, beckon_handle tip, beckon_error error) {
    /* BLOCK */
    (void)status;
}
