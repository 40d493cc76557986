// Run-time CPU feature detection, so that a portable build can list, test and
// run the variants that need BMI2, AVX2 or AVX-512 only where the CPU has them.
#pragma once

#include <cstdint>
#include <string>

#include "core/board.hpp"

namespace rb {

// The CpuFeature bits this CPU supports.
std::uint32_t cpu_features();
inline bool cpu_supports(std::uint32_t needed) { return (cpu_features() & needed) == needed; }
// "bmi2 avx2", or "-" for none.
std::string cpu_features_string(std::uint32_t features);
// The CPU's model name, from /proc/cpuinfo where there is one.
std::string cpu_model();

}  // namespace rb
