// `reversi-bench show`: render positions for people.
#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>
#include "cli/commands.hpp"
#include "io/data_files.hpp"
#include "io/render.hpp"

namespace rb::cli {

void add_show_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand(
      "show", "Render a position: its board, side to move, empties, legal moves, final score");
  auto argument = std::make_shared<std::string>();
  cmd->add_option("position", *argument,
                  "start | a board string (64 squares and the side to move) or OBF line | "
                  "FILE (every position) | FILE:N (the N-th position of an OBF file)")
      ->required();
  cmd->callback([argument, &exit_code] {
    bool first = true;
    for (const auto& [entry, label] : load_positions(*argument)) {
      if (!first) std::cout << "\n";
      first = false;
      std::cout << label << "\n" << render(entry.position);
      if (const auto best = entry.best_score()) {
        std::cout << "listed best score: " << format_score(*best) << "\n";
      }
    }
    exit_code = kExitOk;
  });
}

}  // namespace rb::cli
