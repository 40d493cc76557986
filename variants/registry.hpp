// The list of registered variants. Adding a variant: write its folder under
// variants/, include its header here and add its type to AllVariants.
#pragma once

#include "core/reference.hpp"
#include "core/registry.hpp"

namespace rb {

using AllVariants = VariantList<ReferenceBoard>;

}  // namespace rb
