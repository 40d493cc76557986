#include "perft/perft_checkpoint.hpp"

#include <charconv>
#include <cstdio>
#include <sstream>

#include "io/input.hpp"
#include "io/obf.hpp"
#include "io/output.hpp"
#include "io/record_file.hpp"

namespace rb {
namespace {

constexpr std::string_view kMagic = "reversi-bench perft checkpoint 1";
constexpr RecordKind kCreated{"--checkpoint", "checkpoint", "perft checkpoint"};
constexpr RecordKind kResumed{"--resume", "checkpoint", "perft checkpoint"};

std::string hex(std::uint64_t value, int digits) {
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%0*llx", digits, static_cast<unsigned long long>(value));
  return buffer;
}

std::string unit_text(std::size_t index, Count128 count, std::uint64_t checksum) {
  return std::to_string(index) + " " + to_decimal(count) + " " + hex(checksum, 16);
}

std::vector<std::string_view> fields(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    const std::size_t end = line.find(' ', i);
    out.push_back(line.substr(i, end == std::string_view::npos ? end : end - i));
    if (end == std::string_view::npos) break;
    i = end + 1;
  }
  return out;
}

template <class T>
std::optional<T> parse_number(std::string_view text, int base = 10) {
  T value{};
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  if (text.empty() || ec != std::errc{} || ptr != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

std::string PerftCheckpoint::header(const CheckpointConfig& c) {
  std::ostringstream out;
  out << kMagic << "\nposition " << c.board << "\nconvention " << enum_name(c.convention)
      << "\ndepth " << c.depth << "\nsplit " << c.plies << "\nunits " << c.units << "\n";
  return out.str();
}

std::string PerftCheckpoint::unit_line(std::size_t index, Count128 count, std::uint64_t checksum) {
  return RecordFile::line_of(unit_text(index, count, checksum));
}

std::string PerftCheckpoint::check_create(const std::string& path) {
  return RecordFile::check_create(path, kCreated);
}

void PerftCheckpoint::check_resume(const std::string& path) {
  RecordFile::check_resume(path, kResumed);
}

PerftCheckpoint PerftCheckpoint::create(const std::string& path, const CheckpointConfig& config) {
  return PerftCheckpoint(RecordFile::create(path, kCreated, header(config)));
}

PerftCheckpoint PerftCheckpoint::resume(const std::string& path, const CheckpointConfig& config,
                                        const std::vector<std::uint64_t>& checksums,
                                        std::vector<std::optional<Count128>>& finished,
                                        const std::vector<Count128>& max_counts) {
  std::vector<Record> records;
  RecordFile file = RecordFile::resume(path, kResumed, header(config), records);
  for (const Record& record : records) {
    const auto f = fields(record.text);
    auto bad = [&](const std::string& why) {
      return InputError(path, record.line, 0,
                        "damaged checkpoint line '" + printable(record.text) + "': " + why);
    };
    if (f.size() != 3) throw bad("expected 4 fields (index, count, unit checksum, line check)");
    const auto index = parse_number<std::size_t>(f[0]);
    const auto count = parse_decimal(f[1]);
    const auto checksum = f[2].size() == 16 ? parse_number<std::uint64_t>(f[2], 16) : std::nullopt;
    if (!index || !count || !checksum) throw bad("a field is not a number of its form");
    if (*index >= checksums.size()) throw bad("no unit has this index");
    if (*checksum != checksums[*index]) throw bad("the unit checksum is not that unit's");
    if (finished[*index]) throw bad("unit " + std::to_string(*index) + " is finished twice");
    if (*index < max_counts.size() && *count > max_counts[*index]) {
      throw bad("the count is above " + to_decimal(max_counts[*index]) +
                ", the most leaves that unit can have below it");
    }
    finished[*index] = *count;
  }
  return PerftCheckpoint(std::move(file));
}

void PerftCheckpoint::append(std::size_t index, Count128 count, std::uint64_t checksum) {
  file_.append(unit_text(index, count, checksum));
}

const std::string& PerftCheckpoint::path() const { return file_.path(); }

}  // namespace rb
