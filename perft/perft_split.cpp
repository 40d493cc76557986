#include "perft/perft_split.hpp"

#include <cstdio>

#include "core/seconds.hpp"

namespace rb::distributed {
namespace {

std::string duration_text(double seconds) {
  if (!(seconds >= 0) || seconds > 1e9) return "?";
  const auto s = static_cast<long long>(seconds + 0.5);
  char buffer[48];
  if (s >= 86400) {
    std::snprintf(buffer, sizeof buffer, "%lldd%02lldh%02lldm", s / 86400, s / 3600 % 24,
                  s / 60 % 60);
  } else {
    std::snprintf(buffer, sizeof buffer, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
  }
  return buffer;
}

}  // namespace

SplitProgress::SplitProgress(const PerftUnits& units,
                             const std::vector<std::optional<Count128>>& counts)
    : units_(units), leaves_(units.settled) {
  for (std::size_t i = 0; i < counts.size(); ++i) {
    const double estimate = static_cast<double>(units.units[i].estimate) + 1;
    if (counts[i]) {
      ++done_;
      leaves_ += static_cast<Count128>(units.units[i].multiplicity) * *counts[i];
    } else {
      estimate_left_ += estimate;
    }
  }
  start_ = last_ = std::chrono::steady_clock::now();
}

void SplitProgress::done(std::size_t index, Count128 count) {
  const Count128 share = static_cast<Count128>(units_.units[index].multiplicity) * count;
  ++done_;
  leaves_ += share;
  new_leaves_ += share;
  const double estimate = static_cast<double>(units_.units[index].estimate) + 1;
  estimate_left_ -= estimate;
  estimate_done_ += estimate;
  const auto now = std::chrono::steady_clock::now();
  if (now - last_ >= std::chrono::seconds(1)) {
    last_ = now;
    print("");
  }
}

void SplitProgress::finish() { print("done: "); }

void SplitProgress::print(const char* prefix) {
  const double elapsed = seconds_since(start_);
  const double rate = elapsed > 0 ? static_cast<double>(new_leaves_) / elapsed : 0;
  const double left = estimate_done_ > 0 ? elapsed * estimate_left_ / estimate_done_ : -1;
  std::fprintf(stderr, "perft split: %s%zu/%zu units, %s leaves, %.4g leaves/s, %s %s\n", prefix,
               done_, units_.units.size(), to_decimal(leaves_).c_str(), rate,
               *prefix ? "elapsed" : "ETA", duration_text(*prefix ? elapsed : left).c_str());
  std::fflush(stderr);
}

}  // namespace rb::distributed
