// protect_boards() (cli/commands.hpp).
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "io/data_files.hpp"

namespace rb::cli {

std::vector<std::string> protect_boards(int argc, char** argv) {
  std::vector<std::string> args, boards;
  for (int i = 0; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i > 0 && arg.size() > 1 && arg[0] == '-' && looks_like_board(arg)) {
      const std::string previous = args.empty() ? "" : args.back();
      if (previous == "-p" || previous == "--position") {
        args.back() = "--position=" + arg;
      } else {
        boards.push_back(arg);
      }
      continue;
    }
    args.push_back(arg);
  }
  if (!boards.empty()) {
    args.emplace_back("--");
    args.insert(args.end(), boards.begin(), boards.end());
  }
  return args;
}

}  // namespace rb::cli
