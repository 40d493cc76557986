#include "protocol/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <thread>

#include "protocol/command.hpp"

namespace rb::protocol {
namespace {

// Writing to an engine that has exited must fail with EPIPE, not end the
// harness: SIGPIPE is ignored once, before the first engine starts (the
// child puts it back to the default before exec).
void ignore_sigpipe() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action {};
    action.sa_handler = SIG_IGN;
    sigemptyset(&action.sa_mask);
    sigaction(SIGPIPE, &action, nullptr);
  });
}

// The process groups of the engines alive now, for the interrupt handler
// (a fixed table of atomics: the handler may only read memory and call
// async-signal-safe functions).
constexpr int kMaxGroups = 64;
std::atomic<pid_t> live_groups[kMaxGroups];

void add_live_group(pid_t group) {
  for (auto& slot : live_groups) {
    pid_t empty = 0;
    if (slot.compare_exchange_strong(empty, group)) return;
  }
}

void remove_live_group(pid_t group) {
  for (auto& slot : live_groups) {
    pid_t expected = group;
    if (slot.compare_exchange_strong(expected, 0)) return;
  }
}

// The processes of the system as /proc lists them, read with system calls
// alone (open, getdents64, read), so that the interrupt handler may read
// it too: process id, parent, group, state.
struct ProcTable {
  static constexpr int kMax = 32768;
  pid_t pid[kMax], parent[kMax], group[kMax];
  char state[kMax];
  int count = 0;
};

// Reads a decimal number at `p` (after blanks); advances `p`.
long read_number(const char*& p, const char* end) {
  while (p < end && *p == ' ') ++p;
  bool negative = false;
  if (p < end && *p == '-') negative = true, ++p;
  long v = 0;
  while (p < end && *p >= '0' && *p <= '9') v = v * 10 + (*p++ - '0');
  return negative ? -v : v;
}

void scan_processes(ProcTable& t) {
  t.count = 0;
  const int dir = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return;
  struct Entry {  // the kernel's linux_dirent64
    std::uint64_t ino;
    std::int64_t off;
    unsigned short reclen;
    unsigned char type;
    char name[1];
  };
  alignas(8) char entries[16384];
  for (;;) {
    const long n = syscall(SYS_getdents64, dir, entries, sizeof entries);
    if (n <= 0) break;
    for (long at = 0; at < n;) {
      const auto* e = reinterpret_cast<const Entry*>(entries + at);
      at += e->reclen;
      const char* name = e->name;
      if (*name < '1' || *name > '9') continue;
      char path[64] = "/proc/";
      std::size_t len = 6;
      for (const char* c = name; *c && len < 50; ++c) {
        if (*c < '0' || *c > '9') len = 60;  // not a process
        path[len++] = *c;
      }
      if (len >= 50 || t.count >= ProcTable::kMax) continue;
      std::memcpy(path + len, "/stat", 6);
      const int fd = open(path, O_RDONLY | O_CLOEXEC);
      if (fd < 0) continue;  // ended meanwhile
      char stat[512];
      const ssize_t got = read(fd, stat, sizeof stat);
      close(fd);
      if (got <= 0) continue;
      // PID (COMM) STATE PPID PGRP ...: COMM may hold spaces and ')'.
      const char* end = stat + got;
      const char* close_paren = nullptr;
      for (const char* c = stat; c < end; ++c) {
        if (*c == ')') close_paren = c;
      }
      if (!close_paren || close_paren + 4 >= end) continue;
      const char* q = stat;
      const int i = t.count;
      t.pid[i] = static_cast<pid_t>(read_number(q, end));
      q = close_paren + 1;
      while (q < end && *q == ' ') ++q;
      t.state[i] = q < end ? *q++ : '?';
      t.parent[i] = static_cast<pid_t>(read_number(q, end));
      t.group[i] = static_cast<pid_t>(read_number(q, end));
      ++t.count;
    }
  }
  close(dir);
}

// SIGKILL to the processes `doomed` picks in `t` and to every descendant
// of theirs (whatever group or session it moved to), looked up again a few
// times: one that forked between the look and the kill is found the next
// time (its parent dead, it is this process's: the subreaper below).
// Returns how many it signalled. Async-signal-safe.
template <class Doomed>
int kill_trees(ProcTable& t, Doomed doomed) {
  constexpr int kMaxMarked = 4096;
  static thread_local pid_t marked[kMaxMarked];
  int signalled = 0;
  for (int round = 0; round < 4; ++round) {
    scan_processes(t);
    int count = 0;
    for (int i = 0; i < t.count && count < kMaxMarked; ++i) {
      if (t.state[i] != 'Z' && doomed(t.pid[i], t.parent[i], t.group[i]))
        marked[count++] = t.pid[i];
    }
    for (bool grew = true; grew;) {  // their descendants
      grew = false;
      for (int i = 0; i < t.count && count < kMaxMarked; ++i) {
        if (t.state[i] == 'Z') continue;
        bool is_marked = false, parent_marked = false;
        for (int k = 0; k < count; ++k) {
          is_marked |= marked[k] == t.pid[i];
          parent_marked |= marked[k] == t.parent[i];
        }
        if (parent_marked && !is_marked) marked[count++] = t.pid[i], grew = true;
      }
    }
    if (count == 0) break;
    for (int k = 0; k < count; ++k) kill(marked[k], SIGKILL);
    signalled += count;
  }
  return signalled;
}

// Whether `group` is a running program's group. Not 0: the table's empty
// slots, and the group /proc shows for a process whose group's leader is
// outside this PID namespace.
bool live_group(pid_t group) {
  if (group <= 0) return false;
  for (const auto& slot : live_groups) {
    if (slot.load() == group) return true;
  }
  return false;
}

// An orphan that left its program's group, given to this process (the
// subreaper): a child of this process in no group of a running program,
// nor in this process's own group (its own forks, such as the plug-in
// check's, stay there).
bool escaped_orphan(pid_t pid, pid_t parent, pid_t group, pid_t self, pid_t own_group) {
  return parent == self && group != own_group && !live_group(group) && !live_group(pid);
}

// This process is the subreaper of what it starts (PR_SET_CHILD_SUBREAPER):
// a process whose parent ended is given to this process, not to init, so
// that one that left its program's group (setsid, setpgid) can still be
// found and ended.
void enable_subreaper() {
  static std::once_flag once;
  std::call_once(once, [] { prctl(PR_SET_CHILD_SUBREAPER, 1); });
}

// Kills the escaped orphans and their descendants, and reaps the orphans
// that ended (this process's children now). `table`: scratch space.
void end_escaped_orphans(ProcTable& table) {
  const pid_t self = getpid(), own_group = getpgrp();
  kill_trees(table, [&](pid_t pid, pid_t parent, pid_t group) {
    return escaped_orphan(pid, parent, group, self, own_group);
  });
  scan_processes(table);
  for (int i = 0; i < table.count; ++i) {
    if (!escaped_orphan(table.pid[i], table.parent[i], table.group[i], self, own_group)) {
      continue;
    }
    int status = 0;
    while (waitpid(table.pid[i], &status, 0) < 0 && errno == EINTR) {
    }
  }
}

// The interrupt handler: every running program's tree (its group, what
// it moved out of the group) and the escaped orphans, then the signal's
// default end. System calls alone, on a table of its own.
ProcTable interrupt_table;

extern "C" void kill_live_groups(int sig) {
  const pid_t self = getpid(), own_group = getpgrp();
  kill_trees(interrupt_table, [&](pid_t pid, pid_t parent, pid_t group) {
    return live_group(group) || live_group(pid) ||
           escaped_orphan(pid, parent, group, self, own_group);
  });
  for (auto& slot : live_groups) {
    const pid_t group = slot.load();
    if (group > 0) kill(-group, SIGKILL);
  }
  struct sigaction action {};
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(sig, &action, nullptr);
  raise(sig);
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

void set_nonblocking(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }

// Milliseconds until the deadline for poll(), rounded up, at least 0.
int poll_timeout(Deadline deadline) {
  const auto left = deadline - Clock::now();
  if (left <= Clock::duration::zero()) return 0;
  const auto ms = std::chrono::ceil<std::chrono::milliseconds>(left).count();
  return static_cast<int>(std::min<long long>(ms, INT_MAX));
}

}  // namespace

void install_interrupt_cleanup() {
  struct sigaction action {};
  action.sa_handler = kill_live_groups;
  sigemptyset(&action.sa_mask);
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaction(sig, &action, nullptr);
}

Deadline deadline_in(double seconds) {
  const double s = seconds > 0 ? std::min(seconds, 86400.0) : 86400.0;
  return Clock::now() +
         std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

std::string describe_wait_status(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    const char* name = strsignal(sig);
    return "killed by signal " + std::to_string(sig) + (name ? std::string(" (") + name + ")" : "");
  }
  return "ended (wait status " + std::to_string(status) + ")";
}

ChildProcess::ChildProcess(const std::vector<std::string>& argv) {
  ignore_sigpipe();
  enable_subreaper();
  const std::string program = find_program(argv.at(0));
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  int fds[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
  int* const in = fds;
  int* const out = fds + 2;
  int* const err = fds + 4;
  int* const status = fds + 6;
  auto fail = [&](const char* what) {
    const int error = errno;
    for (int& fd : fds) close_fd(fd);
    return CommandError(std::string(what) + ": " + std::strerror(error));
  };
  for (int i = 0; i < 8; i += 2) {
    if (pipe2(fds + i, O_CLOEXEC) != 0) throw fail("pipe");
  }
  const pid_t pid = fork();
  if (pid < 0) throw fail("fork");
  if (pid == 0) {
    // The child: only async-signal-safe calls until exec.
    setpgid(0, 0);
    struct sigaction action {};
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(SIGPIPE, &action, nullptr);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    if (dup2(in[0], 0) >= 0 && dup2(out[1], 1) >= 0 && dup2(err[1], 2) >= 0) {
      execv(program.c_str(), args.data());
    }
    const int error = errno;
    [[maybe_unused]] const ssize_t n = write(status[1], &error, sizeof error);
    _exit(127);
  }
  setpgid(pid, pid);  // also here, so that the group exists before any kill
  pid_ = pid;
  add_live_group(pid);
  ::close(in[0]);
  ::close(out[1]);
  ::close(err[1]);
  ::close(status[1]);
  int error = 0;
  ssize_t got;
  do {
    got = read(status[0], &error, sizeof error);
  } while (got < 0 && errno == EINTR);
  ::close(status[0]);
  in_ = in[1];
  out_fd_ = out[0];
  err_fd_ = err[0];
  if (got == static_cast<ssize_t>(sizeof error)) {  // exec failed
    kill_group();
    close_fd(in_);
    close_fd(out_fd_);
    close_fd(err_fd_);
    throw CommandError("'" + program + "': cannot be run: " + std::strerror(error));
  }
  set_nonblocking(in_);
  set_nonblocking(out_fd_);
  set_nonblocking(err_fd_);
}

ChildProcess::~ChildProcess() {
  kill_group();
  close_fd(in_);
  close_fd(out_fd_);
  close_fd(err_fd_);
}

bool ChildProcess::send_line(std::string_view line, Deadline deadline) {
  std::string data(line);
  data.push_back('\n');
  std::size_t done = 0;
  while (done < data.size()) {
    if (in_ < 0) return false;
    const ssize_t n = write(in_, data.data() + done, data.size() - done);
    if (n > 0) {
      done += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
      close_fd(in_);  // EPIPE: the engine no longer reads
      return false;
    }
    // While the engine does not take its input, what it writes is read (a
    // program blocked on a full output pipe would never read again).
    pollfd fds[3] = {{in_, POLLOUT, 0}, {out_fd_, POLLIN, 0}, {err_fd_, POLLIN, 0}};
    const int timeout = poll_timeout(deadline);
    if (timeout == 0) return false;
    if (poll(fds, 3, timeout) < 0 && errno != EINTR) return false;  // a closed fd (-1) is skipped
    if (out_fd_ >= 0 && fds[1].revents) pump(out_fd_, out_);
    if (err_fd_ >= 0 && fds[2].revents) {
      pump(err_fd_, err_);
      take_error_lines();
    }
  }
  return true;
}

void ChildProcess::pump(int& fd, LineBuffer& buffer) {
  // A bounded number of reads, so that an engine writing faster than this
  // loop reads cannot keep the caller from its deadline.
  char chunk[4096];
  for (int reads = 0; reads < 16; ++reads) {
    const ssize_t n = read(fd, chunk, sizeof chunk);
    if (n > 0) {
      buffer.append(std::string_view(chunk, static_cast<std::size_t>(n)));
      if (buffer.overflowed()) return;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
    close_fd(fd);  // end of file, or an error that ends the stream alike
    return;
  }
}

void ChildProcess::take_error_lines() {
  while (auto line = err_.next_line()) remember("[stderr] ", *line);
  if (err_.overflowed()) {
    remember("[stderr] ", "(a line longer than " + std::to_string(err_.max_line()) + " bytes)");
    err_ = LineBuffer();
  }
}

Read ChildProcess::read_line(Deadline deadline) {
  // The program gone (reaped) while something it started holds its output
  // open: after one more quiet slice its output counts as closed, rather
  // than as silence until the deadline.
  constexpr int kSliceMs = 200;
  bool gone = false;
  for (bool first = true;; first = false) {
    if (auto line = out_.next_line()) {
      remember("", *line);
      return {Read::Kind::line, std::move(*line)};
    }
    if (out_.overflowed()) return {Read::Kind::overflow, {}};
    if (out_fd_ < 0) {
      if (!out_.partial().empty()) remember("[unfinished] ", out_.partial());
      return {Read::Kind::closed, {}};
    }
    // Past the deadline, one look at what is there already, then no more.
    if (!first && Clock::now() >= deadline) return {Read::Kind::timeout, {}};
    pollfd fds[2];
    nfds_t n = 0;
    fds[n++] = {out_fd_, POLLIN, 0};
    if (err_fd_ >= 0) fds[n++] = {err_fd_, POLLIN, 0};
    const int ready = poll(fds, n, std::min(poll_timeout(deadline), kSliceMs));
    if (ready < 0 && errno != EINTR) return {Read::Kind::closed, {}};
    if (ready == 0 && Clock::now() < deadline) {
      if (gone) {
        if (!out_.partial().empty()) remember("[unfinished] ", out_.partial());
        return {Read::Kind::closed, {}};
      }
      gone = wait_exit(Clock::now()).has_value();
    }
    if (ready > 0) {
      if (n > 1 && fds[1].revents) {
        pump(err_fd_, err_);
        take_error_lines();
      }
      if (fds[0].revents) pump(out_fd_, out_);
    }
  }
}

void ChildProcess::drain_errors(Deadline deadline) {
  while (err_fd_ >= 0 && Clock::now() < deadline) {
    pollfd p{err_fd_, POLLIN, 0};
    if (poll(&p, 1, poll_timeout(deadline)) <= 0) break;
    pump(err_fd_, err_);
    take_error_lines();
  }
  if (!err_.partial().empty()) {
    remember("[stderr] ", err_.partial());
    err_ = LineBuffer();
  }
}

std::optional<std::string> ChildProcess::wait_exit(Deadline deadline) {
  while (!reaped_) {
    int status = 0;
    const pid_t got = waitpid(pid_, &status, WNOHANG);
    if (got == pid_) {
      reaped_ = true;
      ended_ = describe_wait_status(status);
      break;
    }
    if (got < 0 && errno != EINTR) {
      reaped_ = true;  // not our child any more: nothing to wait for
      break;
    }
    if (Clock::now() >= deadline) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return ended_;
}

void ChildProcess::kill_group() {
  if (pid_ <= 0) return;
  // The group outlives its leader when the engine started processes of its
  // own: signal it even after the child was reaped (a process group's id is
  // not given to a new process while the group has members). The whole
  // group at once: a shell in it does not live to report its child killed.
  kill(-pid_, SIGKILL);
  const auto table = std::make_unique<ProcTable>();  // one scratch table for the looks below
  // What the program started and moved out of its group (setsid): found by
  // descent while the program is there to descend from (not reaped; once it
  // has ended, they are this process's, below).
  if (!reaped_) {
    const pid_t root = pid_;
    kill_trees(*table, [root](pid_t, pid_t parent, pid_t) { return parent == root; });
    int status = 0;
    pid_t got;
    do {
      got = waitpid(pid_, &status, 0);
    } while (got < 0 && errno == EINTR);
    reaped_ = true;
    if (got == pid_ && !ended_) ended_ = describe_wait_status(status);
  }
  // Out of the table once reaped: until then no other program's clean-up
  // takes this child for an orphan.
  const bool was_live = live_group(pid_);
  remove_live_group(pid_);
  // What left its group and lost its parent, given to this process.
  if (was_live) end_escaped_orphans(*table);
}

void ChildProcess::remember(std::string_view prefix, std::string_view line) {
  tail_.push_back(std::string(prefix) + printable_line(line, kTailWidth));
  while (tail_.size() > kTailLines) tail_.pop_front();
}

std::vector<std::string> ChildProcess::last_lines() const { return {tail_.begin(), tail_.end()}; }

}  // namespace rb::protocol
