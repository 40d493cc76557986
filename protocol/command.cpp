#include "protocol/command.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace rb::protocol {

std::vector<std::string> split_command(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
      continue;
    }
    in_word = true;
    if (c == '\'') {
      const std::size_t end = text.find('\'', i + 1);
      if (end == std::string_view::npos) {
        throw CommandError("unterminated single quote in '" + std::string(text) + "'");
      }
      word.append(text.substr(i + 1, end - i - 1));
      i = end;
    } else if (c == '"') {
      std::size_t j = i + 1;
      for (; j < text.size() && text[j] != '"'; ++j) {
        if (text[j] == '\\' && j + 1 < text.size() && (text[j + 1] == '"' || text[j + 1] == '\\')) {
          ++j;
        }
        word.push_back(text[j]);
      }
      if (j >= text.size()) {
        throw CommandError("unterminated double quote in '" + std::string(text) + "'");
      }
      i = j;
    } else if (c == '\\') {
      if (i + 1 >= text.size()) {
        throw CommandError("a backslash ends '" + std::string(text) + "'");
      }
      word.push_back(text[++i]);
    } else {
      word.push_back(c);
    }
  }
  if (in_word) words.push_back(std::move(word));
  if (words.empty()) throw CommandError("an empty command");
  return words;
}

namespace {

// Empty when `path` is an executable regular file, else why not.
std::string why_not_executable(const std::string& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) {
    return errno == ENOENT ? "no such file" : std::strerror(errno);
  }
  if (S_ISDIR(st.st_mode)) return "is a directory";
  if (!S_ISREG(st.st_mode)) return "is not a regular file";
  if (access(path.c_str(), X_OK) != 0) return "is not executable";
  return "";
}

}  // namespace

std::string find_program(const std::string& program) {
  if (program.empty()) throw CommandError("an empty program name");
  if (program.find('/') != std::string::npos) {
    const std::string why = why_not_executable(program);
    if (!why.empty()) throw CommandError("'" + program + "': " + why);
    return program;
  }
  const char* path = std::getenv("PATH");
  const std::string dirs = path && *path ? path : "/usr/local/bin:/usr/bin:/bin";
  std::string found_not_executable;
  for (std::size_t start = 0; start <= dirs.size();) {
    std::size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    const std::string dir = end > start ? dirs.substr(start, end - start) : ".";
    const std::string candidate = dir + "/" + program;
    const std::string why = why_not_executable(candidate);
    if (why.empty()) return candidate;
    if (why != "no such file" && found_not_executable.empty()) {
      found_not_executable = candidate + "' " + why;
    }
    start = end + 1;
  }
  if (!found_not_executable.empty()) {
    throw CommandError("'" + program + "': '" + found_not_executable);
  }
  throw CommandError("'" + program + "': not found in PATH");
}

std::string join_command(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) {
    if (!out.empty()) out += ' ';
    const bool plain = !w.empty() && w.find_first_not_of(
                                         "abcdefghijklmnopqrstuvwxyz"
                                         "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                         "0123456789-_./=:,+@%") == std::string::npos;
    if (plain) {
      out += w;
      continue;
    }
    out += '\'';
    for (char c : w) {
      if (c == '\'') {
        out += "'\\''";
      } else {
        out += c;
      }
    }
    out += '\'';
  }
  return out;
}

}  // namespace rb::protocol
