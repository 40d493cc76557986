// The machine and build a result was measured on, for result files.
#pragma once

#include <string>

#include "core/json.hpp"

namespace rb {

std::string host_name();
// Writes "machine": {...} and "build": {...} fields into the open object.
void write_machine_and_build(JsonWriter& json);

}  // namespace rb
