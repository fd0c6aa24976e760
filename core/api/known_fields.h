/**
 * @file known_fields.h
 * @brief The request fields each family reads, so that an unknown one (a typo such as
 *        "true_jiont") is refused as "unknown_field" naming it and the nearest known name
 *        instead of being ignored (docs/api.md). The dispatcher checks every request with these.
 */
#pragma once
#include <string>
#include <vector>

#include "json/json_fields.h"

namespace privlab::api {

/// The known names of `family`'s request and of its sub-objects ("" for an unknown family).
const std::vector<json_read::KnownFields>& known_fields(const std::string& family);

}  // namespace privlab::api
