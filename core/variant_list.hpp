// A list of variants: the compile-time list of board types, and the one
// place where a name chosen at run time becomes a type. Code below this
// point is templates over the board type; nothing dispatches per move.
//
//   for_each_variant<AllVariants>([&]<Board V>() { ... V::info.name ... });
//
// The built-in list: variants/builtin.hpp, generated from cmake/isa.cmake;
// with the plug-in slots: RuntimeVariants, variants/runtime.hpp.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/board.hpp"
#include "core/cpu.hpp"

namespace rb {

template <Board... Vs>
struct VariantList {
  static constexpr std::size_t size = sizeof...(Vs);
};

// Calls f.template operator()<V>() for each variant V of the list, in order.
template <class List, class F>
void for_each_variant(F&& f) {
  [&]<Board... Vs>(VariantList<Vs...>) { (f.template operator()<Vs>(), ...); }
  (List{});
}

template <class List>
std::vector<VariantInfo> variant_infos() {
  std::vector<VariantInfo> infos;
  for_each_variant<List>([&]<Board V>() { infos.push_back(V::info); });
  return infos;
}

inline bool variant_available(const VariantInfo& info) { return cpu_supports(info.cpu_features); }

// A bad variant name or an unavailable variant: a usage error (exit code 2).
class VariantError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Resolves a list of names ("all" = every available variant except the
// reference oracle) to the registered names, in the list's order. Throws
// VariantError naming the valid names for an unknown name, and the missing
// CPU features for a variant this CPU cannot run.
std::vector<std::string> resolve_variants(const std::vector<VariantInfo>& infos,
                                          const std::vector<std::string>& requested);

}  // namespace rb
