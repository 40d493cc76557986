#include "mpi/jobs.hpp"

#include <mpi.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

#include "core/memory.hpp"
#include "mpi/messages.hpp"

namespace rb::distributed {
namespace {

// kJob: a job's number (rank 0 to a worker); kStop: no more, and give up the
// job in play; kAnswer: the job's number (8 bytes) and its answer;
// kGivenUp: the job's number, given up after a stop; kFailed: the worker
// cannot go on ('2' or '1', resource or not, then the reason); kAlive: the
// worker holds a job and is alive (empty).
enum Tag : int { kJob = 41, kStop = 42, kAnswer = 43, kGivenUp = 44, kFailed = 45, kAlive = 46 };

using Clock = std::chrono::steady_clock;
double silence_limit = 60;
bool threads_serialized = false;

// A worker's heartbeat: while a job is in play (busy()), an empty kAlive
// message to rank 0 every kHeartbeatSeconds. Its MPI calls and the job's
// (the quit() probe) take `mpi` in turn (MPI_THREAD_SERIALIZED). pause()
// returns once no heartbeat can follow: the answer sent after it is the
// worker's last word on the job (messages from one rank arrive in order).
class Heartbeat {
 public:
  explicit Heartbeat(bool enabled) {
    if (enabled) thread_ = std::thread([this] { beat(); });
  }
  ~Heartbeat() {
    {
      std::lock_guard lock(state_);
      ending_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
  }
  Heartbeat(const Heartbeat&) = delete;
  Heartbeat& operator=(const Heartbeat&) = delete;
  void resume() {
    {
      std::lock_guard lock(state_);
      busy_ = true;
    }
    wake_.notify_all();
  }
  void pause() {
    std::lock_guard lock(state_);  // a beat in progress holds it to its end
    busy_ = false;
  }
  std::mutex& mpi() { return mpi_; }

 private:
  void beat() {
    std::unique_lock lock(state_);
    while (!ending_) {
      wake_.wait_for(lock, std::chrono::duration<double>(kHeartbeatSeconds));
      if (ending_ || !busy_) continue;
      std::lock_guard call(mpi_);
      char none = 0;
      MPI_Send(&none, 0, MPI_CHAR, 0, kAlive, MPI_COMM_WORLD);
    }
  }
  std::mutex state_, mpi_;
  std::condition_variable wake_;
  bool busy_ = false, ending_ = false;
  std::thread thread_;
};

int world_size() {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  return size;
}

void send_stop(int worker) {
  std::uint64_t none = 0;
  MPI_Send(&none, 1, MPI_UINT64_T, worker, kStop, MPI_COMM_WORLD);
}

std::string numbered(std::uint64_t job, const std::string& text) {
  std::string out(sizeof job, '\0');
  std::memcpy(out.data(), &job, sizeof job);
  return out + text;
}

std::uint64_t number_of(const std::string& message) {
  std::uint64_t job = 0;
  if (message.size() >= sizeof job) std::memcpy(&job, message.data(), sizeof job);
  return job;
}

}  // namespace

double& rank_silence() { return silence_limit; }
void set_mpi_threads(bool serialized) { threads_serialized = serialized; }

void stop_workers() {
  for (int w = 1; w < world_size(); ++w) send_stop(w);
}

void lead_jobs(const std::vector<std::uint64_t>& ids, int in_flight,
               const std::function<bool(std::size_t, std::string&&)>& deliver) {
  const int size = world_size();
  const std::size_t count = ids.size();
  std::unordered_map<std::uint64_t, std::size_t> place;  // a job's id -> its place in ids
  for (std::size_t i = 0; i < count; ++i) place.emplace(ids[i], i);
  std::vector<int> outstanding(static_cast<std::size_t>(size), 0);
  std::vector<bool> stopped(static_cast<std::size_t>(size), false);
  std::size_t next = 0, next_out = 0;
  int active = 0;  // jobs handed out and not yet answered
  bool stopping = false;
  std::map<std::size_t, std::string> waiting;  // answers ahead of next_out
  // The last word of each worker (any message), and the jobs it holds.
  std::vector<Clock::time_point> heard(static_cast<std::size_t>(size), Clock::now());
  std::vector<std::vector<std::uint64_t>> held(static_cast<std::size_t>(size));
  const bool judge = threads_serialized && silence_limit > 0;
  Clock::time_point next_look = Clock::now();
  const auto look = [&] {
    const auto now = Clock::now();
    if (!judge || now < next_look) return;
    next_look = now + std::chrono::milliseconds(200);
    for (int w = 1; w < size; ++w) {
      const auto k = static_cast<std::size_t>(w);
      const double quiet = std::chrono::duration<double>(now - heard[k]).count();
      if (held[k].empty() || quiet < silence_limit) continue;
      char text[240];
      std::snprintf(text, sizeof text,
                    "said nothing for %.0f s (--rank-silence) while it held job %llu (a worker "
                    "holding a job says it is alive every %.0f s): stopped, hung, or its host "
                    "lost; the run ends (--resume goes on from what was finished)",
                    quiet, static_cast<unsigned long long>(held[k].front()), kHeartbeatSeconds);
      throw MpiJobFailed(w, text, true);
    }
  };
  const auto stop = [&](int worker) {
    if (stopped[static_cast<std::size_t>(worker)]) return;
    send_stop(worker);
    stopped[static_cast<std::size_t>(worker)] = true;
  };
  const auto hand_out = [&](int worker) {
    if (stopping || next >= count) {
      if (outstanding[static_cast<std::size_t>(worker)] == 0) stop(worker);
      return;
    }
    std::uint64_t job = ids[next++];
    MPI_Send(&job, 1, MPI_UINT64_T, worker, kJob, MPI_COMM_WORLD);
    // Silence is counted from when a worker with nothing to do gets a job.
    auto& jobs = held[static_cast<std::size_t>(worker)];
    if (jobs.empty()) heard[static_cast<std::size_t>(worker)] = Clock::now();
    jobs.push_back(job);
    ++outstanding[static_cast<std::size_t>(worker)];
    ++active;
  };
  for (int round = 0; round < in_flight; ++round) {
    for (int w = 1; w < size; ++w) hand_out(w);
  }
  while (active > 0) {
    MPI_Status status{};
    std::string text = receive_text(status, look);
    const int worker = status.MPI_SOURCE;
    heard[static_cast<std::size_t>(worker)] = Clock::now();
    if (status.MPI_TAG == kAlive) continue;
    if (status.MPI_TAG == kFailed) {
      throw MpiJobFailed(worker, text.size() > 1 ? text.substr(1) : text, text.starts_with('2'));
    }
    --active;
    --outstanding[static_cast<std::size_t>(worker)];
    auto& jobs = held[static_cast<std::size_t>(worker)];
    if (!jobs.empty()) jobs.erase(jobs.begin());  // a worker answers its jobs in order
    if (status.MPI_TAG == kAnswer && !stopping) {
      const auto at = place.find(number_of(text));
      if (at == place.end()) {
        throw MpiJobFailed(worker, "answered a job it was not given", false);
      }
      waiting.emplace(at->second, text.substr(sizeof(std::uint64_t)));
      while (!stopping && !waiting.empty() && waiting.begin()->first == next_out) {
        std::string answer = std::move(waiting.begin()->second);
        waiting.erase(waiting.begin());
        if (!deliver(next_out++, std::move(answer))) {
          stopping = true;
          for (int w = 1; w < size; ++w) stop(w);
        }
      }
    }
    hand_out(worker);
  }
  for (int w = 1; w < size; ++w) stop(w);
}

void work_jobs(const MpiJob& job,
               const std::function<std::string(const std::exception&, std::uint64_t)>& describe) {
  // A stop sent while a job is in play: seen between its steps, taken by
  // the receive below once the jobs queued before it are given up.
  bool stop_seen = false;
  Heartbeat heartbeat(threads_serialized);
  const auto quit = [&stop_seen, &heartbeat] {
    if (stop_seen) return true;
    int flag = 0;
    {
      std::lock_guard call(heartbeat.mpi());
      MPI_Iprobe(0, kStop, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    }
    return stop_seen = flag != 0;
  };
  for (;;) {
    const MPI_Status status = wait_for_message(0);
    std::uint64_t number = 0;
    MPI_Recv(&number, 1, MPI_UINT64_T, 0, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (status.MPI_TAG == kStop) return;
    std::optional<std::string> answer;
    heartbeat.resume();
    try {
      if (!quit()) answer = job(number, quit);
      heartbeat.pause();
    } catch (const std::exception& e) {
      heartbeat.pause();
      const bool resource = dynamic_cast<const ResourceError*>(&e) != nullptr;
      send_text(std::string(resource ? "2" : "1") + describe(e, number), kFailed);
      // Rank 0 ends the job.
      wait_for_message(0);
      return;
    }
    if (answer) {
      send_text(numbered(number, *answer), kAnswer);
    } else {
      send_text(numbered(number, ""), kGivenUp);
    }
  }
}

}  // namespace rb::distributed
