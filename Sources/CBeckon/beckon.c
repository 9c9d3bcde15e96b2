// SwiftPM builds a C module from at least one source file; the functions of beckon.h are
// implemented in Swift (BeckonC), with their signatures checked against this header there.
#include "beckon.h"
