#include "cli/plugins.hpp"

#include "check/plugin_check.hpp"

namespace rb::cli {

void check_plugin_slot_before_timing(int slot) {
  for_each_variant<PluginVariants>([&]<Board V>() {
    if (kPluginSlotOf<V> != slot) return;
    const std::string failure = check_plugin_before_timing<V>(std::string(runtime_info<V>().name));
    if (!failure.empty()) throw CheckFailed(failure);
  });
}

}  // namespace rb::cli
