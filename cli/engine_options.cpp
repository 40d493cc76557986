#include "cli/engine_options.hpp"

#include <unistd.h>

#include <climits>
#include <cmath>

#include "cli/options.hpp"
#include "core/errors.hpp"
#include "protocol/command.hpp"
#include "protocol/gtp.hpp"
#include "protocol/nboard.hpp"

namespace rb::cli {
namespace {

// The engine that the option after it describes; a usage error before any.
EngineArg& current_engine(std::vector<EngineArg>& engines, const std::string& option) {
  if (engines.empty()) {
    throw CLI::ValidationError(option, "describes the --engine before it; give --engine first");
  }
  return engines.back();
}

template <class T>
T engine_number(const std::string& option, const std::string& text, T min, T max) {
  const std::optional<T> value =
      is_decimal_number<T>(text) ? parse_decimal_value<T>(text) : std::nullopt;
  if (!value || *value < min || *value > max) {
    throw CLI::ValidationError(option, "'" + text + "' is not a number from " +
                                           std::to_string(min) + " to " + std::to_string(max));
  }
  return *value;
}

template <class T>
void set_once(std::optional<T>& field, T value, const std::string& option) {
  if (field) throw CLI::ValidationError(option, "given twice for one --engine");
  field = value;
}

// The reversi-bench binary, for the command `self`: this one, or beside
// reversi-bench-mpi the reversi-bench in its folder (an engine must not be
// an MPI program started inside the job).
std::string own_path() {
  char path[PATH_MAX];
  const ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  if (n <= 0) throw UsageError("--engine 'self ...': cannot find this program's path");
  std::string self(path, static_cast<std::size_t>(n));
  const std::string mpi = "reversi-bench-mpi";
  if (self.size() >= mpi.size() && self.compare(self.size() - mpi.size(), mpi.size(), mpi) == 0) {
    self.resize(self.size() - mpi.size());
    self += "reversi-bench";
    if (access(self.c_str(), X_OK) != 0) {
      throw UsageError("--engine 'self ...': no reversi-bench beside reversi-bench-mpi (" + self +
                       ")");
    }
  }
  return self;
}

std::string seconds_word(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", s);
  return text;
}

}  // namespace

void add_engine_options(CLI::App* cmd, std::vector<EngineArg>& engines, bool levels) {
  auto* all = &engines;
  auto tail = [](CLI::Option* o) {
    o->trigger_on_parse()->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  };
  tail(cmd->add_option_function<std::string>(
              "--engine",
              [all](const std::string& command) {
                all->push_back({});
                all->back().command = command;
              },
              "an engine: its command line ('edax -q', quoted as one argument; 'self ...' is "
              "this program); the options after it describe it; repeatable")
           ->type_name("'COMMAND ARGS'"));
  auto once = [](bool& given, const std::string& option) {
    if (given) throw CLI::ValidationError(option, "given twice for one --engine");
    given = true;
  };
  tail(cmd->add_option_function<std::string>(
      "--name",
      [all, once](const std::string& name) {
        EngineArg& e = current_engine(*all, "--name");
        once(e.name_given, "--name");
        e.spec.name = name;
      },
      "the name of the --engine before it, in tables (default: its program's name)"));
  tail(cmd->add_option_function<std::string>(
              "--protocol",
              [all, once](const std::string& protocol) {
                EngineArg& e = current_engine(*all, "--protocol");
                once(e.protocol_given, "--protocol");
                if (protocol == "nboard") {
                  e.spec.protocol = protocol::Protocol::nboard;
                } else if (protocol == "gtp") {
                  e.spec.protocol = protocol::Protocol::gtp;
                } else {
                  throw CLI::ValidationError("--protocol",
                                             "'" + protocol + "' is not one of nboard, gtp");
                }
              },
              "the protocol of the --engine before it: nboard or gtp (required)")
           ->type_name("nboard|gtp"));
  tail(cmd->add_option_function<std::string>(
              "--gtp-setup",
              [all](const std::string& templ) {
                EngineArg& e = current_engine(*all, "--gtp-setup");
                if (!e.spec.gtp_setup.empty()) {
                  throw CLI::ValidationError("--gtp-setup", "given twice for one --engine");
                }
                try {
                  protocol::expand_gtp_setup(templ, Position::start());
                } catch (const std::invalid_argument& why) {
                  throw CLI::ValidationError("--gtp-setup", "'" + templ + "': " + why.what());
                }
                if (templ.empty()) throw CLI::ValidationError("--gtp-setup", "an empty template");
                e.spec.gtp_setup = templ;
              },
              "GTP: the engine's own command that sets a position, with {board} (64 squares, "
              "X O -), {side} (X or O) and {color} (black or white), e.g. 'grhino-setup_board "
              "{board} {side}'; without it a position is set by clear_board and the moves of "
              "its game")
           ->type_name("'TEMPLATE'"));
  tail(cmd->add_option_function<std::string>(
              "--gtp-level",
              [all](const std::string& command) {
                current_engine(*all, "--gtp-level").spec.gtp_commands.push_back(command);
              },
              "GTP: a command sent after the handshake (a level, a time setting: GTP has no "
              "standard level); repeatable")
           ->type_name("'COMMAND'"));
  if (!levels) return;
  tail(cmd->add_option_function<std::string>(
              "--depth",
              [all](const std::string& text) {
                set_once(current_engine(*all, "--depth").depth,
                         engine_number<int>("--depth", text, 1, 60), "--depth");
              },
              "NBoard: the depth (level) of the --engine before it ('set depth N'; default: "
              "the engine's own)")
           ->type_name("N"));
  tail(cmd->add_option_function<std::string>(
              "--move-time",
              [all](const std::string& text) {
                set_once(current_engine(*all, "--move-time").move_time,
                         engine_number<double>("--move-time", text, 0.001, 86400), "--move-time");
              },
              "GTP: seconds per move for the --engine before it ('time_settings 0 S 1')")
           ->type_name("S"));
  tail(cmd->add_option_function<std::string>(
              "--game-time",
              [all](const std::string& text) {
                set_once(current_engine(*all, "--game-time").game_time,
                         engine_number<double>("--game-time", text, 0.001, 86400), "--game-time");
              },
              "GTP: seconds for the whole game for the --engine before it ('time_settings S 0 "
              "0', then time_left before each move); the harness keeps the clock, and an "
              "engine that overruns it loses on time")
           ->type_name("S"));
}

void settle_engines(std::vector<EngineArg>& engines, const std::set<std::string>& reserved) {
  std::set<std::string> names = reserved;
  for (EngineArg& e : engines) {
    const std::string which = "--engine '" + e.command + "'";
    try {
      e.spec.argv = protocol::split_command(e.command);
      if (e.spec.argv[0] == "self") {
        e.spec.argv[0] = own_path();
        if (!e.name_given) e.spec.name = "self";
      }
      protocol::find_program(e.spec.argv[0]);
    } catch (const protocol::CommandError& why) {
      throw UsageError(which + ": " + why.what());
    }
    if (!e.protocol_given) throw UsageError(which + ": give its --protocol (nboard or gtp)");
    const bool gtp = e.spec.protocol == protocol::Protocol::gtp;
    if (!gtp && (!e.spec.gtp_setup.empty() || !e.spec.gtp_commands.empty())) {
      throw UsageError(which + ": --gtp-setup and --gtp-level are for --protocol gtp");
    }
    if (!gtp && (e.move_time || e.game_time)) {
      throw UsageError(which +
                       ": --move-time and --game-time are for --protocol gtp (NBoard has no "
                       "time setting: give an NBoard engine a --depth, or its own options)");
    }
    if (gtp && e.depth) {
      throw UsageError(which +
                       ": --depth is for --protocol nboard (GTP has no standard depth: give "
                       "--move-time, --game-time, or the engine's command with --gtp-level)");
    }
    if (e.move_time && e.game_time) {
      throw UsageError(which + ": give --move-time or --game-time, not both");
    }
    if (e.depth) e.spec.nboard_depth = *e.depth;
    // GTP's times are whole seconds; a fraction is sent as such (the
    // project's own server reads it; an engine that does not refuses it).
    const double asked = e.move_time.value_or(e.game_time.value_or(1));
    e.spec.gtp_whole_seconds = asked == std::floor(asked);
    if (e.move_time) {
      e.spec.gtp_commands.push_back("time_settings 0 " + seconds_word(*e.move_time) + " 1");
    }
    if (e.game_time) {
      e.spec.gtp_commands.push_back("time_settings " + seconds_word(*e.game_time) + " 0 0");
    }
    if (!e.name_given && e.spec.name.empty()) {
      const std::string& program = e.spec.argv[0];
      e.spec.name = program.substr(program.rfind('/') + 1);
    }
    if (e.spec.name.empty()) throw UsageError(which + ": --name: an empty name");
    if (!names.insert(e.spec.name).second) {
      throw UsageError(which + ": another engine is named '" + e.spec.name +
                       "'; give each a --name");
    }
  }
}

}  // namespace rb::cli
