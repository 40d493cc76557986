// A board program: a board written in any language, run as a child process
// and spoken to over its standard input and output with the board protocol
// (docs/board-protocol.md): given a position, its legal moves; given a
// position and a move, the position after it; optionally its own perft
// count. Requests go in batches ended by `sync`, so that a program in a slow
// language is held back by one round trip per batch, not per position.
//
// Whatever the program does (crashes, hangs, answers garbage, exits, leaves
// children behind), the harness ends in bounded time: every batch has a
// deadline, a fault throws BoardProgramError with its reason and the
// program's last lines, and the program's process group is killed when the
// object goes (protocol/process.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/position.hpp"
#include "core/square.hpp"
#include "protocol/process.hpp"

namespace rb::protocol {

// A board program that failed: one line, its reason (the request and the
// answer at fault, a deadline passed, how it exited), then its last lines.
class BoardProgramError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

inline constexpr int kBoardProtocolVersion = 1;
// Requests in one batch (before `sync`): their answers (at most ~100 bytes
// each) fit in a pipe's 64 KiB, so the program never blocks on its output
// while the harness writes.
inline constexpr std::size_t kBoardBatch = 512;

class BoardProgram {
 public:
  // Starts `command` (split like engine-test's commands, no shell) and
  // reads its greeting; `timeout` seconds for the greeting and for each
  // batch (and each perft request). Throws BoardProgramError, or
  // CommandError when the command cannot be run.
  BoardProgram(const std::string& command, double timeout);
  ~BoardProgram();
  BoardProgram(const BoardProgram&) = delete;
  BoardProgram& operator=(const BoardProgram&) = delete;

  const std::string& name() const { return name_; }  // from its greeting
  bool has_perft() const { return perft_; }
  const std::string& command() const { return command_; }
  // Requests and answers so far (for the throughput).
  std::uint64_t requests() const { return requests_; }

  // The legal moves of each position. An answer is asked once: the same
  // request again is answered from memory (a walk's depths and its
  // bisection ask each distinct position once), up to kMemo answers.
  std::vector<Bitboard> moves(const std::vector<Position>& positions);
  // The position after each (position, legal move), remembered the same way.
  std::vector<Position> play(const std::vector<std::pair<Position, Square>>& moves);
  static constexpr std::size_t kMemo = std::size_t{1} << 21;
  // Its own perft count (has_perft(); a124004 convention).
  std::uint64_t perft(const Position& position, int depth);

  // Ends the program: `quit`, a short wait, then its group killed.
  void close();

 private:
  // Sends the requests and `sync`, returns their answers (an `error` answer
  // or a missing one is a fault).
  std::vector<std::string> ask(const std::vector<std::string>& requests);
  [[noreturn]] void fault(const std::string& reason);
  std::string read_answer(const std::string& request, Deadline deadline);
  // The requests themselves, in batches, without the memory.
  std::vector<Bitboard> ask_moves(const std::vector<Position>& positions);
  std::vector<Position> ask_play(const std::vector<std::pair<Position, Square>>& moves);

  std::string command_;
  double timeout_;
  std::unique_ptr<ChildProcess> child_;
  std::string name_;
  bool perft_ = false;
  std::uint64_t requests_ = 0;
  struct Key {
    Position position;
    Square move;  // kNoSquare: the moves of the position
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const;
  };
  std::unordered_map<Key, Bitboard, KeyHash> moves_memo_;
  std::unordered_map<Key, Position, KeyHash> play_memo_;
};

}  // namespace rb::protocol
