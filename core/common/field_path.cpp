/**
 * @file field_path.cpp
 * @brief JSON pointer children (RFC 6901 escaping).
 */
#include "common/field_path.h"

namespace privlab::field_path {

std::string child(const std::string& path, const std::string& key) {
  std::string escaped;
  for (char c : key) {
    if (c == '~')
      escaped += "~0";
    else if (c == '/')
      escaped += "~1";
    else
      escaped += c;
  }
  return path + "/" + escaped;
}

std::string child(const std::string& path, std::size_t index) { return path + "/" + std::to_string(index); }

}  // namespace privlab::field_path
