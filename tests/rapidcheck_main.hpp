// The main() of a RapidCheck test binary with a default case count of its
// own: RapidCheck reads RC_PARAMS once, when first used, so main() puts
// `max_success=N` in front of whatever RC_PARAMS holds (seed=...,
// reproduce=..., noshrink=1, ...) unless it sets max_success itself.
#pragma once

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <cstdlib>
#include <string>
#include <string_view>

namespace rb::testing {

// Whether the RC_PARAMS text `params` sets `key` (as "key=..." or "key").
inline bool sets_key(std::string_view params, std::string_view key) {
  for (std::size_t at = params.find(key); at != std::string_view::npos;
       at = params.find(key, at + 1)) {
    const bool starts = at == 0 || params[at - 1] == ' ' || params[at - 1] == '\t';
    const std::size_t end = at + key.size();
    const bool ends = end == params.size() || params[end] == '=' || params[end] == ' ';
    if (starts && ends) return true;
  }
  return false;
}

// RC_PARAMS as the user gave it (set by run_rapidcheck_tests).
inline std::string& user_rc_params() {
  static std::string params;
  return params;
}

// The check that run_rapidcheck_tests() took effect: a property runs
// `default_max_success` times (skipped when RC_PARAMS sets the count or
// replays a case).
inline void expect_default_number_of_cases(int default_max_success) {
  if (sets_key(user_rc_params(), "max_success") || sets_key(user_rc_params(), "reproduce")) {
    GTEST_SKIP() << "RC_PARAMS sets the count (or replays a case): " << user_rc_params();
  }
  int runs = 0;
  EXPECT_TRUE(rc::check("count the cases", [&] { ++runs; }));
  EXPECT_EQ(runs, default_max_success);
}

// Runs the GoogleTest tests with `default_max_success` cases per property
// unless RC_PARAMS sets max_success.
inline int run_rapidcheck_tests(int argc, char** argv, int default_max_success) {
  const char* params = std::getenv("RC_PARAMS");
  user_rc_params() = params ? params : "";
  if (!sets_key(user_rc_params(), "max_success")) {
    const std::string with_default = "max_success=" + std::to_string(default_max_success) +
                                     (params ? " " + user_rc_params() : "");
    setenv("RC_PARAMS", with_default.c_str(), 1);
  }
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}

}  // namespace rb::testing
