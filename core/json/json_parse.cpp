/**
 * @file json_parse.cpp
 * @brief Parsing with nlohmann's parser callback: it tracks the JSON pointer of the value being
 *        read (for errors) and refuses nesting beyond the limit at the opening bracket.
 */
#include "json/json_parse.h"

#include <vector>

#include "common/error.h"
#include "json/json_read.h"

namespace privlab::json_parse {

namespace {
using Json = nlohmann::json;

/// One open container while parsing: arrays count their elements, objects remember the key.
struct Frame {
  bool array = false;
  std::size_t index = 0;
  std::string key;
};

std::string pointer(const std::vector<Frame>& stack) {
  std::string path;
  for (const auto& f : stack) path = f.array ? json_read::child(path, f.index) : json_read::child(path, f.key);
  return path;
}

/// "... parsing '1e999'" -> "1e999" (the literal nlohmann quotes), shortened for the message.
std::string quoted_literal(const std::string& what) {
  const auto open = what.find('\'');
  const auto close = what.rfind('\'');
  if (open == std::string::npos || close <= open) return "a number";
  return json_read::excerpt(what.substr(open + 1, close - open - 1), 40);
}
}  // namespace

Json parse_request(const std::string& text) {
  std::vector<Frame> stack;
  auto next_element = [&stack] {
    if (!stack.empty() && stack.back().array) ++stack.back().index;
  };
  const Json::parser_callback_t track = [&](int, Json::parse_event_t event, Json& parsed) {
    switch (event) {
      case Json::parse_event_t::object_start:
      case Json::parse_event_t::array_start:
        if (stack.size() >= kMaxNestingDepth)
          bad_request("too_deep", pointer(stack),
                      "arrays and objects nest deeper than " + std::to_string(kMaxNestingDepth) + " levels");
        stack.push_back({event == Json::parse_event_t::array_start, 0, ""});
        break;
      case Json::parse_event_t::key: stack.back().key = parsed.get<std::string>(); break;
      case Json::parse_event_t::object_end:
      case Json::parse_event_t::array_end:
        stack.pop_back();
        next_element();
        break;
      case Json::parse_event_t::value: next_element(); break;
    }
    return true;
  };
  try {
    return Json::parse(text, track);
  } catch (const Json::out_of_range& e) {  // 406: a literal beyond the double range
    bad_request("number_out_of_range", pointer(stack),
                "the number " + quoted_literal(e.what()) +
                    " is outside the range of double precision (magnitudes up to about 1.8e308)");
  } catch (const Json::parse_error& e) {
    bad_request("malformed_json", "", std::string("the request is not valid JSON: ") + e.what());
  }
}

}  // namespace privlab::json_parse
