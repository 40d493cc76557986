#include "run/openings.hpp"

#include <cstdio>
#include <filesystem>
#include <random>
#include <set>
#include <stdexcept>

#include "core/errors.hpp"
#include "core/reference.hpp"
#include "eval/pattern.hpp"
#include "io/obf.hpp"
#include "protocol/nboard.hpp"
#include "protocol/suite.hpp"

namespace rb {
namespace {

std::size_t first_non_blank(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  return i;
}

// The moves of one opening line (a move line or a GGF game), from the start.
std::vector<Square> opening_moves(std::string_view line, const SourceRef& where) {
  const std::size_t at = first_non_blank(line);
  if (line.substr(at, 2) == "(;") {
    protocol::GgfGame game;
    try {
      game = protocol::parse_ggf_game(line.substr(at));
    } catch (const protocol::ProtocolError& e) {
      throw InputError(std::string(where.name), where.line, static_cast<int>(at) + 1, e.what());
    }
    if (game.start != Position::start()) {
      throw InputError(std::string(where.name), where.line, static_cast<int>(at) + 1,
                       "a GGF game from a board other than the standard start (an opening is "
                       "played from the start)");
    }
    return game.moves;
  }
  if (!protocol::is_game_line(line)) {
    throw InputError(std::string(where.name), where.line, static_cast<int>(at) + 1,
                     "not an opening: expected moves from the start ('f5d6c3') or a GGF game "
                     "('(;GM[Othello]...;)')");
  }
  return protocol::parse_game_line(line, where).game.value();
}

}  // namespace

std::string moves_text(const std::vector<Square>& moves) {
  std::string out;
  for (Square s : moves) {
    if (!out.empty()) out += ' ';
    out += s == kPass ? std::string("pa") : square_name(s);
  }
  return out;
}

std::vector<Opening> parse_openings(std::string_view text, std::string_view source, int plies) {
  std::vector<Opening> out;
  int line_number = 0;
  while (!text.empty()) {
    ++line_number;
    std::string_view line = take_line(text);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const SourceRef where{source, line_number};
    check_line_bytes(line, where);
    const std::size_t at = first_non_blank(line);
    // A '%' comment, except inside a GGF game (whose comments are C[...]).
    if (at == line.size() || line[at] == '%') continue;
    std::vector<Square> moves = opening_moves(line, where);
    if (plies > 0) {
      if (static_cast<int>(moves.size()) < plies) {
        throw InputError(std::string(source), line_number, static_cast<int>(at) + 1,
                         "an opening of " + std::to_string(moves.size()) + " moves, fewer than " +
                             std::to_string(plies) + " (--opening-plies)");
      }
      moves.resize(static_cast<std::size_t>(plies));
    }
    ReferenceBoard board(Position::start());
    for (Square s : moves) {
      if (s == kPass) {
        board.pass();
      } else {
        board.play(s);  // legal: parsed from the start
      }
    }
    if (board.game_over()) {
      throw InputError(std::string(source), line_number, static_cast<int>(at) + 1,
                       "the game is over after the opening's moves: nothing left to play");
    }
    Opening o;
    o.label = std::filesystem::path(source).filename().string() + ":" + std::to_string(line_number);
    o.moves = std::move(moves);
    o.position = board.position();
    out.push_back(std::move(o));
  }
  if (out.empty()) throw InputError(std::string(source), 0, 0, "no opening in the file");
  return out;
}

std::vector<Opening> read_openings(const std::string& path, int plies) {
  const std::string text = protocol::read_suite_file(path);
  return parse_openings(text, path, plies);
}

SymmetryKey symmetry_key(const Position& position) {
  SymmetryKey best{position.player, position.opponent};
  for (int k = 1; k < 8; ++k) {
    const SymmetryKey image{pattern::symmetric(k, position.player),
                            pattern::symmetric(k, position.opponent)};
    best = std::min(best, image);
  }
  return best;
}

std::vector<ScoredOpening> make_openings(const OpeningRequest& request, SearchSession& session,
                                         const std::function<void(int, int)>& progress) {
  std::mt19937_64 rng(request.seed);
  const int max_tries = request.max_tries > 0 ? request.max_tries : 200 * request.count;
  SearchSession searcher = session.worker(1);  // one thread: the same set on every machine
  ThinkLimits limits;
  limits.level = Level{0, request.depth, 0, 0};
  std::set<SymmetryKey> seen;
  std::vector<ScoredOpening> out;
  int tries = 0;
  while (static_cast<int>(out.size()) < request.count && tries < max_tries) {
    ++tries;
    ReferenceBoard board(Position::start());
    std::vector<Square> moves;
    bool over = false;
    while (static_cast<int>(moves.size()) < request.plies) {
      Bitboard legal = board.legal_moves();
      if (legal == 0) {
        if (board.game_over()) {
          over = true;
          break;
        }
        board.pass();
        moves.push_back(kPass);
        continue;
      }
      const auto choice = rng() % static_cast<unsigned>(popcount(legal));
      for (auto k = choice; k > 0; --k) legal &= legal - 1;
      board.play(first_square(legal));
      moves.push_back(first_square(legal));
    }
    if (!over && !board.game_over() && seen.insert(symmetry_key(board.position())).second) {
      const ThinkResult r = searcher.think(board.position(), limits, Tables::clear);
      if (std::abs(r.best.score) <= request.max_score) {
        ScoredOpening s;
        s.opening.label = "#" + std::to_string(out.size() + 1);
        s.opening.moves = std::move(moves);
        s.opening.position = board.position();
        s.score = r.best.score;
        out.push_back(std::move(s));
      }
    }
    if (progress) progress(static_cast<int>(out.size()), tries);
  }
  if (static_cast<int>(out.size()) < request.count) {
    char within[32];
    std::snprintf(within, sizeof within, "%g", request.max_score);
    throw UsageError("--count " + std::to_string(request.count) + ": " + std::to_string(tries) +
                     " random games (--max-tries) gave " + std::to_string(out.size()) +
                     " openings within +-" + within +
                     " discs (--max-score); ask for fewer, or allow more tries or a wider score");
  }
  return out;
}

}  // namespace rb
