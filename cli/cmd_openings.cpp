// `reversi-bench openings`: a balanced set of openings for matches
// (run/openings.hpp): seeded random play of --plies moves, each position
// scored by the playing search --depth plies deep (one thread, so that the
// set is the same on every machine) and kept when the score lies within
// +-(--max-score) discs, one position per symmetry class. Written as move
// lines, each with its score as a comment, after a header naming the
// command that made them.
#include <fmt/core.h>

#include <unistd.h>

#include <cstdio>
#include <memory>

#include <CLI/CLI.hpp>
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/solver_choice.hpp"
#include "core/errors.hpp"
#include "io/output.hpp"
#include "run/openings.hpp"

namespace rb::cli {
namespace {

struct OpeningsArgs {
  OpeningRequest request;
  SearchRequest solver;
  std::string output = "-";
};

int run(OpeningsArgs& args) {
  SearchSession session = SearchSession::open(args.solver);
  if (args.output != "-") check_writable(args.output, "--output");
  const bool tty = isatty(fileno(stderr)) != 0;
  const auto openings = make_openings(args.request, session, [&](int found, int tried) {
    if (tty) std::fprintf(stderr, "\r%d openings from %d random games", found, tried);
  });
  if (tty) std::fprintf(stderr, "\n");
  const OpeningRequest& r = args.request;
  std::string text = fmt::format(
      "% {} openings of {} plies from the standard start, each scored within +-{:g} discs by\n"
      "% the playing search {} plies deep ({}), one per symmetry class,\n"
      "% made by: reversi-bench openings --plies {} --count {} --depth {} --max-score {:g} "
      "--seed {}\n",
      openings.size(), r.plies, r.max_score, r.depth, session.describe(), r.plies, r.count, r.depth,
      r.max_score, r.seed);
  for (const ScoredOpening& o : openings) {
    std::string moves;
    for (Square s : o.opening.moves) moves += s == kPass ? std::string("pa") : square_name(s);
    text += fmt::format("{}  % {:+.2f}\n", moves, o.score);
  }
  if (args.output == "-") {
    std::fputs(text.c_str(), stdout);
  } else {
    write_output_file(args.output, text, "--output");
  }
  return kExitOk;
}

}  // namespace

void add_openings_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<OpeningsArgs>();
  auto* cmd = app.add_subcommand(
      "openings",
      "Make a balanced set of openings for matches: seeded random play, scored by "
      "the search, one per symmetry class");
  add_number_option(cmd, "--plies", args->request.plies, "moves from the start (default 8)", 1, 50);
  add_number_option(cmd, "--count", args->request.count, "openings to make (default 100)", 1,
                    100000);
  add_number_option(cmd, "--depth", args->request.depth,
                    "the search depth that scores them (default 10)", 1, 30);
  add_number_option<double>(cmd, "--max-score", args->request.max_score,
                            "the largest |score| in discs kept (default 2)", 0.0, 64.0);
  add_seed_option(cmd, args->request.seed, "the random games' seed");
  add_number_option(cmd, "--max-tries", args->request.max_tries,
                    "random games tried before giving up (default 200 per opening)", 1, 100000000);
  add_solver_options(cmd, args->solver, "the scoring search");
  cmd->add_option("-o,--output", args->output, "the file to write (default: standard output)");
  cmd->callback([args, &exit_code] { exit_code = run(*args); });
}

}  // namespace rb::cli
