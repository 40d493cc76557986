// The NBoard side of the harness as an engine (protocol/server.hpp).
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <istream>
#include <mutex>
#include <ostream>
#include <vector>

#include "core/reference.hpp"
#include "protocol/background_search.hpp"
#include "protocol/nboard.hpp"
#include "protocol/server.hpp"

namespace rb::protocol {
namespace {

std::string upper_move(Square move) {
  if (move == kPass || move == kNoSquare) return "PA";
  std::string name = square_name(move);
  for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return name;
}

std::string decimals(double value, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, value);
  return buf;
}

// The rest of the line after its first word.
std::string_view argument(std::string_view line) {
  const auto words = split_words(line);
  if (words.size() < 2) return {};
  return line.substr(static_cast<std::size_t>(words[1].data() - line.data()));
}

// Plays "F5", "move F5/0.5/1.2" or "PA" on the position; false if it is not
// a legal move there.
bool play_nboard_move(Position& position, std::string_view text) {
  std::string token(text.substr(0, text.find('/')));
  for (char& c : token) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const auto move = token == "pass" ? std::optional<Square>(kPass) : parse_square(token);
  if (!move) return false;
  ReferenceBoard board(position);
  if (*move == kPass) {
    if (board.legal_moves() != 0) return false;
    position = position.passed();
    return true;
  }
  if (!board.play(*move)) return false;
  position = board.position();
  return true;
}

// "F5D6C3": a principal variation as NBoard writes moves.
std::string nboard_line(const std::vector<Square>& pv) {
  std::string text;
  for (Square s : pv) text += upper_move(s);
  return text;
}

// A search's depth as NBoard's `search` lines give it: the plies of a
// midgame iteration, "100%W" for a win/loss/draw solve, "100%" exact.
std::string nboard_depth(const ThinkIteration& it) {
  if (it.kind == ThinkIteration::Kind::wld) return "100%W";
  if (it.kind == ThinkIteration::Kind::exact) return "100%";
  return std::to_string(it.depth);
}

// NBoard's `search` line for a move's line and score.
std::string search_line(const ThinkIteration& it) {
  return "search " + nboard_line(it.pv) + " " + decimals(it.score, 2) + " 0 " + nboard_depth(it) +
         "\n";
}

// hint N: the best move's line as each iteration of the search finishes;
// then, for N above 1, each other move searched one ply less deep (its
// endgame within the same reach) and the N best moves' lines, best first.
// A stop ends it where it is.
template <class Say>
void hint(const ThinkService& think, const Position& position, const Level& level, int count,
          const std::atomic<bool>* stop, const Say& say) {
  ThinkRequest request;
  request.position = position;
  request.level = level;
  request.stop = stop;
  request.on_iteration = [&](const ThinkIteration& it) { say(search_line(it)); };
  const ThinkResult root = think(request);
  if (count <= 1 || !root.complete || root.best.move < 0 || root.best.move >= 64) return;
  std::vector<ThinkIteration> lines = {root.best};
  for (Bitboard moves = ReferenceBoard(position).legal_moves(); moves; moves &= moves - 1) {
    const Square move = first_square(moves);
    if (move == root.best.move) continue;
    ReferenceBoard board(position);
    board.play(move);
    ThinkRequest child;
    child.position = board.position();
    child.level = level;
    child.level.depth = std::max(1, level.depth - 1);
    child.stop = stop;
    const ThinkResult r = think(child);
    if (!r.complete) return;
    ThinkIteration line = r.best;
    line.score = -line.score;
    line.move = move;
    line.pv.insert(line.pv.begin(), move);
    if (line.kind == ThinkIteration::Kind::midgame) line.depth += 1;
    lines.push_back(std::move(line));
  }
  std::stable_sort(
      lines.begin(), lines.end(),
      [](const ThinkIteration& a, const ThinkIteration& b) { return a.score > b.score; });
  for (int i = 0; i < count && i < static_cast<int>(lines.size()); ++i) {
    say(search_line(lines[static_cast<std::size_t>(i)]));
  }
}

}  // namespace

void serve_nboard(std::istream& in, std::ostream& out, std::ostream& errors,
                  const ThinkService& think, const ServerInfo& info) {
  Position position = Position::start();
  int level = info.level;
  std::mutex output;  // the search thread's lines against the loop's
  const auto say = [&](const std::string& text) {
    std::lock_guard lock(output);
    out << text << std::flush;
  };
  BackgroundSearch search;  // after what its thread uses: it is joined first
  std::size_t number = 0;
  for (std::string line;;) {
    const LineRead read = read_bounded_line(in, line, kMaxLineBytes);
    if (read == LineRead::end) break;
    ++number;
    if (read == LineRead::too_long) {
      errors << info.name << " nboard: line " << number << ": longer than " << kMaxLineBytes
             << " bytes: refused" << std::endl;
      continue;
    }
    const auto words = split_words(line);
    if (words.empty()) continue;
    const std::string_view command = words[0];
    const std::string_view second = words.size() > 1 ? words[1] : std::string_view{};
    if (search.running()) {
      // ping stops the search (it answers with its best move so far);
      // anything else, quit included, waits for it.
      if (command == "ping") search.stop();
      search.wait();
    }
    if (command == "quit") return;
    if (command == "nboard") continue;
    if (command == "set" && second == "depth") {
      const auto n = words.size() > 2 ? parse_count(words[2]) : std::nullopt;
      if (!n || *n < 1) {
        errors << info.name << " nboard: set depth: not a depth: " << quoted(line) << std::endl;
      } else {
        level = static_cast<int>(std::min<std::uint64_t>(*n, kMaxLevel));
      }
      say("set myname " + info.name + "\n");
    } else if (command == "set" && second == "game") {
      try {
        position = parse_ggf(argument(argument(line)));
      } catch (const ProtocolError& e) {
        errors << info.name << " nboard: set game: " << e.what() << std::endl;
      }
    } else if (command == "set") {
      continue;  // contempt and settings to come: nothing to do
    } else if (command == "move") {
      if (!play_nboard_move(position, argument(line))) {
        errors << info.name << " nboard: move: not a legal move: " << quoted(argument(line))
               << std::endl;
      }
    } else if (command == "ping") {
      say("pong " + std::string(second) + "\n");
    } else if (command == "learn") {
      say("learned\n");
    } else if (command == "go") {
      say("status " + info.name + " is thinking\n");
      ThinkRequest request;
      request.position = position;
      request.level = level_of(level);
      search.start(think, std::move(request), [&](const ThinkResult& r) {
        say("nodestats " + std::to_string(r.nodes) + " " + decimals(r.seconds, 3) +
            "\n=== " + upper_move(r.best.move) + "/" + decimals(r.best.score, 2) + "/" +
            decimals(r.seconds, 3) + "\nstatus " + info.name + " is waiting\n");
      });
    } else if (command == "hint") {
      const auto n = words.size() > 1 ? parse_count(second) : std::nullopt;
      const int count = n ? static_cast<int>(std::min<std::uint64_t>(*n, 64)) : 1;
      say("status " + info.name + " is thinking\n");
      const Position p = position;
      const Level lvl = level_of(level);
      search.start([&, p, lvl, count](const std::atomic<bool>* stop) {
        hint(think, p, lvl, count, stop, say);
        say("status " + info.name + " is waiting\n");
      });
    } else if (command == "analyze") {
      say("status " + info.name + ": analyze is not offered\n");
    } else if (!play_nboard_move(position, command)) {  // protocol 1: a bare move
      errors << info.name << " nboard: ignored: " << quoted(line) << std::endl;
    }
  }
  if (search.running()) {  // the end of the input stops the search
    search.stop();
    search.wait();
  }
}

}  // namespace rb::protocol
