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

// The CpuFeature bits the compiler may use in this translation unit (its -m
// flags): popcnt in the portable baseline (x86-64-v2), more in the files of
// the searches compiled for a variant's instruction set (cmake/isa.cmake).
inline constexpr std::uint32_t kCompiledCpuFeatures = 0
#ifdef __POPCNT__
                                                      | kCpuPopcnt
#endif
#ifdef __BMI2__
                                                      | kCpuBmi2
#endif
#ifdef __AVX2__
                                                      | kCpuAvx2
#endif
// (kCpuAvx512's code uses F, VL and CD; the run-time check asks for BW and
// DQ too, the AVX-512 of every CPU that has these three.)
#if defined(__AVX512F__) && defined(__AVX512VL__) && defined(__AVX512CD__)
                                                      | kCpuAvx512
#endif
    ;

// How a variant's kernels are declared (RB_AVX2_KERNEL static Bitboard
// flips(...)): where this translation unit is compiled for the kernel's
// instruction set (the searches of cmake/isa.cmake), an inline function,
// inlined into the search; elsewhere a function with the target attribute,
// called out of line, and only after the CPU check (variant_available()).
#ifdef __AVX2__
#define RB_AVX2_KERNEL [[gnu::always_inline]] static inline
#else
#define RB_AVX2_KERNEL [[gnu::target("avx2")]] static
#endif
#ifdef __BMI2__
#define RB_BMI2_KERNEL [[gnu::always_inline]] static inline
#else
#define RB_BMI2_KERNEL [[gnu::target("bmi2")]] static
#endif
#if defined(__AVX512F__) && defined(__AVX512VL__) && defined(__AVX512CD__) && defined(__AVX2__)
#define RB_AVX512_KERNEL [[gnu::always_inline]] static inline
#else
#define RB_AVX512_KERNEL [[gnu::target("avx2,avx512f,avx512vl,avx512cd")]] static
#endif

// The CpuFeature bits this CPU supports.
std::uint32_t cpu_features();
inline bool cpu_supports(std::uint32_t needed) { return (cpu_features() & needed) == needed; }
// "bmi2 avx2", or "-" for none.
std::string cpu_features_string(std::uint32_t features);
// The CPU's model name, from /proc/cpuinfo where there is one.
std::string cpu_model();

}  // namespace rb

// In the generated file of a built-in variant: that V is the variant
// cmake/isa.cmake names, and that the file is compiled for exactly its CPU
// features, no fewer (its kernels would not inline) and no more (the code
// would not run on every CPU the variant runs on).
#define RB_CHECK_VARIANT_ISA(V, NAME)                                                           \
  static_assert(V::info.name == NAME, "cmake/isa.cmake names another type for this variant");   \
  static_assert(                                                                                \
      (rb::kCompiledCpuFeatures & ~rb::kCpuPopcnt) == (V::info.cpu_features & ~rb::kCpuPopcnt), \
      "cmake/isa.cmake compiles this variant's code for other CPU features "                    \
      "than it needs");
