#include "core/machine.hpp"

#include <unistd.h>

#include <ctime>
#include <thread>

#include "core/build_info.hpp"
#include "core/cpu.hpp"

namespace rb {

std::string host_name() {
  char buf[256] = {};
  if (gethostname(buf, sizeof buf - 1) != 0) return "unknown";
  return buf;
}

void write_machine_and_build(JsonWriter& json) {
  char date[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  json.key("machine").begin_object();
  json.field("host", host_name());
  json.field("cpu_model", cpu_model());
  json.field("cpu_features", cpu_features_string(cpu_features()));
  json.field("hardware_threads", static_cast<int>(std::thread::hardware_concurrency()));
  json.field("date_utc", std::string(date));
  json.end_object();
  json.key("build").begin_object();
  json.field("compiler", build::kCompiler);
  json.field("build_type", build::kBuildType);
  json.field("flags", build::kFlags);
  json.field("commit", build::kCommit);
  json.end_object();
}

}  // namespace rb
