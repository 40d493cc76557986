// Checkpoints of a split perft run (perft/perft_units.hpp): a text file,
// a header naming the run, then one line per finished unit, appended and
// flushed to disk (fsync) as each unit finishes:
//
//   reversi-bench perft checkpoint 1
//   position <board string>
//   convention <a124004|bik|no_pass>
//   depth <D>
//   split <K>
//   units <N>
//   <index> <count> <unit checksum, 16 hex digits> <line check, 8 hex digits>
//
// A record file (io/record_file.hpp): its rules for a file that exists, a
// line cut short, a damaged or edited line and a file of another run are
// every record file's. The units are numbered by (position, convention, D,
// K) alone, so the header is all a later run needs to know the file is its
// own. The unit checksum ties the line to the unit's position; the line
// check (FNV-1a of the three fields before it) catches a damaged count.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/u128.hpp"
#include "io/record_file.hpp"
#include "perft/perft.hpp"

namespace rb {

struct CheckpointConfig {
  std::string board;  // board_string() of the root
  PerftConvention convention;
  int depth;
  int plies;
  std::size_t units;
};

class PerftCheckpoint {
 public:
  // A new file with its header (a symlink followed to its target); refuses
  // an existing file and what every output refuses (io/output.hpp) with
  // OutputError.
  static PerftCheckpoint create(const std::string& path, const CheckpointConfig& config);
  // An existing file of this configuration: the finished units' counts are
  // set in `finished` (one slot per unit); `checksums` are the units', and
  // `max_counts` (when given, one per unit) the most leaves each can have
  // below it. Throws InputError (file:line) on another configuration, a
  // damaged line or a file that cannot be read (a directory, a FIFO, an I/O
  // error), OutputError when it cannot be appended to.
  static PerftCheckpoint resume(const std::string& path, const CheckpointConfig& config,
                                const std::vector<std::uint64_t>& checksums,
                                std::vector<std::optional<Count128>>& finished,
                                const std::vector<Count128>& max_counts = {});
  // What create() and resume() refuse before reading or writing anything,
  // for a command to refuse it before any work. check_create() returns the
  // file that will be created (a symlink's target).
  static std::string check_create(const std::string& path);
  static void check_resume(const std::string& path);
  PerftCheckpoint(PerftCheckpoint&& other) noexcept = default;
  PerftCheckpoint& operator=(PerftCheckpoint&&) = delete;

  // Appends one finished unit and waits until it is on disk. OutputError.
  void append(std::size_t index, Count128 count, std::uint64_t checksum);
  const std::string& path() const;

  // The line for a unit, newline included.
  static std::string unit_line(std::size_t index, Count128 count, std::uint64_t checksum);
  static std::string header(const CheckpointConfig& config);

 private:
  explicit PerftCheckpoint(RecordFile file) : file_(std::move(file)) {}
  RecordFile file_;
};

}  // namespace rb
