// Helpers of the "evaluate" tests (issue 15): solving through the public API and turning a
// design response back into the request that evaluates its matrix.
#pragma once
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "privlab/api.h"

namespace evaluate_test {
using nlohmann::json;

inline json solve_ok(const json& request) {
  const auto outcome = privlab::api::solve(request.dump());
  INFO(outcome.json.substr(0, 600));
  REQUIRE(outcome.exit_code == 0);
  return json::parse(outcome.json);
}

inline json error_of(const json& request, int expected_exit = 2) {
  const auto outcome = privlab::api::solve(request.dump());
  INFO(outcome.json.substr(0, 600));
  CHECK(outcome.exit_code == expected_exit);
  const json j = json::parse(outcome.json);
  REQUIRE(j.contains("error"));
  return j.at("error");
}

/// The design request without its design name (`key`), evaluating `matrix` instead.
inline json evaluate_request(json design, const std::string& key, const json& matrix) {
  design.erase(key);
  design["evaluate"] = matrix;
  return design;
}

/// Designs, evaluates the designed matrix, and checks every field in `fields` is identical.
inline json round_trip(const json& design, const std::string& key, const std::vector<std::string>& fields) {
  const json d = solve_ok(design);
  const json e = solve_ok(evaluate_request(design, key, d["mechanism"]));
  CHECK(e["mechanism_name"] == "evaluated");
  CHECK(e["mechanism"] == d["mechanism"]);
  CHECK(e["audit"]["verified"] == true);
  for (const auto& f : fields) {
    INFO(design.value(key, std::string("?")) << " field " << f);
    REQUIRE(d.contains(f));
    CHECK(e[f] == d[f]);
  }
  return e;
}
}  // namespace evaluate_test
