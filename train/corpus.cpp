#include "train/corpus.hpp"

#include <fmt/core.h>

#include <charconv>
#include <cmath>
#include <optional>
#include <random>

#include "core/errors.hpp"
#include "io/input.hpp"
#include "io/obf.hpp"
#include "search/presets.hpp"

namespace rb::train {
namespace {

// Up to this many empties the label solves need no evaluation.
constexpr int kPlainSolveEmpties = 14;
// The label solves' tables (MiB).
constexpr std::size_t kSolveTableMb = 16;

}  // namespace

std::string corpus_identity(const CorpusConfig& c) {
  std::string out = fmt::format(
      "make-corpus --seed {} --games {} --exact-empties {} "
      "--min-empties {} --max-empties {}",
      c.seed, c.games, c.exact_empties, c.min_empties, c.max_empties);
  if (c.play_depth > 0) {
    out += fmt::format(" --play-depth {} --play-weights {:016x}", c.play_depth, c.play_weights);
  }
  return out;
}

std::uint64_t weights_checksum(const PatternWeights& weights) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  auto add = [&](std::uint64_t v, int bytes) {
    for (int k = 0; k < bytes; ++k) h = (h ^ ((v >> (8 * k)) & 0xff)) * 0x100000001b3ull;
  };
  for (const PatternWeights::Stage& s : weights.stages) {
    add(static_cast<std::uint32_t>(s.min_empties), 4);
    add(static_cast<std::uint32_t>(s.max_empties), 4);
    add(static_cast<std::uint32_t>(s.bias), 4);
    for (const std::int16_t w : s.weights) add(static_cast<std::uint16_t>(w), 2);
  }
  return h;
}

int named_games(std::string_view identity) {
  constexpr std::string_view kGames = " --games ";
  const std::size_t at = identity.find(kGames);
  if (at == std::string_view::npos) return 0;
  const std::string_view rest = identity.substr(at + kGames.size());
  int games = 0;
  const auto [ptr, err] = std::from_chars(rest.data(), rest.data() + rest.size(), games);
  return err == std::errc() && (ptr == rest.data() + rest.size() || *ptr == ' ') ? games : 0;
}

std::uint64_t game_seed(std::uint64_t seed, std::uint64_t g) {
  // SplitMix64's finalizer of the seed and the game's number.
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ull * (g + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

Labeller::Labeller(const PatternEval* eval, int play_depth)
    : player_(eval && play_depth > 0 ? std::make_unique<SearchPlayer>(*eval, play_depth) : nullptr),
      plain_(trainer_session("mobility", nullptr, kSolveTableMb)) {
  if (eval) evaluated_.emplace(trainer_session(kBestPreset, eval, kSolveTableMb));
}

Labeller::~Labeller() = default;

int Labeller::exact(const Sample& s) {
  SearchSession& session = evaluated_ && s.empties > kPlainSolveEmpties ? *evaluated_ : plain_;
  const SolveResult r = session.solve(Position{s.player, s.opponent, s.side}, 0, Tables::keep);
  if (!r.solved) throw CheckFailed("a label solve did not finish");
  return r.score;
}

int Labeller::label_game(std::vector<Sample>& game, const Position& end, int exact_empties) {
  // From the last sample back, so that a sample above exact_empties takes
  // the label of the first sample of its game at or below it.
  int solved = 0;
  std::optional<Sample> anchor;
  for (auto it = game.rbegin(); it != game.rend(); ++it) {
    Sample& s = *it;
    if (s.empties <= exact_empties) {
      s.label = exact(s);
      anchor = s;
      ++solved;
    } else if (anchor) {
      s.label = anchor->side == s.side ? anchor->label : -anchor->label;
    } else {
      const int black = final_for_black(end);
      s.label = s.side == Color::black ? black : -black;
    }
  }
  return solved;
}

std::string corpus_game_line(const CorpusConfig& c, std::uint64_t g, Labeller& labeller) {
  std::mt19937_64 rng(game_seed(c.seed, g));
  Position end;
  if (c.play_depth > 0 && !labeller.player()) {
    throw CheckFailed("a corpus played by the search needs the Labeller's player");
  }
  const bool searched = c.play_depth > 0;
  std::vector<Sample> game = play_game(rng, searched || g % 2 == 1, c.min_empties, c.max_empties,
                                       end, searched ? labeller.player() : nullptr);
  labeller.label_game(game, end, c.exact_empties);
  std::string line = fmt::format("{} {}", g, game.size());
  for (const Sample& s : game) {
    line += fmt::format(" {} {:+d}", board_string(Position{s.player, s.opponent, s.side}),
                        static_cast<int>(s.label));
  }
  return line;
}

CorpusReader::CorpusReader(std::string path, std::string identity)
    : path_(std::move(path)), identity_(std::move(identity)) {}

void CorpusReader::add(int line, std::string_view text) {
  last_line_ = line;
  auto fail = [&](int column, const std::string& reason) {
    throw InputError(path_, line, column, reason);
  };
  auto integer = [&](std::string_view t, int column, long long lo, long long hi, const char* what) {
    long long v = 0;
    const char* end = t.data() + t.size();
    const auto [ptr, err] = std::from_chars(t.data() + (t.starts_with('+') ? 1 : 0), end, v);
    if (err != std::errc() || ptr != end || v < lo || v > hi) {
      fail(column,
           fmt::format("{} must be an integer in {}..{}, not '{}'", what, lo, hi, printable(t)));
    }
    return v;
  };
  if (!named_) {
    named_ = true;
    constexpr std::string_view kStart = "make-corpus ";
    if (!text.starts_with(kStart)) {
      fail(1,
           "a corpus's first record names its command (expected '" + std::string(kStart) + "...')");
    }
    if (!identity_.empty() && text != identity_) {
      // The first option whose value differs.
      const auto mine = split_fields(identity_), theirs = split_fields(text);
      std::size_t k = 0;
      while (k < mine.size() && k < theirs.size() && mine[k].text == theirs[k].text) ++k;
      if (k > 0 && k < mine.size() && k < theirs.size() && mine[k - 1].text.starts_with("--")) {
        fail(theirs[k].column,
             fmt::format("the corpus of another command: its {} is {}, this command's {}",
                         mine[k - 1].text, printable(theirs[k].text), mine[k].text));
      }
      fail(1, "the corpus of another command: its command is not '" + identity_ + "'");
    }
    const auto f = split_fields(text);
    // make-corpus --seed S --games G --exact-empties E ...
    if (f.size() != 11 && f.size() != 15) {
      fail(1, "a corpus's command names its five options (and the player's two)");
    }
    const char* names[] = {"--seed", "--games", "--exact-empties", "--min-empties",
                           "--max-empties"};
    for (int k = 0; k < 5; ++k) {
      if (f[static_cast<std::size_t>(1 + 2 * k)].text != names[k]) {
        fail(f[static_cast<std::size_t>(1 + 2 * k)].column, std::string("expected ") + names[k]);
      }
    }
    auto value = [&](int k, long long lo, long long hi) {
      const LineField& v = f[static_cast<std::size_t>(2 + 2 * k)];
      return integer(v.text, v.column, lo, hi, names[k]);
    };
    CorpusConfig& c = corpus_.config;
    c.seed = static_cast<std::uint64_t>(value(0, 0, (1ll << 62)));
    c.games = static_cast<int>(value(1, 1, 100000000));
    c.exact_empties = static_cast<int>(value(2, 0, 60));
    c.min_empties = static_cast<int>(value(3, 0, 60));
    c.max_empties = static_cast<int>(value(4, c.min_empties, 60));
    if (f.size() == 15) {
      if (f[11].text != "--play-depth") fail(f[11].column, "expected --play-depth");
      if (f[13].text != "--play-weights") fail(f[13].column, "expected --play-weights");
      c.play_depth = static_cast<int>(integer(f[12].text, f[12].column, 1, 60, "--play-depth"));
      const std::string_view hex = f[14].text;
      const auto [ptr, err] =
          std::from_chars(hex.data(), hex.data() + hex.size(), c.play_weights, 16);
      if (err != std::errc() || ptr != hex.data() + hex.size() || hex.size() != 16) {
        fail(f[14].column,
             fmt::format("--play-weights must be 16 hexadecimal digits, not '{}'", printable(hex)));
      }
    }
    return;
  }
  const auto f = split_fields(text);
  if (f.size() < 2) fail(1, "a game line is: GAME SAMPLES then BOARD SIDE LABEL per sample");
  const long long g = integer(f[0].text, f[0].column, 0, corpus_.config.games - 1, "GAME");
  if (g != static_cast<long long>(corpus_.games.size())) {
    fail(f[0].column, fmt::format("game {} where game {} was expected (games come in order)", g,
                                  corpus_.games.size()));
  }
  const long long n = integer(f[1].text, f[1].column, 0, 60, "SAMPLES");
  if (f.size() != static_cast<std::size_t>(2 + 3 * n)) {
    fail(1,
         fmt::format("{} samples announced, {} fields for them (3 per sample)", n, f.size() - 2));
  }
  std::vector<Sample> game;
  for (long long i = 0; i < n; ++i) {
    const LineField& board = f[static_cast<std::size_t>(2 + 3 * i)];
    const LineField& side = f[static_cast<std::size_t>(3 + 3 * i)];
    const LineField& label = f[static_cast<std::size_t>(4 + 3 * i)];
    const std::string_view both(
        board.text.data(),
        static_cast<std::size_t>(side.text.data() + side.text.size() - board.text.data()));
    Position p;
    try {
      p = parse_board(both, {path_, line});
    } catch (const InputError&) {
      fail(board.column, "not a board and side to move: '" + printable(both) + "'");
    }
    Sample s{p.player, p.opponent, p.empties(), p.side};
    if (s.empties < corpus_.config.min_empties || s.empties > corpus_.config.max_empties) {
      fail(board.column,
           fmt::format("a sample with {} empties, outside the corpus's {}..{}", s.empties,
                       corpus_.config.min_empties, corpus_.config.max_empties));
    }
    s.label = static_cast<double>(integer(label.text, label.column, -64, 64, "LABEL"));
    game.push_back(s);
  }
  corpus_.games.push_back(std::move(game));
}

Corpus CorpusReader::take(bool whole) {
  if (!named_) throw InputError(path_, 2, 0, "a corpus with no record: its command is missing");
  const auto games = corpus_.games.size();
  if (whole && games != static_cast<std::size_t>(corpus_.config.games)) {
    throw InputError(path_, last_line_ + 1, 0,
                     fmt::format("the corpus holds {} of the {} games its command names "
                                 "(unfinished: make-corpus --resume goes on with it)",
                                 games, corpus_.config.games));
  }
  return std::move(corpus_);
}

Corpus read_corpus(const std::string& path, std::string_view identity, bool whole) {
  CorpusReader reader(path, std::string(identity));
  RecordFile::read(path, corpus_kind("--corpus"), kCorpusHeader,
                   [&](int line, std::string_view text) { reader.add(line, text); });
  return reader.take(whole);
}

RecordKind corpus_kind(std::string_view option) {
  return {option, "corpus", "training corpus", kMaxCorpusBytes};
}

}  // namespace rb::train

namespace rb::train {

std::vector<EvalSample> eval_samples(const Corpus& corpus, const PatternEval& eval,
                                     bool every_game) {
  std::vector<EvalSample> out;
  for (std::size_t g = 0; g < corpus.games.size(); ++g) {
    if (!every_game && g % 10 != 9) continue;
    for (const Sample& s : corpus.games[g]) {
      if (s.empties > corpus.config.exact_empties) continue;
      out.push_back({static_cast<int>(g), s.empties, s.label,
                     eval.eval(s.player, s.opponent) / double{kEvalScale}});
    }
  }
  return out;
}

std::vector<EvalError> eval_errors(const std::vector<EvalSample>& samples) {
  std::vector<EvalError> out;
  std::vector<double> sum(61), sq(61);
  std::vector<int> n(61);
  for (const EvalSample& s : samples) {
    const double d = s.evaluation - s.label;
    const auto e = static_cast<std::size_t>(s.empties);
    sum[e] += d;
    sq[e] += d * d;
    ++n[e];
  }
  for (std::size_t e = 0; e < n.size(); ++e) {
    if (n[e] == 0) continue;
    out.push_back({static_cast<int>(e), n[e], std::sqrt(sq[e] / n[e]), sum[e] / n[e]});
  }
  return out;
}

}  // namespace rb::train
