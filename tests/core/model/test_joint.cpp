// Tests of core/model/joint.cpp: validation names the offending field.
#include <doctest/doctest.h>

#include "common/error.h"
#include "model/joint.h"
#include "model/joint_json.h"

using namespace privlab;
using nlohmann::json;

namespace {
std::string error_path(const json& value, const JointLimits& limits = {}) {
  try {
    parse_joint(value, "/joint", limits);
  } catch (const Error& e) { return e.code() + " @ " + e.path(); }
  return "accepted";
}
}  // namespace

TEST_CASE("model/parse_joint: probabilities, counts and their marginals") {
  const auto p = parse_joint(json::parse("[[0.07,0.10],[0.26,0.57]]"), "/joint");
  CHECK_FALSE(p.from_counts);
  CHECK(p.s_marginal()(0) == doctest::Approx(0.17));
  CHECK(p.conditional_u_given_s(0)(0) == doctest::Approx(0.07 / 0.17));
  CHECK(p.flat()(2) == doctest::Approx(0.26));  // x = s*|U| + u

  const auto c = parse_joint(json::parse("[[7,10],[26,57]]"), "/joint");
  CHECK(c.from_counts);
  CHECK(c.total == 100);
  CHECK(c.p(1, 1) == doctest::Approx(0.57));
}

TEST_CASE("model/parse_joint: bad tables are refused with the field named") {
  CHECK(error_path(json::parse("[[0.5,-0.1],[0.3,0.3]]")) == "negative_mass @ /joint/0/1");
  CHECK(error_path(json::parse("[[0.5,0.1],[0.3]]")) == "ragged_matrix @ /joint/1");
  CHECK(error_path(json::parse("[[0.5,\"x\"],[0.3,0.2]]")) == "not_a_number @ /joint/0/1");
  CHECK(error_path(json::parse("[[0.2,0.1],[0.3,0.2]]")) == "not_a_distribution @ /joint");
  CHECK(error_path(json::parse("[[0,0],[0,0]]")) == "zero_mass @ /joint");
  CHECK(error_path(json::parse("[]")) == "not_a_matrix @ /joint");
  CHECK(error_path(json::parse("[[]]")) == "not_a_matrix @ /joint/0");
  CHECK(error_path(json::parse("{\"a\":1}")) == "not_a_matrix @ /joint");
  CHECK(error_path(json::parse("[[1,2,3]]"), JointLimits{4, 2, 8}) == "too_large @ /joint");
  CHECK(error_path(json::parse("[[1],[2],[3]]"), JointLimits{2, 4, 8}) == "too_large @ /joint");
  CHECK(error_path(json::parse("[[1,1],[1,1]]"), JointLimits{4, 4, 3}) == "too_large @ /joint");
}

TEST_CASE("model/parse_joint: issue13 repro 4: counts whose total overflows are refused") {
  CHECK(error_path(json::parse("[[1e308,1e308],[1,1]]")) == "count_overflow @ /joint");
  CHECK(error_path(json::parse("[[9007199254740992,1],[1,1]]")) == "count_overflow @ /joint");
  // the largest exact total is still counts
  const auto big = parse_joint(json::parse("[[4503599627370496,4503599627370495],[0,1]]"), "/joint");
  CHECK(big.from_counts);
  CHECK(big.p.sum() == doctest::Approx(1.0));
}
