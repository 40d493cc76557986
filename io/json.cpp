#include "io/json.hpp"

namespace rb {

void write_json_file(const std::string& path, const Json& doc, std::string_view option) {
  write_output_file(path, doc.dump(2) + "\n", option);
}

}  // namespace rb
