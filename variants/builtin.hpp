// The built-in variants: AllVariants (the board types, the reference oracle
// first; `all` on the command line skips it) and kVariantsFastestFirst
// (what `-v auto` tries, variants/runtime.hpp). Both are generated from
// the one list of the variants, cmake/isa.cmake, which the build reads too.
#pragma once

#include "variants/builtin_list.hpp"
