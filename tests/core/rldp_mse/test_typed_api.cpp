// Tests of core/rldp_mse/typed_api.cpp (privlab/rldp_mse.h): the typed design and measure give
// the JSON family's numbers exactly (examples/rldp-mse-four-problems-*.json).
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "fixtures/typed_vs_json.h"
#include "json/json_write.h"
#include "privlab/rldp_mse.h"

using namespace privlab;
using nlohmann::json;

namespace {
const Matrix kCounts{{4, 3, 1, 0, 4}, {0, 6, 3, 2, 0}, {10, 21, 0, 1, 17}};
const Matrix kTrue{{0.05, 0.04, 0.02, 0.01, 0.05}, {0.01, 0.08, 0.04, 0.03, 0.01}, {0.12, 0.25, 0.02, 0.02, 0.25}};
}  // namespace

TEST_CASE("rldp_mse/typed_api: design gives the JSON response's numbers for the four problems") {
  const Joint hat = make_joint(kCounts);
  const Joint truth = make_joint(kTrue);
  const auto set = rldp_mse::chi2_ball_confidence(hat, 0.95, 72);
  for (const std::string name : {"nunp", "nurp", "runp", "rurp"}) {
    CAPTURE(name);
    const json request = {{"family", "rldp-mse"},
                          {"problem", name},
                          {"joint", json_write::matrix(kCounts)},
                          {"epsilon", 0.5},
                          {"uncertainty", {{"confidence", 0.95}}},
                          {"true_joint", json_write::matrix(kTrue)}};
    const json r = fixtures::solve_ok(request);
    CHECK(set.radius == r["uncertainty"]["radius"].get<double>());
    const rldp_mse::Design d = rldp_mse::design(hat, rldp_mse::problem_from_name(name), 0.5, set, {}, truth);
    fixtures::check_same_matrix(d.mechanism, r["mechanism"]);
    CHECK(d.objective == r["objective"].get<double>());
    CHECK(d.optimality_gap == r["optimality_gap"].get<double>());
    CHECK(d.evaluation.robust_distortion.value == r["robust_distortion"].get<double>());
    CHECK(*d.evaluation.true_distortion == r["true"]["distortion"].get<double>());
    CHECK(d.audit.verified);
    CHECK(d.audit.claim.guarantee == r["audit"]["guarantee"].get<std::string>());
    CHECK(d.audit.claim.measured == r["audit"]["measured_epsilon"].get<double>());
    // The measures of the returned matrix alone are the design's.
    const rldp_mse::Evaluation m = rldp_mse::measure(d.mechanism, hat, set);
    CHECK(m.robust_epsilon.value == d.evaluation.robust_epsilon.value);
    CHECK(m.distortion == d.evaluation.distortion);
  }
}

TEST_CASE("rldp_mse/typed_api: bad input is an Error naming the field") {
  const Joint hat = make_joint(kCounts);
  try {
    rldp_mse::chi2_ball(hat, -1);
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.code() == "out_of_range");
    CHECK(e.path() == "/uncertainty/radius");
  }
  const auto set = rldp_mse::chi2_ball(hat, 0.3);
  CHECK_THROWS_AS(rldp_mse::design(hat, rldp_mse::Problem::kNunp, 0.0, set), Error);
  CHECK_THROWS_AS(rldp_mse::measure(Matrix::Identity(5, 5), hat, set), Error);
  CHECK(rldp_mse::default_values(3)(2) == 2.0);
}
