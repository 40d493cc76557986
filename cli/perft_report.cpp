#include "cli/perft_report.hpp"

#include <cstdio>

#include "core/median.hpp"
#include "io/machine.hpp"
#include "io/obf.hpp"

namespace rb::cli {

std::string check_count(const PerftTable* table, PerftConvention convention, int depth,
                        Count128 leaves, bool& all_ok) {
  if (!table) return "";
  const auto expected = table->expected(convention, depth);
  if (!expected) return "-";
  if (*expected == leaves) return "ok";
  all_ok = false;
  return "MISMATCH: published " + std::to_string(*expected);
}

void print_perft_row(int depth, Count128 leaves, double secs, const std::string& check) {
  char rate[32] = "-";
  if (secs > 1e-4) std::snprintf(rate, sizeof rate, "%.4g", static_cast<double>(leaves) / secs);
  std::printf("%5d %22s %10.3f %14s  %s\n", depth, to_decimal(leaves).c_str(), secs, rate,
              check.c_str());
  std::fflush(stdout);
}

Json perft_json(const PerftArgs& args, const NamedPosition& position,
                const std::vector<PerftRow>& rows,
                const std::optional<distributed::SplitResult>& split) {
  Json doc;
  doc["schema"] = kResultSchema;
  doc["kind"] = "perft";
  add_machine_and_build(doc);
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
