#include "train/games.hpp"

#include "core/rules.hpp"
#include "eval/classic.hpp"
#include "search/presets.hpp"

namespace rb::train {
namespace {

// A uniformly chosen legal move of `moves` (not 0).
Square random_move(std::mt19937_64& rng, Bitboard moves) {
  for (auto k = rng() % static_cast<unsigned>(popcount(moves)); k > 0; --k) moves &= moves - 1;
  return first_square(moves);
}

// The self-play policy: the move leaving the opponent the lowest ClassicEval
// (ties: the first in a1..h8).
Square greedy_move(Bitboard player, Bitboard opponent, Bitboard moves) {
  Square best = kNoSquare;
  int best_value = 0;
  for (; moves; moves &= moves - 1) {
    const Square s = first_square(moves);
    const Bitboard f = Kernel::flips_of(s, player, opponent);
    const int v = ClassicEval{}.eval(opponent ^ f, player ^ f ^ bit(s));
    if (best == kNoSquare || v < best_value) best = s, best_value = v;
  }
  return best;
}

// Small tables: a move at a few plies visits some thousands of positions.
constexpr std::size_t kPlayerTableMb = 2;

// The rung whose options the players solve their endgames with. Of two
// moves that score the same, a solve returns the one its order reaches
// first, so the games (and the shipped corpus and weights made from them,
// scripts/make-weights.sh) would change whenever `best` moved to a rung
// that orders differently; a fixed rung keeps them reproducible from their
// command. The exact labels (train/corpus.cpp) are scores and use `best`.
constexpr std::string_view kPlayerPreset = "all-node";

}  // namespace

SearchSession trainer_session(std::string_view preset, const PatternEval* eval,
                              std::optional<std::size_t> tt_mb,
                              const std::function<void(SolveOptions&)>& adjust) {
  SearchRequest request;
  request.preset = std::string(preset);
  request.tt_mb = tt_mb;
  request.apply_given = adjust;
  request.threads = 1;
  // Not owned: the caller's evaluation outlives the session.
  if (eval) request.evaluation = std::shared_ptr<const PatternEval>(std::shared_ptr<void>(), eval);
  request.variant = auto_variant(true);
  request.moves = MoveGen::list;
  return SearchSession::open(request);
}

SearchPlayer::SearchPlayer(const PatternEval& eval, int depth)
    : session_(trainer_session(kPlayerPreset, &eval, kPlayerTableMb)), depth_(depth) {}

SearchPlayer::~SearchPlayer() = default;

Square SearchPlayer::move(const Position& p) {
  ThinkLimits limits;
  limits.level = level_of(depth_);
  return session_.think(p, limits, Tables::clear).best.move;
}

std::vector<Sample> play_game(std::mt19937_64& rng, bool self_play, int min_empties,
                              int max_empties, Position& end, SearchPlayer* player) {
  std::vector<Sample> out;
  Position p = Position::start();
  for (int ply = 0;; ++ply) {
    const Bitboard moves = Kernel::moves_of(p.player, p.opponent);
    if (moves == 0) {
      if (Kernel::moves_of(p.opponent, p.player) == 0) break;
      p = p.passed();
      continue;
    }
    const int e = p.empties();
    if (e >= min_empties && e <= max_empties) out.push_back({p.player, p.opponent, e, p.side});
    const bool random = !self_play || ply < 8 || rng() % 8 == 0;
    const Square s = random   ? random_move(rng, moves)
                     : player ? player->move(p)
                              : greedy_move(p.player, p.opponent, moves);
    const Bitboard f = Kernel::flips_of(s, p.player, p.opponent);
    p = {p.opponent ^ f, p.player ^ f ^ bit(s), opposite(p.side)};
  }
  end = p;
  return out;
}

// The final score for black of a position where neither side can move.
int final_for_black(const Position& p) {
  const int diff = popcount(p.black()) - popcount(p.white());
  return final_score(diff, p.empties());
}

}  // namespace rb::train
