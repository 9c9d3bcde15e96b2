/* Docs/embedding.md's examples of one call, checked inside this function by docs_check.py: an
   open engine, a request, a tip's id, the host's sink, an error. */
#include "beckon.h"

void example(beckon_engine *engine, beckon_request request, beckon_string tip, beckon_sink answer,
             beckon_error error) {
    (void)tip;
    /* BLOCK */
}
