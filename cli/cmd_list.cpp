// `reversi-bench list`: the registered variants and what they need; with
// --json, the same as a document for scripts.
#include <fmt/core.h>

#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>
#include "cli/commands.hpp"
#include "cli/plugins.hpp"
#include "core/cpu.hpp"
#include "io/json.hpp"
#include "io/machine.hpp"
#include "io/output.hpp"
#include "search/presets.hpp"
#include "variants/runtime.hpp"

namespace rb::cli {

namespace {

// How preset i differs from the rung before (the first: from the solver's
// bare defaults), as command-line options.
std::string preset_changes(std::size_t i) {
  const auto& presets = solve_presets();
  return option_differences(i == 0 ? SolveOptions{} : presets[i - 1].options, presets[i].options);
}

// The presets, in ladder order: each one's options, and how it differs from
// the rung before.
void list_presets(bool json) {
  const auto& presets = solve_presets();
  if (json) {
    Json doc = result_document("presets");
    doc["default"] = kBestPreset;
    Json rows = Json::array();
    for (std::size_t i = 0; i < presets.size(); ++i) {
      const Preset& p = presets[i];
      rows.push_back({{"name", p.name},
                      {"label", p.label},
                      {"adds", p.adds},
                      {"list", p.list},
                      {"changes", preset_changes(i)},
                      {"options", options_json(kSolveOptionRows, p.options)}});
    }
    doc["presets"] = rows;
    std::cout << doc.dump(2) << "\n";
    return;
  }
  fmt::print(
      "The presets of `solve --preset NAME`, in ladder order (each adds to the one before; "
      "the default is {}):\n\n",
      kBestPreset);
  for (std::size_t i = 0; i < presets.size(); ++i) {
    const Preset& p = presets[i];
    const std::string changes = preset_changes(i);
    fmt::print("{:<18} {}\n{:<18} {}\n{:<18} options: {}{}\n\n", p.name, p.label, "", p.adds, "",
               changes.empty() ? "(as the rung before)" : changes,
               p.list ? "" : "  (a variant without the list)");
  }
}

}  // namespace

void add_list_command(CLI::App& app, int& exit_code) {
  auto json = std::make_shared<bool>(false);
  auto presets = std::make_shared<bool>(false);
  auto plugins = std::make_shared<std::vector<std::string>>();
  auto* cmd = app.add_subcommand(
      "list", "List the registered variants, their family and CPU needs (or the presets)");
  cmd->add_flag("--json", *json, "print the list as JSON on stdout");
  cmd->add_flag("--presets", *presets, "list the solver's presets instead of the variants");
  add_plugin_option(cmd, *plugins);
  cmd->callback([json, presets, plugins, &exit_code] {
    if (*presets) {
      list_presets(*json);
      std::cout.flush();
      if (!std::cout) throw OutputError("cannot write to standard output");
      exit_code = kExitOk;
      return;
    }
    load_plugins(*plugins);
    const auto infos = runtime_variant_infos();
    if (*json) {
      Json doc = result_document("list");
      Json variants = Json::array();
      for (const auto& info : infos) {
        variants.push_back({{"name", info.name},
                            {"family", info.family},
                            {"textbook", info.textbook},
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
