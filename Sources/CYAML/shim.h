// The system libyaml, through pkg-config `yaml-0.1` (Debian: libyaml-dev).
#include <yaml.h>
