/**
 * @file json_fields.cpp
 * @brief Unknown request fields: the check and the nearest known name (json/json_fields.h).
 */
#include "json/json_fields.h"

#include <algorithm>

#include "common/error.h"

namespace privlab::json_read {

const std::vector<std::string> kDescriptiveFields = {"title",   "description", "explanation",
                                                     "formula", "labels",      "notes"};

std::string nearest(const std::string& name, const std::vector<std::string>& known) {
  std::string best;
  std::size_t best_distance = 0;
  for (const auto& k : known) {
    // Levenshtein distance, one row at a time.
    std::vector<std::size_t> row(k.size() + 1);
    for (std::size_t j = 0; j <= k.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= name.size(); ++i) {
      std::size_t diagonal = row[0];
      row[0] = i;
      for (std::size_t j = 1; j <= k.size(); ++j) {
        const std::size_t up = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (name[i - 1] == k[j - 1] ? 0 : 1)});
        diagonal = up;
      }
    }
    if (best.empty() || row[k.size()] < best_distance) {
      best = k;
      best_distance = row[k.size()];
    }
  }
  return best;
}

void known_fields(const Json& request, const std::vector<KnownFields>& known) {
  for (const auto& object : known) {
    const Json* at = &request;
    if (!object.path.empty()) {
      const Json::json_pointer pointer(object.path);
      if (!request.contains(pointer)) continue;
      at = &request.at(pointer);
    }
    if (!at->is_object()) continue;
    std::vector<std::string> names = object.names;
    if (object.path.empty()) names.insert(names.end(), kDescriptiveFields.begin(), kDescriptiveFields.end());
    for (const auto& item : at->items()) {
      if (std::find(names.begin(), names.end(), item.key()) != names.end()) continue;
      const std::string guess = nearest(item.key(), object.names);
      bad_request("unknown_field", child(object.path, item.key()),
                  "unknown field '" + excerpt(item.key(), 40) + "'" +
                      (guess.empty() ? std::string() : "; did you mean '" + guess + "'?"));
    }
  }
}

}  // namespace privlab::json_read
