// SwiftPM builds a C module from at least one source file; this one also checks, at compile time,
// that the size macros match the structs as this header defines them.
#include "beckon_plugin.h"

_Static_assert(BECKON_PLUGIN_SIZE_1_1 == sizeof(beckon_plugin), "beckon_plugin grew: add a BECKON_PLUGIN_SIZE_ macro for the new minor");
_Static_assert(BECKON_PLUGIN_SIZE_1_0 == offsetof(beckon_plugin, check_config), "beckon_plugin's 1.0 part changed");
_Static_assert(BECKON_CONDITION_SIZE_1_0 == sizeof(beckon_condition), "beckon_condition 1.0 size");
_Static_assert(BECKON_STORE_SIZE_1_3 == sizeof(beckon_store), "beckon_store grew: add a BECKON_STORE_SIZE_ macro for the new minor");
_Static_assert(BECKON_STORE_SIZE_1_2 == offsetof(beckon_store, list_subjects), "beckon_store's 1.2 part changed");
_Static_assert(BECKON_COMMIT_SIZE_1_3 == sizeof(beckon_commit), "beckon_commit grew: add a BECKON_COMMIT_SIZE_ macro for the new minor");
_Static_assert(BECKON_COMMIT_SIZE_1_0 == offsetof(beckon_commit, version), "beckon_commit's 1.0 part changed");
_Static_assert(BECKON_STORE_SIZE_1_0 == offsetof(beckon_store, check_options), "beckon_store's 1.0 part changed");
_Static_assert(BECKON_CONFIG_PROBLEM_SIZE_1_1 == offsetof(beckon_config_problem, flags), "beckon_config_problem's 1.1 part changed");
_Static_assert(BECKON_CONFIG_PROBLEM_SIZE_1_2 + 4 == sizeof(beckon_config_problem), "beckon_config_problem grew: add a size macro for the new minor");
