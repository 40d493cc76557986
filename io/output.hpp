// Output errors: a file or stream the user named cannot be written (exit
// code 2, naming the option and the system's reason).
#pragma once

#include <stdexcept>

namespace rb {

class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace rb
