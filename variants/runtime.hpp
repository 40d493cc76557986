// The variants of this run: the compile-time list (variants/builtin.hpp)
// and the plug-ins loaded by --plugin (variants/plugin/), in that order.
// A plug-in is a slot type whose name is known only at run time, so code at
// the edge names a variant by runtime_info<V>().name, never V::info.name.
#pragma once

#include <algorithm>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/variant_list.hpp"
#include "variants/builtin.hpp"
#include "variants/plugin/loader.hpp"
#include "variants/plugin/plugin.hpp"

namespace rb {

namespace runtime_detail {
template <class A, class B>
struct Join;
template <Board... As, Board... Bs>
struct Join<VariantList<As...>, VariantList<Bs...>> {
  using type = VariantList<As..., Bs...>;
};
template <std::size_t... Slots>
VariantList<PluginBoard<static_cast<int>(Slots)>...> plugin_list(std::index_sequence<Slots...>);
}  // namespace runtime_detail

using PluginVariants =
    decltype(runtime_detail::plugin_list(std::make_index_sequence<kPluginSlots>{}));
using RuntimeVariants = runtime_detail::Join<AllVariants, PluginVariants>::type;

namespace runtime_detail {
template <class List>
struct AsTuple;
template <Board... Vs>
struct AsTuple<VariantList<Vs...>> {
  using type = std::tuple<Vs...>;
};
}  // namespace runtime_detail

// The K-th variant of RuntimeVariants (the files compiled per variant, one
// per K: search/instances.hpp, bench/micro_kernels.hpp).
template <std::size_t K>
using RuntimeVariantAt =
    std::tuple_element_t<K, typename runtime_detail::AsTuple<RuntimeVariants>::type>;

// Whether V is usable in this run: a built-in variant, or a loaded slot.
template <Board V>
bool variant_loaded() {
  if constexpr (PluginVariant<V>) {
    return plugin_in_slot(kPluginSlotOf<V>) != nullptr;
  } else {
    return true;
  }
}

// V's info, with a plug-in's own name and description (V loaded).
template <Board V>
VariantInfo runtime_info() {
  if constexpr (PluginVariant<V>) {
    return plugin_in_slot(kPluginSlotOf<V>)->info;
  } else {
    return V::info;
  }
}

// The infos of the built-in variants and the loaded plug-ins.
inline std::vector<VariantInfo> runtime_variant_infos() {
  std::vector<VariantInfo> infos;
  for_each_variant<RuntimeVariants>([&]<Board V>() {
    if (variant_loaded<V>()) infos.push_back(runtime_info<V>());
  });
  return infos;
}

// `-v auto`: the first variant of kVariantsFastestFirst this CPU runs, or
// its +list twin. Throws VariantError if there is none.
inline std::string auto_variant(bool list) {
  const auto infos = runtime_variant_infos();
  for (std::string_view base : kVariantsFastestFirst) {
    const std::string name = std::string(base) + (list ? "+list" : "");
    for (const VariantInfo& info : infos) {
      if (info.name == name && variant_available(info)) return name;
    }
  }
  throw VariantError("auto: no variant of this build runs on this CPU");
}

// The name of the variant a command line asked for: "auto" resolved, any
// other name as it is.
inline std::string requested_variant(const std::string& name, bool list) {
  return name == "auto" ? auto_variant(list) : name;
}

// Calls f.template operator()<V>() for each variant of this run named in
// `names` (as resolve_variants() returns them), in the list's order.
template <class F>
void for_each_chosen_variant(const std::vector<std::string>& names, F&& f) {
  for_each_variant<RuntimeVariants>([&]<Board V>() {
    if (!variant_loaded<V>()) return;
    const auto name = runtime_info<V>().name;
    if (std::find(names.begin(), names.end(), name) == names.end()) return;
    f.template operator()<V>();
  });
}

}  // namespace rb
