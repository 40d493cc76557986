#include "run/corpus.hpp"

#include <algorithm>
#include <fstream>
#include <string>

#include "core/job_queue.hpp"
#include "io/input.hpp"
#include "io/output.hpp"

namespace rb {
namespace {
CorpusTransport* current_transport = nullptr;
}  // namespace

CorpusTransport* corpus_transport() { return current_transport; }
void set_corpus_transport(CorpusTransport* transport) { current_transport = transport; }

void make_corpus_games(const CorpusWork& work, const CorpusSink& sink) {
  const auto games = static_cast<std::uint64_t>(work.config.games);
  const std::uint64_t first = std::min(work.first, games);
  run_jobs(
      static_cast<std::size_t>(games - first), work.threads,
      [&] { return train::Labeller(work.eval, work.config.play_depth); },
      [&](train::Labeller& labeller, std::size_t i) {
        return train::corpus_game_line(work.config, first + i, labeller);
      },
      [&](std::size_t i, std::string&& line) {
        sink(first + i, line);
        return true;
      });
}

namespace {

// The identity a corpus file names (its first record, the check cut off),
// read without reading the file whole; empty when it has none.
std::string named_identity(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string header, first;
  if (!in || !std::getline(in, header) || !std::getline(in, first)) return {};
  const std::size_t space = first.rfind(' ');
  return space == std::string::npos ? std::string() : first.substr(0, space);
}

// A corpus of fewer --games made longer: its first record rewritten to name
// config's (the file read whole and checked first). Returns the games it
// named, or 0 when it is not one of fewer games.
int grow_corpus(const std::string& path, const train::CorpusConfig& config) {
  const int named = train::named_games(named_identity(path));
  if (named <= 0 || named >= config.games) return 0;
  train::CorpusConfig fewer = config;
  fewer.games = named;
  train::read_corpus(path, train::corpus_identity(fewer), /*whole=*/false);
  std::string text = read_input_file(path, train::kMaxCorpusBytes);
  const std::size_t second = text.find('\n') + 1;
  const std::size_t third = text.find('\n', second) + 1;
  text.replace(second, third - second, RecordFile::line_of(train::corpus_identity(config)));
  forget_input(path);  // read to be written anew, whole, before it is appended to
  write_output_file(path, text, "--output");
  return named;
}

}  // namespace

CorpusOutput open_corpus_output(const std::string& path, const train::CorpusConfig& config,
                                bool resume) {
  const RecordKind kind = train::corpus_kind("--output");
  const std::string identity = train::corpus_identity(config);
  if (!resume) {
    RecordFile file = RecordFile::create(path, kind, train::kCorpusHeader);
    file.append(identity);
    return {std::move(file)};
  }
  RecordFile::check_resume(path, kind);
  const int grown_from = grow_corpus(path, config);
  train::CorpusReader reader(path, identity);
  RecordFile file =
      RecordFile::resume(path, kind, train::kCorpusHeader,
                         [&](int line, std::string_view text) { reader.add(line, text); });
  if (!reader.named()) {  // the run that created it stopped before naming it
    file.append(identity);
    return {std::move(file), 0, 0, grown_from};
  }
  const train::Corpus done = reader.take(/*whole=*/false);
  CorpusOutput out{std::move(file), done.games.size(), 0, grown_from};
  for (const auto& g : done.games) out.samples += g.size();
  return out;
}

}  // namespace rb
