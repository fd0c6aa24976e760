// Tests of core/evaluate/evaluated_mechanism.cpp: the shared matrix validator (every refusal
// names the field), bad_columns, the compare_optimal runner; through the rldp family (the
// validator is the same for all five, the per-family shapes are tested in <family>/).
#include <doctest/doctest.h>

#include <cmath>

#include "core/evaluate/evaluate_test_support.h"
#include "evaluate/evaluated_mechanism.h"

using namespace evaluate_test;
using privlab::Matrix;

namespace {
json rldp_eval(const json& matrix) {
  return {{"family", "rldp"}, {"joint", {{0.3, 0.2}, {0.1, 0.4}}}, {"uncertainty", "simplex"}, {"evaluate", matrix}};
}
void expect(const json& request, const std::string& code, const std::string& path) {
  const json e = error_of(request, 2);
  CHECK(e["code"] == code);
  CHECK(e["path"] == path);
}
}  // namespace

TEST_CASE("evaluate/read: a valid matrix is accepted, a column off by less than 1e-9 too") {
  const json ok = solve_ok(rldp_eval({{0.5, 0.25, 1, 0.4 + 4e-10}, {0.5, 0.75, 0, 0.6}}));
  CHECK(ok["mechanism_name"] == "evaluated");
}

TEST_CASE("evaluate/read: bad matrices are exit-2 errors naming the field") {
  expect(rldp_eval({{0.5, 0.5, 0.5, 0.5}, {0.5, 0.5, 0.5}}), "ragged_matrix", "/evaluate/1");
  expect(rldp_eval({{0.5, 0.5, 0.5}, {0.5, 0.5, 0.5}}), "wrong_input_count", "/evaluate/0");
  expect(rldp_eval({{0.5, 0.5, 0.5, 0.5, 0.5}, {0.5, 0.5, 0.5, 0.5, 0.5}}), "wrong_input_count", "/evaluate/0");
  expect(rldp_eval({{0.5, 1.2, 0.5, 0.5}, {0.5, -0.2, 0.5, 0.5}}), "negative_probability", "/evaluate/1/1");
  expect(rldp_eval({{0.5, "NaN", 0.5, 0.5}, {0.5, 0.5, 0.5, 0.5}}), "not_a_number", "/evaluate/0/1");
  expect(rldp_eval({{0.5, nullptr, 0.5, 0.5}, {0.5, 0.5, 0.5, 0.5}}), "not_a_number", "/evaluate/0/1");
  expect(rldp_eval({{0.5, 0.5, 0.5, 0.5}, {0.5, 0.5, 0.5, 0.5 + 2e-9}}), "column_not_distribution", "/evaluate/0/3");
  // Counts are not normalised silently.
  expect(rldp_eval({{3, 1, 1, 1}, {1, 3, 1, 1}}), "column_not_distribution", "/evaluate/0/0");
  expect(rldp_eval(json::array()), "not_a_matrix", "/evaluate");
  expect(rldp_eval({{}}), "not_a_matrix", "/evaluate/0");
  json both = rldp_eval({{1, 1, 1, 1}});
  both["mechanism"] = "srr";
  expect(both, "conflicting_fields", "/mechanism");
  json flag = rldp_eval({{1, 1, 1, 1}});
  flag["compare_optimal"] = "yes";
  expect(flag, "not_a_boolean", "/compare_optimal");
}

TEST_CASE("evaluate/read: the column error names the column in its message") {
  const json e = error_of(rldp_eval({{0.5, 0.5, 0.5, 0.5}, {0.5, 0.4, 0.5, 0.5}}), 2);
  CHECK(e["path"] == "/evaluate/0/1");
  CHECK(e["message"].get<std::string>().find("column 1") != std::string::npos);
  CHECK(e["message"].get<std::string>().find("0.9") != std::string::npos);
}

TEST_CASE("evaluate/bad_columns: negative entries and sums off 1 by more than 1e-9") {
  Matrix q(2, 4);
  q << 0.5, 1.2, 0.5, 0.5 + 2e-9, 0.5, -0.2, 0.5, 0.5;
  CHECK(privlab::evaluated::bad_columns(q) == std::vector<long>{1, 3});
  q(0, 3) = 0.5 + 5e-10;
  q(0, 1) = 0.8;
  q(1, 1) = 0.2;
  CHECK(privlab::evaluated::bad_columns(q).empty());
}

TEST_CASE("evaluate/ratio: null when undefined") {
  CHECK(privlab::evaluated::ratio(1, 2) == 0.5);
  CHECK(privlab::evaluated::ratio(1, 0).is_null());
  CHECK(privlab::evaluated::ratio(INFINITY, 2).is_null());
}

TEST_CASE("evaluate/solve_optimal: a refused design is reported in place, the evaluation stands") {
  // PolyOpt refuses |X| > 30 (too_large at /joint): the evaluation itself still answers.
  json r = {{"family", "rldp"}, {"uncertainty", "simplex"}, {"epsilon", 1.0}, {"compare_optimal", true}};
  r["joint"] = json::array({json::array(), json::array()});
  json q = json::array({json::array()});
  for (int u = 0; u < 16; ++u) {
    r["joint"][0].push_back(1.0 / 32);
    r["joint"][1].push_back(1.0 / 32);
  }
  for (int x = 0; x < 32; ++x) q[0].push_back(1.0);
  r["evaluate"] = q;
  const json out = solve_ok(r);
  CHECK(out["comparison"]["optimal"]["error"]["code"] == "too_large");
  CHECK(out["comparison"]["optimal"]["error"]["path"] == "/joint");
  CHECK_FALSE(out["comparison"].contains("utility_ratio"));
}
