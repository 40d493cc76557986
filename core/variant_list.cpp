#include "core/variant_list.hpp"

#include <algorithm>

namespace rb {

std::vector<std::string> resolve_variants(const std::vector<VariantInfo>& infos,
                                          const std::vector<std::string>& requested) {
  std::vector<bool> chosen(infos.size(), false);
  for (const auto& name : requested) {
    if (name == "all") {
      for (std::size_t i = 0; i < infos.size(); ++i) {
        if (infos[i].family != "reference" && variant_available(infos[i])) chosen[i] = true;
      }
      continue;
    }
    const auto it = std::find_if(infos.begin(), infos.end(),
                                 [&](const VariantInfo& info) { return info.name == name; });
    if (it == infos.end()) {
      std::string valid;
      for (const auto& info : infos) valid += std::string(valid.empty() ? "" : ", ") += info.name;
      const std::string hint =
          name.starts_with("plugin:") ? " (a plug-in is loaded with --plugin PATH.so)" : "";
      throw VariantError("unknown variant '" + name + "'; valid: " + valid + ", all" + hint);
    }
    if (!variant_available(*it)) {
      throw VariantError("variant '" + name + "' needs CPU features this CPU lacks: " +
                         cpu_features_string(it->cpu_features & ~cpu_features()));
    }
    chosen[static_cast<std::size_t>(it - infos.begin())] = true;
  }
  std::vector<std::string> names;
  for (std::size_t i = 0; i < infos.size(); ++i) {
    if (chosen[i]) names.emplace_back(infos[i].name);
  }
  if (names.empty()) throw VariantError("no variant selected");
  return names;
}

}  // namespace rb
