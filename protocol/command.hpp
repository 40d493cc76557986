// An engine's command line as the user writes it ('edax -q -l 60'): split
// into words the way a shell splits a simple command (blanks separate words;
// single quotes keep everything, double quotes keep all but \" and \\, a
// backslash outside quotes escapes the next character), and its program found
// the way a shell finds it (a name with a '/' as it is, any other in PATH).
// No shell runs: no variables, globs, pipes or redirections, so what starts
// is exactly the program named, in a process group the harness owns.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace rb::protocol {

// The command cannot be run: an empty or badly quoted command line, a program
// that is not found or not executable. The message names the command.
class CommandError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The words of a command line; throws CommandError on an unterminated quote
// or a trailing backslash, or when there is no word.
std::vector<std::string> split_command(std::string_view text);

// The file that running `program` would execute: `program` itself when it
// holds a '/', else the first executable file of that name in the folders of
// $PATH. Throws CommandError saying what is wrong ("not found in PATH",
// "is a directory", "is not executable", "no such file").
std::string find_program(const std::string& program);

// The words written back as one command line, quoted where needed (for
// messages and result files).
std::string join_command(const std::vector<std::string>& words);

}  // namespace rb::protocol
