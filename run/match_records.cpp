#include "run/match_records.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "core/errors.hpp"
#include "core/reference.hpp"
#include "io/output.hpp"
#include "protocol/nboard.hpp"
#include "protocol/protocol.hpp"

namespace rb {
namespace {

using protocol::FaultKind;

std::string number_text(const char* format, double value) {
  char text[48];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

const char* end_name(GameRecord::End end) {
  switch (end) {
    case GameRecord::End::played:
      return "played";
    case GameRecord::End::adjudicated:
      return "adjudicated";
    case GameRecord::End::fault:
      return "fault";
  }
  return "played";
}

std::optional<FaultKind> fault_of_name(std::string_view name) {
  for (int k = 0; k <= static_cast<int>(FaultKind::unrequested); ++k) {
    if (protocol::fault_name(static_cast<FaultKind>(k)) == name) return static_cast<FaultKind>(k);
  }
  return std::nullopt;
}

GameRecord game_of_json(const Json& j) {
  GameRecord g;
  g.game = j.at("game").get<int>();
  g.opening = j.at("opening").get<int>();
  g.black = j.at("black").get<int>();
  g.white = j.at("white").get<int>();
  g.result = j.at("result").get<int>();
  const std::string end = j.at("end").get<std::string>();
  if (end == "played") {
    g.end = GameRecord::End::played;
  } else if (end == "adjudicated") {
    g.end = GameRecord::End::adjudicated;
    g.adjudicated_empties = j.at("adjudicated_empties").get<int>();
  } else if (end == "fault") {
    g.end = GameRecord::End::fault;
    g.faulty = j.at("faulty").get<int>();
    const auto kind = fault_of_name(j.at("fault").get<std::string>());
    if (!kind)
      throw std::invalid_argument("an unknown fault '" + j.at("fault").get<std::string>() + "'");
    g.fault = *kind;
    g.fault_reason = j.at("reason").get<std::string>();
    g.last_lines = j.at("last_lines").get<std::vector<std::string>>();
  } else {
    throw std::invalid_argument("an unknown end '" + end + "'");
  }
  if ((g.black != 0 && g.black != 1) || g.white != 1 - g.black ||
      (g.end == GameRecord::End::fault && g.faulty != 0 && g.faulty != 1)) {
    throw std::invalid_argument("engines other than 0 and 1");
  }
  for (const Json& m : j.at("moves")) {
    MoveRecord move;
    const std::string text = m.at("move").get<std::string>();
    const auto square = parse_square(text);
    if (!square) throw std::invalid_argument("not a move: '" + text + "'");
    move.move = *square;
    move.seconds = m.at("seconds").get<double>();
    if (m.contains("eval")) move.eval = m.at("eval").get<double>();
    g.moves.push_back(move);
  }
  return g;
}

// A line cut short by an interrupt at the end of a file appended to is
// dropped, so that the next line does not join it. Only the file's tail is
// read, back to its last newline.
void drop_cut_line(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return;
  const auto size = static_cast<std::uint64_t>(in.tellg());
  std::uint64_t end = size, keep = 0;
  std::string block;
  while (end > 0) {
    const std::uint64_t start = end > 65536 ? end - 65536 : 0;
    block.resize(static_cast<std::size_t>(end - start));
    in.seekg(static_cast<std::streamoff>(start));
    if (!in.read(block.data(), static_cast<std::streamsize>(block.size()))) {
      throw InputError(path, 0, 0, "cannot read its last line");
    }
    const std::size_t newline = block.rfind('\n');
    if (newline != std::string::npos) {
      keep = start + newline + 1;
      break;
    }
    end = start;
  }
  if (keep == size) return;
  std::error_code ec;
  std::filesystem::resize_file(path, keep, ec);
  if (ec) throw InputError(path, 0, 0, "cannot cut its last, unfinished line: " + ec.message());
}

}  // namespace

Json game_json(const GameRecord& g) {
  Json moves = Json::array();
  for (const MoveRecord& m : g.moves) {
    Json move = {{"move", m.move == kPass ? std::string("pa") : square_name(m.move)},
                 {"seconds", m.seconds}};
    if (m.eval) move["eval"] = *m.eval;
    moves.push_back(move);
  }
  Json out = {{"game", g.game},   {"opening", g.opening},   {"black", g.black},
              {"white", g.white}, {"end", end_name(g.end)}, {"result", g.result},
              {"moves", moves}};
  if (g.end == GameRecord::End::adjudicated) out["adjudicated_empties"] = g.adjudicated_empties;
  if (g.end == GameRecord::End::fault) {
    out["faulty"] = g.faulty;
    out["fault"] = std::string(protocol::fault_name(g.fault));
    out["reason"] = g.fault_reason;
    out["last_lines"] = g.last_lines;
  }
  return out;
}

std::string ggf_record(const GameRecord& g, const MatchSettings& settings,
                       const std::string& date) {
  const Opening& opening = settings.openings[static_cast<std::size_t>(g.opening)];
  protocol::GgfHeader h;
  h.place = "reversi-bench match";
  h.date = date;
  h.black = settings.engines[static_cast<std::size_t>(g.black)].spec.name;
  h.white = settings.engines[static_cast<std::size_t>(g.white)].spec.name;
  if (g.end == GameRecord::End::fault) {
    h.result = std::string(g.faulty == g.black ? "-64.00" : "+64.00") +
               (g.fault == FaultKind::timeout ? ":t" : ":r");
  } else {
    h.result = g.result == 0 ? std::string("0.00") : number_text("%+.2f", g.result);
  }
  // GGF clocks are MM:SS (a game clock of the match, rounded to the second).
  const auto clock = [](double seconds) {
    const long s = std::lround(seconds);
    char text[32];
    std::snprintf(text, sizeof text, "%02ld:%02ld", s / 60, s % 60);
    return std::string(text);
  };
  const double black_time = settings.engines[static_cast<std::size_t>(g.black)].game_time;
  const double white_time = settings.engines[static_cast<std::size_t>(g.white)].game_time;
  if (black_time > 0) h.black_clock = clock(black_time);
  if (white_time > 0) h.white_clock = clock(white_time);
  // The opening's moves, then the game's (each with its eval and time).
  std::vector<protocol::GgfMove> moves;
  for (Square s : opening.moves) moves.push_back({s, ""});
  for (const MoveRecord& m : g.moves) {
    std::string extra;
    if (m.move != kPass) {
      extra = "/" + (m.eval ? number_text("%.2f", *m.eval) : std::string()) + "/" +
              number_text("%.3f", m.seconds);
    }
    moves.push_back({m.move, extra});
  }
  h.comment = "pair " + std::to_string(g.pair + 1) + " game " + std::to_string(g.game + 1) +
              ", opening " + opening.label;
  if (g.end == GameRecord::End::adjudicated) {
    h.comment += "; adjudicated at " + std::to_string(g.adjudicated_empties) +
                 " empties by the exact solver (" + number_text("%+.0f", g.result) +
                 " for black by perfect play)";
  }
  if (g.end == GameRecord::End::fault) {
    h.comment += "; " + settings.engines[static_cast<std::size_t>(g.faulty)].spec.name +
                 " lost by a fault (" + std::string(protocol::fault_name(g.fault)) +
                 "): " + g.fault_reason;
  }
  return protocol::write_ggf(h, Position::start(), moves);
}

Json match_identity(const MatchSettings& settings) {
  Json engines = Json::array();
  for (const MatchEngine& e : settings.engines) {
    engines.push_back({{"name", e.spec.name},
                       {"argv", e.spec.argv},
                       {"protocol", e.spec.protocol == protocol::Protocol::gtp ? "gtp" : "nboard"},
                       {"nboard_depth", e.spec.nboard_depth},
                       {"gtp_setup", e.spec.gtp_setup},
                       {"gtp_commands", e.spec.gtp_commands},
                       {"game_time", e.game_time}});
  }
  Json openings = Json::array();
  for (const Opening& o : settings.openings) openings.push_back(moves_text(o.moves));
  return {{"kind", "reversi-bench match state"},
          {"version", 1},
          {"engines", engines},
          {"openings", openings},
          {"adjudicate_empties", settings.adjudicate_empties}};
}

PairRecord pair_of_json(const Json& j, const MatchSettings& settings) {
  PairRecord p;
  p.pair = j.at("pair").get<int>();
  if (p.pair < 0 || p.pair >= settings.pairs) {
    throw std::invalid_argument("pair " + std::to_string(p.pair + 1) + " is beyond --pairs " +
                                std::to_string(settings.pairs));
  }
  const int opening = p.pair % static_cast<int>(settings.openings.size());
  for (int k = 0; k < 2; ++k) {
    p.games[k] = game_of_json(j.at("games").at(static_cast<std::size_t>(k)));
    p.games[k].pair = p.pair;
    if (p.games[k].game != k || p.games[k].black != k || p.games[k].opening != opening) {
      throw std::invalid_argument("game " + std::to_string(k + 1) +
                                  " is not this match's (its number, colours or opening)");
    }
  }
  return p;
}

Json pair_json(const PairRecord& pair) {
  return {{"pair", pair.pair}, {"games", {game_json(pair.games[0]), game_json(pair.games[1])}}};
}

namespace {

constexpr RecordKind kStateKind{"--state", "match state", "match state"};
constexpr std::string_view kStateHeader = "reversi-bench match state 2\n";

}  // namespace

void LineLog::check_resumable(const std::string& path) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status) || std::filesystem::is_regular_file(status)) return;
  throw InputError(path, 0, 0,
                   "cannot resume: not a regular file (a resumed file is read, then appended to)");
}

LineLog::LineLog(const std::string& path, bool append, std::string_view option)
    : path_(path), option_(option) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (!ec && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
    throw OutputError(option_ + ": cannot write '" + path +
                      "': not a regular file (a record of games is appended to)");
  }
  check_writable(path, option);
  if (append) drop_cut_line(path);
  file_ = std::fopen(path.c_str(), append ? "a" : "w");
  if (!file_) {
    throw OutputError(option_ + ": cannot write '" + path + "': " + std::strerror(errno));
  }
}

LineLog::~LineLog() {
  if (file_) std::fclose(file_);
}

void LineLog::write(const std::string& line) {
  if (std::fputs(line.c_str(), file_) < 0 || std::fputc('\n', file_) < 0 ||
      std::fflush(file_) != 0) {
    throw OutputError(option_ + ": cannot write '" + path_ + "': " + std::strerror(errno));
  }
}

void MatchState::check(const std::string& path, bool resume) {
  if (resume) {
    RecordFile::check_resume(path, kStateKind);
  } else {
    RecordFile::check_create(path, kStateKind);
  }
}

MatchState MatchState::create(const std::string& path, const Json& identity) {
  MatchState state(RecordFile::create(path, kStateKind, kStateHeader));
  state.file_.append(identity.dump());
  return state;
}

MatchState MatchState::resume(const std::string& path, const Json& identity,
                              const MatchSettings& settings, std::vector<PairRecord>& done) {
  std::vector<Record> records;
  RecordFile file = RecordFile::resume(path, kStateKind, kStateHeader, records);
  if (records.empty()) throw InputError(path, 0, 0, "a match state without its match's identity");
  std::vector<bool> seen(static_cast<std::size_t>(std::max(settings.pairs, 0)));
  for (std::size_t k = 0; k < records.size(); ++k) {
    const Record& r = records[k];
    Json j;
    try {
      j = Json::parse(r.text);
    } catch (const Json::parse_error& e) {
      throw InputError(path, r.line, static_cast<int>(e.byte), "not a JSON record");
    }
    if (k == 0) {
      if (j == identity) continue;
      for (const char* key : {"kind", "version", "engines", "openings", "adjudicate_empties"}) {
        if (!j.contains(key) || j[key] != identity[key]) {
          throw InputError(path, r.line, 0,
                           std::string("the state of another match: its '") + key +
                               "' differs from this command's (resume with the same engines, "
                               "openings and adjudication, or start anew without --resume)");
        }
      }
      throw InputError(path, r.line, 0, "the state of another match: its identity differs");
    }
    try {
      PairRecord p = pair_of_json(j, settings);
      if (seen[static_cast<std::size_t>(p.pair)]) {
        throw std::invalid_argument("pair " + std::to_string(p.pair + 1) + " twice");
      }
      seen[static_cast<std::size_t>(p.pair)] = true;
      done.push_back(std::move(p));
    } catch (const std::exception& e) {
      throw InputError(path, r.line, 0, std::string("not a pair of this match: ") + e.what());
    }
  }
  return MatchState(std::move(file));
}

void MatchState::write(const PairRecord& pair) { file_.append(pair_json(pair).dump()); }

}  // namespace rb
