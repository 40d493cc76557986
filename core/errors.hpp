// The errors every layer may throw for what the user asked, beside those of
// the readers (InputError, io/input.hpp), the writers (OutputError,
// io/output.hpp) and the machine (ResourceError, core/memory.hpp). The
// command line maps each to its exit code (cli/main.cpp, README.md).
#pragma once

#include <stdexcept>

namespace rb {

// A bad option value or argument (exit code 2).
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// An internal consistency check failed, e.g. a repeated run gave another
// count, or a search that had to finish did not (exit code 1).
class CheckFailed : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace rb
