// Tests of core/game/typed_api.cpp (privlab/game.h): make_inputs and design_audited give the
// JSON family's mechanism, cost and audits for the same game.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "privlab/api.h"
#include "privlab/game.h"

using namespace privlab;

TEST_CASE("game/typed_api: design_audited equals the JSON response (three places on a line)") {
  const Vector prior = (Vector(3) << 0.2, 0.5, 0.3).finished();
  const Matrix distance = (Matrix(3, 3) << 0, 1, 3, 1, 0, 2, 3, 2, 0).finished();
  const game::GameInputs in = game::make_inputs(prior, distance);
  for (const std::string name : {"distortion", "dp", "joint"}) {
    CAPTURE(name);
    game::DesignOptions opt;
    opt.kind = game::mechanism_kind(name);
    opt.epsilon = 0.5;
    opt.min_distortion = 0.4;
    const game::AuditedDesign d = game::design_audited(in, opt);
    const nlohmann::json request = {{"family", "game"},
                                    {"mechanism", name},
                                    {"prior", {0.2, 0.5, 0.3}},
                                    {"utility_loss", "hamming"},
                                    {"distance", {{0, 1, 3}, {1, 0, 2}, {3, 2, 0}}},
                                    {"epsilon", 0.5},
                                    {"min_distortion", 0.4}};
    const auto outcome = api::solve(request.dump());
    REQUIRE(outcome.exit_code == 0);
    const auto r = nlohmann::json::parse(outcome.json);
    for (long o = 0; o < 3; ++o)
      for (long s = 0; s < 3; ++s) CHECK(d.design.p(o, s) == r["mechanism"][o][s].get<double>());
    CHECK(d.evaluation.cost == r["cost"].get<double>());
    CHECK(d.evaluation.adversary_error == r["adversary_error"].get<double>());
    CHECK(d.dp_audit.has_value() == (name != "distortion"));
    CHECK(d.distortion_audit.has_value() == (name != "dp"));
    if (d.dp_audit) CHECK(d.dp_audit->audit.verified);
    // The distortion guarantee (21c)/(24c), re-measured by the optimal attack (19).
    if (d.distortion_audit) CHECK(d.evaluation.adversary_error >= 0.4 - 1e-9);
  }
}

TEST_CASE("game/typed_api: make_inputs refuses a prior that is not a distribution") {
  const Matrix distance = (Matrix(2, 2) << 0, 1, 1, 0).finished();
  try {
    game::make_inputs((Vector(2) << 0.5, 0.4).finished(), distance);
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.code() == "not_a_distribution");
    CHECK(e.path() == "/prior");
  }
  CHECK_THROWS_AS(game::make_inputs((Vector(2) << 0.5, 0.5).finished(), Matrix::Zero(3, 3)), Error);
}
