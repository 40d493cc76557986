// The messages of reversi-bench-mpi's job queue (mpi/jobs.hpp):
// waiting for a message without spinning a core, and a text message
// received whole.
#pragma once

#include <mpi.h>

#include <chrono>
#include <functional>
#include <string>
#include <thread>

namespace rb::distributed {

// Waits for a message from `source` (any tag) without spinning a core that
// the work on this host (engines, solves) could use; `idle`, when given, is
// called between looks (it may throw to give up the wait).
inline MPI_Status wait_for_message(int source, const std::function<void()>& idle = {}) {
  for (;;) {
    int flag = 0;
    MPI_Status status{};
    MPI_Iprobe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
    if (flag) return status;
    if (idle) idle();
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

// A text message from any rank, whole: its tag and sender are `status`'s.
inline std::string receive_text(MPI_Status& status, const std::function<void()>& idle = {}) {
  status = wait_for_message(MPI_ANY_SOURCE, idle);
  int length = 0;
  MPI_Get_count(&status, MPI_CHAR, &length);
  std::string text(static_cast<std::size_t>(length), '\0');
  MPI_Recv(text.data(), length, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  return text;
}

// Sends a text message to rank 0.
inline void send_text(const std::string& text, int tag) {
  MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, 0, tag, MPI_COMM_WORLD);
}

}  // namespace rb::distributed
