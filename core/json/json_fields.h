/**
 * @file json_fields.h
 * @brief Unknown request fields are refused: "unknown_field" naming the field and the nearest
 *        known name (a typo such as "true_jiont" is an error, never silently ignored).
 */
#pragma once
#include <string>
#include <vector>

#include "json/json_read.h"

namespace privlab::json_read {

/// Fields every request may carry that only describe it (scenario files, the page): never refused.
extern const std::vector<std::string> kDescriptiveFields;
/// The known names of one object of a request: its JSON pointer ("" for the request itself) and
/// the names its readers read.
struct KnownFields {
  std::string path;
  std::vector<std::string> names;
};
/// Refuses a member that no reader reads: bad_request("unknown_field", "/true_jiont", "... did you
/// mean 'true_joint'?"). Each entry of `known` names an object by pointer (checked when it is
/// present and an object); kDescriptiveFields are known at the top level.
void known_fields(const Json& request, const std::vector<KnownFields>& known);
/// The name of `known` nearest to `name` (edit distance; ties: the first), "" when known is empty.
std::string nearest(const std::string& name, const std::vector<std::string>& known);

}  // namespace privlab::json_read
