// Tests of core/json/json_parse.cpp and the dispatcher's error writing (issue 13, reproductions
// 1-3): every input ends in an error object that is valid UTF-8, never in an abort or a crash.
#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "common/error.h"
#include "json/json_parse.h"
#include "json/json_read.h"
#include "privlab/api.h"

using namespace privlab;
using nlohmann::json;

namespace {
/// Valid UTF-8 by the definition (RFC 3629), written independently of nlohmann.
bool valid_utf8(const std::string& s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (len == 0 || i + len > s.size()) return false;
    for (std::size_t k = 1; k < len; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    i += len;
  }
  return true;
}

json error_of(const std::string& request, int expected_exit) {
  const auto outcome = api::solve(request);
  CHECK(outcome.exit_code == expected_exit);
  CHECK(valid_utf8(outcome.json));
  return json::parse(outcome.json).at("error");
}

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}
}  // namespace

TEST_CASE("api/solve: issue13 repro 1: invalid UTF-8 in the request is an error, not an abort") {
  const json e = error_of(
      "{\"family\":\"rl\xff"
      "dp\"}",
      2);
  CHECK(e["code"] == "malformed_json");
  // a raw invalid byte outside strings too
  CHECK(error_of("\xff\xfe{}", 2)["code"] == "malformed_json");
}

TEST_CASE("api/solve: issue13 repro 1: a quoted non-ASCII value is cut at a character boundary") {
  const json e = error_of("{\"family\":\"" + repeat("\xc3\xa9", 30) + "\"}", 2);  // 30 x "é"
  CHECK(e["code"] == "unknown_value");
  CHECK(e["path"] == "/family");
  CHECK(e["message"].get<std::string>().find(repeat("\xc3\xa9", 18) + "...") != std::string::npos);
}

TEST_CASE("json_read/excerpt: never splits a UTF-8 character") {
  for (int n = 0; n < 60; ++n) {
    const std::string text = repeat("a", n % 3) + repeat("\xe2\x82\xac", 20);  // "€" is 3 bytes
    for (std::size_t max = 0; max < 50; ++max) CHECK(valid_utf8(json_read::excerpt(text, max)));
  }
  CHECK(json_read::excerpt("short", 40) == "short");
}

TEST_CASE("api/solve: issue13 repro 2: 1e999 is a bad request naming the literal and the field") {
  json e = error_of("1e999", 2);
  CHECK(e["code"] == "number_out_of_range");
  CHECK(e["message"].get<std::string>().find("1e999") != std::string::npos);
  e = error_of(R"({"family":"rldp","mechanism":"srr","joint":[[0.5,0.5],[0.25,-1e999]],"epsilon":1})", 2);
  CHECK(e["code"] == "number_out_of_range");
  CHECK(e["path"] == "/joint/1/1");
  CHECK(error_of(R"({"family":"rldp","epsilon":1e999})", 2)["path"] == "/epsilon");
}

TEST_CASE("api/solve: issue13 repro 3: deep nesting is refused while parsing") {
  // depth 100,000 in a numeric field: refused at the limit, no recursion over the value
  const json e = error_of(R"({"family":"rldp","mechanism":"srr","epsilon":1,"joint":)" + repeat("[", 100000), 2);
  CHECK(e["code"] == "too_deep");
  CHECK(e["path"].get<std::string>().rfind("/joint/0/0", 0) == 0);
  // exactly at the limit parses (and is then an ordinary field error), one more is refused
  const std::size_t limit = json_parse::kMaxNestingDepth;
  const std::string at_limit =
      repeat("[", static_cast<int>(limit) - 1) + "1" + repeat("]", static_cast<int>(limit) - 1);
  CHECK(error_of(R"({"family":"rldp","mechanism":"srr","joint":[[0.5,0.5]],"epsilon":)" + at_limit + "}", 2)["code"] ==
        "not_a_number");
  CHECK(error_of(R"({"family":"rldp","mechanism":"srr","joint":[[0.5,0.5]],"epsilon":[)" + at_limit + "]}",
                 2)["code"] == "too_deep");
  CHECK(error_of(repeat("{\"a\":", 70) + "1" + repeat("}", 70), 2)["code"] == "too_deep");
}

TEST_CASE("json_read/describe: containers by size, never dumped") {
  CHECK(json_read::describe(json::parse("[[1,2],[3]]")) == "an array of 2 entries");
  CHECK(json_read::describe(json::parse(R"({"a":1})")) == "an object with 1 members");
  CHECK(json_read::describe(json("abc")) == "\"abc\"");
  CHECK(valid_utf8(json_read::describe(json(repeat("\xc3\xa9", 30)))));
}

TEST_CASE("json_parse/parse_request: pointers of nested values in errors") {
  try {
    json_parse::parse_request(R"({"a":[1,2,{"b~/c":[3,1e400]}]})");
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.code() == "number_out_of_range");
    CHECK(e.path() == "/a/2/b~0~1c/1");
  }
  CHECK(json_parse::parse_request(R"({"a":[1,[2,3],{"b":null}],"c":"x"})")["a"][1][1] == 3);
}
