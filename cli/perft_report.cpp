#include "cli/perft_report.hpp"

#include <cstdio>

#include "core/median.hpp"
#include "io/machine.hpp"
#include "io/obf.hpp"

namespace rb::cli {

void print_perft_row(int depth, Count128 leaves, double secs, const std::string& check) {
  char rate[32] = "-";
  if (secs > 1e-4) std::snprintf(rate, sizeof rate, "%.4g", static_cast<double>(leaves) / secs);
  std::printf("%5d %22s %10.3f %14s  %s\n", depth, to_decimal(leaves).c_str(), secs, rate,
              check.c_str());
  std::fflush(stdout);
}

namespace {

std::string squares_text(Bitboard squares) {
  std::string text;
  for (Bitboard m = squares; m; m &= m - 1) {
    text += (text.empty() ? "" : " ") + square_name(first_square(m));
  }
  return text.empty() ? "none" : text;
}

}  // namespace

void print_bisection(const std::optional<BisectFinding>& finding, int depth) {
  if (!finding) {
    std::printf(
        "bisection of depth %d: the count is right when counted again (a fault that "
        "comes and goes: uninitialized state, threads?)\n\n",
        depth);
    return;
  }
  const BisectFinding& f = *finding;
  std::string path;
  for (Square s : f.path) path += (path.empty() ? "" : " ") + square_name(s);
  std::printf(
      "bisection of depth %d: the first wrong position, %zu plies down (%s), with %d to "
      "count below it:\n",
      depth, f.path.size(), path.empty() ? "the position itself" : path.c_str(), f.depth);
  std::printf("  board  %s\n", board_string(f.position).c_str());
  switch (f.kind) {
    case BisectFinding::Kind::moves:
      std::printf("  its legal moves differ: expected %s, found %s (missing: %s; extra: %s)\n",
                  squares_text(f.expected_moves).c_str(), squares_text(f.found_moves).c_str(),
                  squares_text(f.expected_moves & ~f.found_moves).c_str(),
                  squares_text(f.found_moves & ~f.expected_moves).c_str());
      break;
    case BisectFinding::Kind::child: {
      // The discs each child says the move flipped: the opponent's before,
      // the mover's after (by colour: a child may name the wrong side to move).
      const Color mover = f.position.side;
      const auto flipped = [&](const Position& child) {
        const Bitboard mine = child.side == mover ? child.player : child.opponent;
        return mine & f.position.opponent;
      };
      std::printf("  its moves are right, but %s leads to another position:\n",
                  square_name(f.move).c_str());
      std::printf("    expected %s (flips %s)\n", board_string(f.expected_child).c_str(),
                  squares_text(flipped(f.expected_child)).c_str());
      std::printf("    found    %s (flips %s)\n", board_string(f.found_child).c_str(),
                  squares_text(flipped(f.found_child)).c_str());
      if (f.found_child.side != f.expected_child.side) {
        std::printf("    the side to move differs: expected %s, found %s\n",
                    std::string(color_name(f.expected_child.side)).c_str(),
                    std::string(color_name(f.found_child.side)).c_str());
      }
      break;
    }
    case BisectFinding::Kind::count:
      std::printf(
          "  its moves (%s) and every child are right, but its count is %llu, expected "
          "%llu: the count itself is wrong (the last ply's bulk count, a pass or a "
          "game end in the convention)\n",
          squares_text(f.expected_moves).c_str(), static_cast<unsigned long long>(f.found_count),
          static_cast<unsigned long long>(f.expected_count));
      break;
  }
}

Json perft_json(const PerftArgs& args, const NamedPosition& position,
                const std::vector<PerftRow>& rows,
                const std::optional<distributed::SplitResult>& split) {
  Json doc = result_document("perft");
  doc["config"] = {
      {"position", position.label},
      {"board", board_string(position.entry.position)},
      {"convention", enum_name(args.convention)},
      {"threads", args.threads},
      {"hash_mb", args.hash_mb},
      {"hash_symmetry", args.hash_mb > 0 && !args.no_symmetry},
      {"leaf_shortcut", !args.no_shortcut},  // asked for; each row says if taken
      {"repeat", args.repeat},
  };
  if (split) {
    doc["config"]["split"] = args.split;
    doc["config"]["processes"] = split->processes;
    doc["split"] = {
        {"units", split->units},
        {"expanded", split->expanded},
        {"settled", to_decimal(split->settled)},
        {"resumed", split->resumed},
        {"unit_seconds", split->unit_seconds},
    };
  }
  Json out = Json::array();
  for (const auto& r : rows) {
    const double secs = median(r.seconds);
    out.push_back({
        {"variant", r.variant},
        {"depth", r.depth},
        {"leaves", to_decimal(r.leaves)},  // a string: counts pass 2^64
        {"seconds", r.seconds},
        {"median_seconds", secs},
        {"leaves_per_second", secs > 0 ? static_cast<double>(r.leaves) / secs : 0.0},
        {"check", r.check},
        {"leaf_shortcut", r.shortcut},
    });
  }
  doc["rows"] = out;
  return doc;
}

}  // namespace rb::cli
