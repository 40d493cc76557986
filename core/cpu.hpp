// Run-time CPU feature detection, so that a portable build can list, test and
// run the variants that need BMI2, AVX2 or AVX-512 only where the CPU has them.
#pragma once

#include <cstdint>
#include <string>

namespace rb {

// CPU features a variant needs, as bits.
enum CpuFeature : std::uint32_t {
  kCpuNone = 0,
  kCpuPopcnt = 1u << 0,
  kCpuBmi2 = 1u << 1,
  kCpuAvx2 = 1u << 2,
  kCpuAvx512 = 1u << 3,  // F, VL, BW, DQ, CD
};

// The CpuFeature bits this CPU supports.
std::uint32_t cpu_features();
inline bool cpu_supports(std::uint32_t needed) { return (cpu_features() & needed) == needed; }
// "bmi2 avx2", or "-" for none.
std::string cpu_features_string(std::uint32_t features);
// The CPU's model name, from /proc/cpuinfo where there is one.
std::string cpu_model();

}  // namespace rb
