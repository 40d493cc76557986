// Result files: JSON documents built with nlohmann::ordered_json (keys keep
// the order they are written in) and options written from their rows,
// written as every output is (io/output.hpp).
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

#include "core/enum_table.hpp"
#include "core/option_rows.hpp"
#include "io/output.hpp"

namespace rb {

using Json = nlohmann::ordered_json;

// The schema name every result file carries.
inline constexpr std::string_view kResultSchema = "reversi-bench/2";

// A value as it appears in JSON: an enum by its name.
template <class T>
Json json_value(const T& value) {
  if constexpr (NamedEnum<T>) {
    return std::string(enum_name(value));
  } else {
    return value;
  }
}

// Every field of an options struct, by its rows, keyed by their JSON keys.
template <class Rows, class Struct>
Json options_json(const Rows& rows, const Struct& options) {
  Json out = Json::object();
  for_each_row(rows, [&](const auto& row) {
    out[std::string(row.json)] = json_value(options.*(row.member));
  });
  return out;
}

// The head of every result file, the one place it is made: {"schema",
// "kind", "machine", "build"}, the machine and build the result was
// measured on (io/machine.cpp). The command adds its "config", then its
// rows and summary.
Json result_document(std::string_view kind);

// Writes the document to `path` as the output of `option`
// (write_output_file(), io/output.hpp). Throws OutputError.
void write_json_file(const std::string& path, const Json& doc, std::string_view option);

}  // namespace rb
