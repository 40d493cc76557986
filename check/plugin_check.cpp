#include "check/plugin_check.hpp"

#include "core/errors.hpp"

#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

#include "core/memory.hpp"
#include "core/reference.hpp"

namespace rb {
namespace {

constexpr int kFatalSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS};

PluginTraceArea* child_area = nullptr;

// Notes the signal and the record of the thread it stopped, and returns;
// the handler is reset (SA_RESETHAND), so the faulting instruction runs
// again, or abort() raises again, and the default action ends the child.
void note_signal(int sig) {
  if (!child_area) return;
  child_area->crashed = plugin_trace_index;
  child_area->signal = sig;
}

// Our own handlers, on their own stack (a plug-in may overflow its stack),
// in place of the ones a sanitizer runtime installs, so that the crash is
// reported by the parent the same way in every build.
void catch_fatal_signals() {
  static std::vector<char> stack(1 << 16);
  stack_t ss{};
  ss.ss_sp = stack.data();
  ss.ss_size = stack.size();
  sigaltstack(&ss, nullptr);
  struct sigaction action {};
  action.sa_handler = note_signal;
  action.sa_flags = SA_RESETHAND | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (int sig : kFatalSignals) sigaction(sig, &action, nullptr);
}

std::string hex(std::uint64_t b) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%016llx", static_cast<unsigned long long>(b));
  return text;
}

// The record of the call that ended the child: the crashing thread's when
// its handler ran, else the one thread's inside a plug-in call (the first
// of several, `others` counting the rest); null when no thread was inside
// one.
const PluginCallTrace* call_at_fault(const PluginTraceArea& area, int& others) {
  others = 0;
  if (area.crashed >= 0 && area.crashed < kTracedThreads) return &area.record[area.crashed];
  const int used = std::min(area.threads.load(), kTracedThreads);
  const PluginCallTrace* found = nullptr;
  for (int i = 0; i < used; ++i) {
    if (static_cast<PluginEntry>(area.record[i].entry) == PluginEntry::none) continue;
    if (found) {
      ++others;
    } else {
      found = &area.record[i];
    }
  }
  return found;
}

// What ended the child where: `sig` > 0 a signal, else an exit with
// status `status` before its work returned.
std::string crash_report(const PluginTraceArea& area, int sig, int status) {
  int others = 0;
  const PluginCallTrace* at_fault = call_at_fault(area, others);
  static const PluginCallTrace none{};
  const PluginCallTrace& t = at_fault ? *at_fault : none;
  std::string report;
  if (sig > 0) {
    const char* what = strsignal(sig);
    report = "signal " + std::to_string(sig) + " (" + (what ? what : "?") + ")";
  }
  const auto entry = static_cast<PluginEntry>(t.entry);
  const LoadedPlugin* plugin = plugin_in_slot(t.slot);
  if (entry == PluginEntry::none || !plugin) {
    return sig > 0 ? "the checking process died of " + report + " outside any plug-in call"
                   : "the checking process exited with status " + std::to_string(status) +
                         " before it finished, outside any plug-in call";
  }
  const Position p{t.player, t.opponent, Color::black};
  std::string call(entry_name(entry));
  call += t.square >= 0 && t.square < 64 ? "(" + square_name(t.square) + ", P, O)" : "(P, O)";
  const std::string what = sig > 0 ? " crashed with " + report + " in "
                                   : " exited the process (status " + std::to_string(status) +
                                         ") before it finished, in ";
  return plugin->name + " (" + plugin->path + ")" + what + call + " on the board " +
         board_string(p) + " (P: the side to move, as X; P = " + hex(t.player) +
         ", O = " + hex(t.opponent) + ")" +
         (others > 0 ? " (and " + std::to_string(others) +
                           " other threads were inside plug-in calls: it may be theirs)"
                     : "");
}

}  // namespace

ChildOutcome run_in_checking_child(const std::function<int()>& body) {
  void* shared = mmap(nullptr, sizeof(PluginTraceArea), PROT_READ | PROT_WRITE,
                      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED) {
    throw ResourceError(std::string("cannot map memory for the plug-in check: ") +
                        std::strerror(errno));
  }
  auto* trace = new (shared) PluginTraceArea{};
  trace->crashed = -1;
  std::fflush(stdout);
  std::fflush(stderr);
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) {
    const int error = errno;
    munmap(shared, sizeof(PluginTraceArea));
    // A resource that cannot be had (exit code 2), as a thread would be.
    throw ResourceError(std::string("cannot start a process for the plug-in check: ") +
                        std::strerror(error) +
                        " (a limit on processes, ulimit -u, or on memory, ulimit -v)");
  }
  if (pid == 0) {
    // Killed with the parent (a SIGTERM to reversi-bench alone), also when
    // the parent died before this line.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(1);
    child_area = trace;
    plugin_trace_index = -1;  // this thread's record is handed out anew, in this area
    catch_fatal_signals();
    trace_plugin_kernels(trace);
    int code = 1;
    try {
      code = body();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "reversi-bench: error: %s\n", e.what());
    }
    std::fflush(stdout);
    std::fflush(stderr);
    trace->finished = 1;
    _exit(code);  // no destructors, no exit handlers: they belong to the parent
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      munmap(shared, sizeof(PluginTraceArea));
      throw std::runtime_error("lost the plug-in check's process");
    }
  }
  ChildOutcome outcome;
  if (WIFSIGNALED(status) || trace->signal != 0) {
    outcome.crashed = true;
    outcome.report = crash_report(*trace, trace->signal ? trace->signal : WTERMSIG(status), 0);
  } else if (!trace->finished) {
    outcome.crashed = true;
    outcome.report = crash_report(*trace, 0, WEXITSTATUS(status));
  } else {
    outcome.exit_code = WEXITSTATUS(status);
  }
  munmap(shared, sizeof(PluginTraceArea));
  return outcome;
}

std::optional<Mismatch> verify_plugin_extras(const LoadedPlugin& plugin, const Position& position,
                                             VerifyCounts& counts) {
  const PluginEntryPoints& e = plugin.entry;
  const Bitboard p = position.player, o = position.opponent;
  const ReferenceBoard ref(position);
  auto call = [&](PluginEntry entry, Square s, auto&& f) {
    trace_plugin_call(plugin.slot, entry, s, p, o);
    auto result = f();
    trace_plugin_return();
    return result;
  };
  auto differ = [&](const std::string& what, const std::string& expected,
                    const std::string& actual) {
    return Mismatch{board_string(position), what, expected, actual};
  };
  if (e.count_moves) {
    const auto n =
        call(PluginEntry::count_moves, kNoSquare, [&] { return e.count_moves(&p, &o, 1); });
    const auto expected = static_cast<std::uint64_t>(popcount(ref.legal_moves()));
    if (n != expected) {
      return differ("rbp_count_moves", std::to_string(expected), std::to_string(n));
    }
  }
  if (!e.has_state()) return std::nullopt;
  void* state = call(PluginEntry::state_new, kNoSquare, [&] { return e.state_new(p, o); });
  if (!state) throw std::runtime_error(plugin.path + ": rbp_state_new returned NULL");
  auto get = [&](Square s) {
    Bitboard player = 0, opponent = 0;
    call(PluginEntry::state_get, s, [&] {
      e.state_get(state, &player, &opponent);
      return 0;
    });
    return Position{player, opponent, Color::black};
  };
  auto text = [](Bitboard player, Bitboard opponent) {
    return board_string(Position{player, opponent, Color::black});
  };
  std::optional<Mismatch> found;
  if (const Position got = get(kNoSquare); got.player != p || got.opponent != o) {
    found = differ("rbp_state_get after rbp_state_new", text(p, o), text(got.player, got.opponent));
  }
  for (Square s = 0; s < 64 && !found; ++s) {
    const Bitboard flipped = ref.flips(s);
    const int played = call(PluginEntry::play, s, [&] { return e.play(state, s); });
    const Position after = get(s);
    if ((played != 0) != (flipped != 0)) {
      found = differ("rbp_play of " + square_name(s), flipped ? "1 (played)" : "0 (refused)",
                     std::to_string(played));
      break;
    }
    if (!played) {
      if (after.player != p || after.opponent != o) {
        found = differ("state after a refused rbp_play of " + square_name(s), text(p, o),
                       text(after.player, after.opponent));
      }
      continue;
    }
    ++counts.moves;
    const Bitboard want_player = o ^ flipped, want_opponent = p ^ flipped ^ bit(s);
    if (after.player != want_player || after.opponent != want_opponent) {
      found = differ("state after rbp_play of " + square_name(s), text(want_player, want_opponent),
                     text(after.player, after.opponent));
      break;
    }
    call(PluginEntry::undo, s, [&] {
      e.undo(state);
      return 0;
    });
    if (const Position back = get(s); back.player != p || back.opponent != o) {
      found = differ("state after rbp_undo of " + square_name(s), text(p, o),
                     text(back.player, back.opponent));
    }
  }
  call(PluginEntry::state_free, kNoSquare, [&] {
    e.state_free(state);
    return 0;
  });
  return found;
}

void check_plugin_slot_before_timing(int slot) {
  for_each_variant<PluginVariants>([&]<Board V>() {
    if (kPluginSlotOf<V> != slot) return;
    const std::string failure = check_plugin_before_timing<V>(std::string(runtime_info<V>().name));
    if (!failure.empty()) throw CheckFailed(failure);
  });
}

}  // namespace rb
