// Tests of core/rldp/design.cpp, the typed rldp API (privlab/rldp.h): the paper's Example 3
// through the typed call, and the typed call giving the JSON response's numbers exactly.
#include <doctest/doctest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "fixtures/paper_examples.h"
#include "privlab/api.h"
#include "privlab/metrics.h"
#include "privlab/rldp.h"

using namespace privlab;
using fixtures::matches_printed;

TEST_CASE("rldp/design: paper Example 3 through the typed API (PolyOpt, 95% Renyi-2 ball, eps = ln 2)") {
  const Joint hat = make_joint(fixtures::rldp_example1_estimate());
  const Joint truth = make_joint(fixtures::rldp_example1_true());
  const double eps = fixtures::rldp_example3_epsilon();
  const auto set = rldp::renyi_ball_confidence(2.0, 0.95, fixtures::kRldpExample1N, hat.num_x());
  CHECK(matches_printed(set.radius, 0.0752, 4));  // Example 2: B = 0.0752
  const rldp::Design d = rldp::design(hat, rldp::Mechanism::kPolyOpt, eps, set);
  CHECK(d.mechanism.cols() == 4);
  CHECK(d.audit.verified);
  CHECK(d.audit.claim.guarantee == "rldp");
  CHECK(matches_printed(d.metrics.under_hat.mutual_information, 0.4228, 4));
  // ERRATUM (docs/errata.md): the printed "true utility 0.2804" is eps* under P*.
  CHECK(matches_printed(metrics::realized_epsilon(d.mechanism, truth), 0.2804, 4));
  CHECK(d.metrics.robust.value <= eps + 1e-9);
  CHECK(d.metrics.robust.exact);
}

TEST_CASE("rldp/design: the typed API gives the JSON response's numbers for every mechanism") {
  const Matrix p = fixtures::rldp_example1_estimate();
  const Joint hat = make_joint(p);
  const auto set = rldp::renyi_ball(2.0, 0.0752);
  for (const auto m : {rldp::Mechanism::kGrr, rldp::Mechanism::kSrr, rldp::Mechanism::kIr, rldp::Mechanism::kNr,
                       rldp::Mechanism::kPolyOpt}) {
    CAPTURE(rldp::mechanism_name(m));
    const nlohmann::json request = {{"family", "rldp"},
                                    {"mechanism", rldp::mechanism_name(m)},
                                    {"joint", {{p(0, 0), p(0, 1)}, {p(1, 0), p(1, 1)}}},
                                    {"epsilon", 0.9},
                                    {"uncertainty", {{"alpha", 2.0}, {"radius", 0.0752}}}};
    const auto outcome = api::solve(request.dump());
    REQUIRE(outcome.exit_code == 0);
    const auto r = nlohmann::json::parse(outcome.json);
    const rldp::Design d = rldp::design(hat, m, 0.9, set);
    REQUIRE(d.mechanism.rows() == static_cast<long>(r["mechanism"].size()));
    for (long y = 0; y < d.mechanism.rows(); ++y)
      for (long x = 0; x < d.mechanism.cols(); ++x) CHECK(d.mechanism(y, x) == r["mechanism"][y][x].get<double>());
    CHECK(d.metrics.under_hat.mutual_information == r["mutual_information"].get<double>());
    CHECK(d.metrics.robust.value == r["robust_epsilon"].get<double>());
    CHECK(d.audit.claim.guarantee == r["audit"]["guarantee"].get<std::string>());
    CHECK(d.audit.claim.measured == r["audit"]["measured_epsilon"].get<double>());
  }
}

TEST_CASE("rldp/design: bad input is an Error naming the field") {
  const Joint hat = make_joint(fixtures::rldp_example1_estimate());
  try {
    rldp::mechanism_from_name("zzz");
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.code() == "unknown_value");
    CHECK(e.path() == "/mechanism");
  }
  CHECK_THROWS_AS(rldp::design(hat, rldp::Mechanism::kSrr, -1.0), Error);
  CHECK_THROWS_AS(rldp::renyi_ball(2.0, -0.1), Error);
  CHECK_THROWS_AS(make_joint(Matrix{{0.5, 0.4}}), Error);
  CHECK(rldp::mechanism_from_name("polyopt") == rldp::Mechanism::kPolyOpt);
}
