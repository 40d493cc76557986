#include "core/cpu.hpp"

#include <fstream>

namespace rb {

std::uint32_t cpu_features() {
  static const std::uint32_t features = [] {
    std::uint32_t f = 0;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("popcnt")) f |= kCpuPopcnt;
    if (__builtin_cpu_supports("bmi2")) f |= kCpuBmi2;
    if (__builtin_cpu_supports("avx2")) f |= kCpuAvx2;
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
        __builtin_cpu_supports("avx512cd")) {
      f |= kCpuAvx512;
    }
#endif
    return f;
  }();
  return features;
}

std::string cpu_features_string(std::uint32_t features) {
  std::string out;
  auto add = [&](std::uint32_t bit, const char* name) {
    if (!(features & bit)) return;
    if (!out.empty()) out += ' ';
    out += name;
  };
  add(kCpuPopcnt, "popcnt");
  add(kCpuBmi2, "bmi2");
  add(kCpuAvx2, "avx2");
  add(kCpuAvx512, "avx512");
  return out.empty() ? "-" : out;
}

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(line.find_first_not_of(' ', colon + 1));
    }
  }
  return "unknown";
}

}  // namespace rb
