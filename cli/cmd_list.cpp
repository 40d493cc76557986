// `reversi-bench list`: the registered variants and what they need.
#include <cstdio>
#include <iostream>

#include "cli/common.hpp"
#include "variants/registry.hpp"

namespace rb::cli {
namespace {

const char* movegen_name(MoveGen g) {
  switch (g) {
    case MoveGen::scan:
      return "scan";
    case MoveGen::mask:
      return "mask";
    case MoveGen::list:
      return "list";
  }
  return "?";
}

}  // namespace

void add_list_command(CLI::App& app, int& exit_code) {
  auto* cmd =
      app.add_subcommand("list", "List the registered variants, their family and CPU needs");
  cmd->callback([&exit_code] {
    std::printf("%-20s %-12s %-5s %-13s %-10s %s\n", "name", "family", "moves", "cpu", "available",
                "description");
    for (const auto& info : variant_infos<AllVariants>()) {
      const std::string cpu = cpu_features_string(info.cpu_features);
      std::printf("%-20.*s %-12.*s %-5s %-13s %-10s %.*s\n", static_cast<int>(info.name.size()),
                  info.name.data(), static_cast<int>(info.family.size()), info.family.data(),
                  movegen_name(info.movegen), cpu.c_str(), variant_available(info) ? "yes" : "no",
                  static_cast<int>(info.description.size()), info.description.data());
    }
    std::printf("\nthis CPU: %s (%s)\n", cpu_model().c_str(),
                cpu_features_string(cpu_features()).c_str());
    exit_code = kExitOk;
  });
}

}  // namespace rb::cli
