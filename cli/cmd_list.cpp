// `reversi-bench list`: the registered variants and what they need; with
// --json, the same as a document for scripts.
#include <fmt/core.h>

#include <iostream>
#include <memory>

#include "cli/common.hpp"
#include "cli/plugins.hpp"
#include "core/cpu.hpp"
#include "io/machine.hpp"
#include "variants/runtime.hpp"

namespace rb::cli {

void add_list_command(CLI::App& app, int& exit_code) {
  auto json = std::make_shared<bool>(false);
  auto plugins = std::make_shared<std::vector<std::string>>();
  auto* cmd =
      app.add_subcommand("list", "List the registered variants, their family and CPU needs");
  cmd->add_flag("--json", *json, "print the list as JSON on stdout");
  add_plugin_option(cmd, *plugins);
  cmd->callback([json, plugins, &exit_code] {
    load_plugins(*plugins);
    const auto infos = runtime_variant_infos();
    if (*json) {
      Json doc;
      doc["schema"] = kResultSchema;
      doc["kind"] = "list";
      add_machine_and_build(doc);
      Json variants = Json::array();
      for (const auto& info : infos) {
        variants.push_back({{"name", info.name},
                            {"family", info.family},
                            {"shell", info.shell},
                            {"moves", enum_name(info.movegen)},
                            {"cpu_features", cpu_features_string(info.cpu_features)},
                            {"available", variant_available(info)},
                            {"reference", info.family == "reference"},
                            {"description", info.description}});
      }
      doc["variants"] = variants;
      std::cout << doc.dump(2) << "\n";
    } else {
      fmt::print("{:<20} {:<12} {:<15} {:<5} {:<13} {:<10} {}\n", "name", "family", "shell",
                 "moves", "cpu", "available", "description");
      for (const auto& info : infos) {
        fmt::print("{:<20} {:<12} {:<15} {:<5} {:<13} {:<10} {}\n", info.name, info.family,
                   info.shell, enum_name(info.movegen), cpu_features_string(info.cpu_features),
                   variant_available(info) ? "yes" : "no", info.description);
      }
      fmt::print("\nthis CPU: {} ({})\n", cpu_model(), cpu_features_string(cpu_features()));
    }
    std::cout.flush();
    if (!std::cout) throw OutputError("cannot write to standard output");
    exit_code = kExitOk;
  });
}

}  // namespace rb::cli
