/**
 * @file json_parse.h
 * @brief Request text -> JSON with the input limits checked while parsing: nesting depth, the
 *        double range of number literals, and well-formed UTF-8 (all refused as bad_request).
 */
#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace privlab::json_parse {

/// The deepest nesting of arrays and objects a request may have (README "Input limits"). The
/// deepest request the families read nests 6 levels (a batch of experiments with tables).
constexpr std::size_t kMaxNestingDepth = 64;

/**
 * Parses a request. Refuses with bad_request: "too_deep" (nesting beyond kMaxNestingDepth,
 * checked at each opening bracket, so a deep value is never built), "number_out_of_range" (a
 * literal beyond the double range, e.g. 1e999, naming it and its JSON pointer) and
 * "malformed_json" (anything else, including ill-formed UTF-8).
 */
nlohmann::json parse_request(const std::string& text);

}  // namespace privlab::json_parse
