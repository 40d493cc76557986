#include "io/machine.hpp"

#include <unistd.h>

#include <ctime>
#include <thread>

#include "core/cpu.hpp"
#include "io/build_info.hpp"

namespace rb {

std::string host_name() {
  char buf[256] = {};
  if (gethostname(buf, sizeof buf - 1) != 0) return "unknown";
  return buf;
}

Json result_document(std::string_view kind) {
  Json doc;
  doc["schema"] = kResultSchema;
  doc["kind"] = kind;
  char date[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  doc["machine"] = {
      {"host", host_name()},
      {"cpu_model", cpu_model()},
      {"cpu_features", cpu_features_string(cpu_features())},
      {"hardware_threads", static_cast<int>(std::thread::hardware_concurrency())},
      {"date_utc", std::string(date)},
  };
  doc["build"] = build_json();
  return doc;
}

std::string version_text() {
  return std::string("reversi-bench ") + build::kVersion + " (commit " + build::kCommit + ")\n" +
         "compiler " + build::kCompiler + ", " + build::kBuildType + ", flags:" + build::kFlags;
}

Json build_json() {
  return {
      {"version", build::kVersion},      {"compiler", build::kCompiler},
      {"build_type", build::kBuildType}, {"flags", build::kFlags},
      {"commit", build::kCommit},
  };
}

}  // namespace rb
