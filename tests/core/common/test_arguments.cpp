// Tests of core/common/arguments.cpp (the one validation layer) and, through it, of every public
// typed function (core/include/privlab/*.h): NaN, infinity, negative entries and wrong shapes are
// refused with privlab::Error naming the argument and the cell, before any computation (issue 24;
// run under ASan+UBSan by the lead: no out-of-bounds read on mismatched sizes).
#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "common/arguments.h"
#include "json/json_fields.h"
#include "privlab/api.h"
#include "privlab/estimation.h"
#include "privlab/funnel.h"
#include "privlab/game.h"
#include "privlab/metrics.h"
#include "privlab/rldp.h"
#include "privlab/rldp_mse.h"

using namespace privlab;

namespace {
const double kNan = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();
const Matrix kP{{0.07, 0.10}, {0.26, 0.57}};
const Matrix kQ{{0.7, 0.2, 0.1, 0.3}, {0.3, 0.8, 0.9, 0.7}};

/// The code and path of the Error f throws ("" / "" when it throws none).
std::pair<std::string, std::string> refusal(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    CHECK(e.kind() == ErrorKind::kBadRequest);
    return {e.code(), e.path()};
  }
  return {"", ""};
}

Matrix with(Matrix m, long r, long c, double v) {
  m(r, c) = v;
  return m;
}
}  // namespace

TEST_CASE("common/arguments: each check names the cell with the JSON code") {
  CHECK(refusal([] { arguments::finite(with(kQ, 1, 2, kNan), "/q"); }) ==
        std::pair<std::string, std::string>{"not_finite", "/q/1/2"});
  CHECK(refusal([] { arguments::mechanism(with(kQ, 0, 3, -0.1), "/q"); }).second == "/q/0/3");
  CHECK(refusal([] { arguments::mechanism(kQ * 2, "/q"); }) ==
        std::pair<std::string, std::string>{"column_not_distribution", "/q/0/0"});
  CHECK(refusal([] { arguments::mechanism(Matrix(0, 0), "/q"); }).first == "not_a_matrix");
  CHECK(refusal([] { arguments::distribution((Vector(2) << 1.5, -0.5).finished(), "/p"); }).second == "/p/1");
  CHECK(refusal([] { arguments::distribution((Vector(2) << 0.5, 0.6).finished(), "/p"); }).first ==
        "not_a_distribution");
  CHECK(refusal([] { arguments::input_count(kQ, "/q", 3, "x"); }) ==
        std::pair<std::string, std::string>{"wrong_input_count", "/q/0"});
  CHECK(refusal([] { arguments::in_range(kNan, "/epsilon", 0, 1); }).first == "not_finite");
  CHECK(refusal([] { arguments::mechanism(kQ, "/q"); }).first.empty());
  CHECK(refusal([] { arguments::under("/mmse_bound", [] { return arguments::in_range(2, "/t", 0, 1), 0; }); }).second ==
        "/mmse_bound/t");
}

TEST_CASE("common/arguments: both doors refuse a mechanism with the same code and cell") {
  // The JSON reader of "evaluate" and the typed rldp::measure run arguments::stochastic_columns.
  const auto outcome = api::solve(R"({"family":"rldp","joint":[[0.07,0.1],[0.26,0.57]],
      "evaluate":[[0.7,0.2,0.1,-0.3],[0.3,0.8,0.9,1.3]]})");
  CHECK(outcome.exit_code == api::kBadRequest);
  CHECK(outcome.json.find("\"negative_probability\"") != std::string::npos);
  CHECK(outcome.json.find("\"/evaluate/0/3\"") != std::string::npos);
  const Matrix q = Matrix{{0.7, 0.2, 0.1, -0.3}, {0.3, 0.8, 0.9, 1.3}};
  CHECK(refusal([&] { rldp::measure(q, make_joint(kP)); }) ==
        std::pair<std::string, std::string>{"negative_probability", "/q/0/3"});
}

TEST_CASE("common/arguments: typed metrics refuse NaN, negative and mismatched sizes") {
  CHECK(refusal([] { metrics::ldp_epsilon(Matrix::Constant(2, 2, kNan)); }).second == "/q/0/0");
  CHECK(refusal([] { metrics::entropy((Vector(2) << 1.5, -0.5).finished()); }).second == "/p/1");
  CHECK(refusal([] {
          metrics::mutual_information(Vector::Constant(3, 1.0 / 3), Matrix::Constant(4, 4, 0.25));
        }).second == "/px");
  CHECK(refusal([] { metrics::mutual_information(Vector::Constant(5, 0.2), Matrix::Constant(4, 4, 0.25)); }).second ==
        "/px");
  CHECK(refusal([] { metrics::realized_epsilon(Matrix::Constant(2, 3, 0.5), make_joint(kP)); }).second == "/q/0");
  CHECK(refusal([] { metrics::simplex_rldp_epsilon(kQ, 3, 2); }).second == "/q/0");
  CHECK(refusal([] { metrics::ldp_epsilon(with(kQ, 1, 1, kInf)); }).second == "/q/1/1");
}

TEST_CASE("common/arguments: typed family functions refuse hostile matrices naming the argument") {
  const Joint p = make_joint(kP);
  for (const Matrix& bad : std::vector<Matrix>{Matrix::Constant(2, 4, kNan), Matrix::Ones(2, 4), Matrix(-kQ),
                                               Matrix::Constant(2, 3, 0.5)}) {
    CHECK(refusal([&] { rldp::measure(bad, p); }).second.rfind("/q", 0) == 0);
    CHECK(refusal([&] { rldp_mse::measure(bad, p, rldp_mse::chi2_ball(p, 0.05)); }).second.rfind("/q", 0) == 0);
  }
  const Joint f = make_joint(Matrix{{0.30, 0.15, 0.05}, {0.10, 0.15, 0.25}});
  const Matrix fq{{0.6, 0.3, 0.1}, {0.4, 0.7, 0.9}};
  CHECK(refusal([&] { funnel::measure(with(fq, 0, 0, kNan), f); }).second == "/q/0/0");
  CHECK(refusal([&] { funnel::measure(kP, f); }).second.rfind("/q", 0) == 0);  // swapped-size protocol
  CHECK(refusal([&] { estimation::measure(with(fq, 1, 2, -0.1), f); }).second == "/q/1/2");
  CHECK(refusal([&] { estimation::analyze(with(f.p, 0, 0, kNan)); }).second == "/joint/0/0");
  CHECK(refusal([] { make_joint(with(kP, 0, 1, kNan)); }) ==
        std::pair<std::string, std::string>{"not_finite", "/joint/0/1"});
  CHECK(refusal([] { rldp::design(make_joint(kP), rldp::Mechanism::kGrr, kNan); }).second == "/epsilon");
  rldp::UncertaintySet by_hand = rldp::renyi_ball(2, 0.1);
  by_hand.radius = kNan;
  CHECK(refusal([&] { rldp::measure(kQ, p, by_hand); }).second == "/uncertainty/radius");
}

TEST_CASE("common/arguments: estimation's theorem inputs are checked by the typed functions") {
  const Vector rho = (Vector(2) << 0.6, 0.5).finished(), nu = (Vector(2) << 0.5, 0.5).finished();
  CHECK(refusal([&] { estimation::theorem4_bound(rho, (Vector(1) << 0.5).finished()); }).second == "/nu");
  CHECK(refusal([&] { estimation::theorem4_bound((Vector(2) << 0.6, kNan).finished(), nu); }).second == "/rho/1");
  CHECK(refusal([&] { estimation::theorem4_bound((Vector(2) << 0.9, 0.9).finished(), nu); }).second == "/rho");
  CHECK(refusal([&] { estimation::theorem5_bound(rho, nu, 3); }).second == "/t");
  CHECK(refusal([&] { estimation::example4_error_bound(rho, (Vector(2) << 0.2, 0.7).finished()); }).second ==
        "/alpha/1");
  CHECK(refusal([&] { estimation::theorem4_bound(rho, nu); }).first.empty());
  // The JSON door names the same argument inside its object.
  const auto outcome = api::solve(
      R"({"family":"estimation","joint":[[0.3,0.2],[0.1,0.4]],"mmse_bound":{"rho":[0.6,0.5],"nu":[0.5,1.5]}})");
  CHECK(outcome.json.find("\"/mmse_bound/nu/1\"") != std::string::npos);
  const Matrix p_ay{{0.3, 0.2}, {0.1, 0.4}};
  CHECK(refusal([&] {
          estimation::normalized_mmse(p_ay, (Vector(3) << 1, 0, 0).finished(), (Vector(2) << 0.5, 0.5).finished());
        }).second == "/h");
  CHECK(refusal([&] {
          estimation::normalized_mmse_or_one(p_ay, {(Vector(2) << 1, 0).finished()},
                                             (Vector(2) << 0.5, kNan).finished());
        }).second == "/pa/1");
  const std::vector<double> one =
      estimation::normalized_mmse_or_one(p_ay, {(Vector(2) << 2, 2).finished()}, (Vector(2) << 0.5, 0.5).finished());
  CHECK(one == std::vector<double>{1.0});  // constant under pa: nothing to learn
}

TEST_CASE("common/arguments: game attacks check sizes and the design its required levels") {
  const Matrix p = Matrix::Constant(3, 5, 1.0 / 3);
  CHECK(refusal([&] { game::optimal_attack(p, Vector::Constant(4, 0.25), Matrix::Ones(4, 4)); }).second == "/prior");
  CHECK(refusal([&] { game::optimal_attack(p, Vector::Constant(5, 0.2), Matrix::Ones(4, 4)); }).second == "/distance");
  CHECK(refusal([&] { game::bayes_attack(with(p, 0, 0, kNan), Vector::Constant(5, 0.2)); }).second == "/p/0/0");
  const game::GameInputs in = game::make_inputs((Vector(2) << 0.5, 0.5).finished(), Matrix{{0, 1}, {1, 0}});
  game::DesignOptions opt = game::design_options(game::MechanismKind::kDp, kNan, 0);
  CHECK(refusal([&] { game::design_audited(in, opt); }).second == "/epsilon");
  CHECK(refusal([] {
          game::make_inputs((Vector(2) << 0.5, 0.5).finished(), Matrix{{0, kInf}, {1, 0}});
        }).second == "/distance/0/1");
}

TEST_CASE("common/arguments: game design requires the levels its kind needs (no silent 0)") {
  // Issue 24: game.design(prior, D, "dp") without epsilon used 0; the C++ options default to
  // "not given" and design() / design_audited() refuse them as the JSON request does.
  const game::GameInputs in = game::make_inputs((Vector(2) << 0.5, 0.5).finished(), Matrix{{0, 1}, {1, 0}});
  game::DesignOptions dp;
  dp.kind = game::MechanismKind::kDp;
  CHECK(refusal([&] { game::design_audited(in, dp); }) ==
        std::pair<std::string, std::string>{"missing_field", "/epsilon"});
  CHECK(refusal([&] { game::design(in, dp); }) == std::pair<std::string, std::string>{"missing_field", "/epsilon"});
  game::DesignOptions joint;  // kind kJoint by default
  joint.epsilon = 0.5;
  CHECK(refusal([&] { game::design_audited(in, joint); }) ==
        std::pair<std::string, std::string>{"missing_field", "/min_distortion"});
  game::DesignOptions distortion;
  distortion.kind = game::MechanismKind::kDistortion;
  CHECK(refusal([&] { game::design(in, distortion); }).second == "/min_distortion");
  distortion.min_distortion = 0.2;  // epsilon is not needed by (21)
  CHECK(refusal([&] { game::design(in, distortion); }).first.empty());
  dp.epsilon = 0.5;
  dp.dp_threshold = kNan;
  CHECK(refusal([&] { game::design(in, dp); }).second == "/dp_threshold");
}

TEST_CASE("common/arguments: game functions refuse inputs built by hand with mismatched sizes") {
  // Each of these read out of bounds before (Release build, no Eigen assertion).
  game::GameInputs in = game::make_inputs((Vector(2) << 0.5, 0.5).finished(), Matrix{{0, 1}, {1, 0}});
  const game::DesignOptions opt = game::design_options(game::MechanismKind::kJoint, 0.5, 0.2);
  const Matrix p{{0.8, 0.2}, {0.2, 0.8}};
  game::GameInputs bad = in;
  bad.loss = Matrix::Ones(3, 3);
  CHECK(refusal([&] { game::design(bad, opt); }).second == "/utility_loss");
  CHECK(refusal([&] { game::evaluate(p, bad); }).second == "/utility_loss");
  bad = in;
  bad.dp_distance = Matrix::Ones(3, 3);
  CHECK(refusal([&] { game::design_audited(bad, opt); }).second == "/dp_distance");
  bad = in;
  bad.prior = (Vector(3) << 0.2, 0.3, 0.5).finished();
  CHECK(refusal([&] { game::evaluate(p, bad); }).first == "wrong_shape");
  bad = in;
  bad.distance(0, 1) = kNan;
  CHECK(refusal([&] { game::design(bad, opt); }).second == "/distance/0/1");
  CHECK(refusal([&] { game::evaluate(Matrix::Constant(3, 2, 1.0 / 3), in); }).second == "/p");
  CHECK(refusal([&] { game::evaluate_mismatch(p, in, (Vector(3) << 0.2, 0.3, 0.5).finished()); }).second == "/prior");
  CHECK(refusal([&] { game::metric_dp_epsilon(Matrix::Constant(2, 3, 0.5), Matrix::Ones(2, 2)); }).second ==
        "/dp_distance");
  CHECK(refusal([&] { game::threshold_dp_epsilon(p, Matrix::Ones(3, 3), 1); }).second == "/dp_distance");
  CHECK(refusal([&] { game::utility_cost(p, (Vector(2) << 0.5, 0.5).finished(), Matrix::Ones(3, 2)); }).second ==
        "/utility_loss");
  CHECK(refusal([&] { game::worst_utility_cost(p, Matrix::Ones(2, 3)); }).second == "/utility_loss");
  CHECK(refusal([&] {
          game::feasibility_threshold((Vector(3) << 0.2, 0.3, 0.5).finished(), Matrix::Ones(2, 2));
        }).second == "/prior");
  CHECK(refusal([&] { game::prior_only_guess((Vector(1) << 1.0).finished(), Matrix::Ones(2, 2)); }).second == "/prior");
  CHECK(refusal([&] { game::guess_errors(p, (Vector(2) << 0.5, 0.5).finished(), Matrix::Ones(2, 3)); }).second ==
        "/distance");
  CHECK(refusal([&] {
          game::attack_error(p, (Vector(2) << 0.5, 0.5).finished(), Matrix::Ones(2, 2), Matrix::Ones(3, 2));
        }).second == "/q");
  CHECK(refusal([] { game::attack_matrix({0, 2}, 2); }).second == "/guess/1");
  CHECK(refusal([] { game::grid_distances(game::Grid{}); }).second == "/grid");
  CHECK(refusal([&] { game::evaluate(p, in); }).first.empty());
}

TEST_CASE("json/known_fields: an unknown field is refused naming the nearest known one") {
  const auto outcome = api::solve(R"({"family":"rldp","mechanism":"grr","joint":[[0.07,0.1],[0.26,0.57]],"epsilon":1,
      "true_jiont":[[0.1,0.1],[0.2,0.6]],"title":"described fields are known"})");
  CHECK(outcome.exit_code == api::kBadRequest);
  CHECK(outcome.json.find("\"unknown_field\"") != std::string::npos);
  CHECK(outcome.json.find("\"/true_jiont\"") != std::string::npos);
  CHECK(outcome.json.find("did you mean 'true_joint'") != std::string::npos);
  const auto nested = api::solve(R"({"family":"rldp","mechanism":"grr","joint":[[0.07,0.1],[0.26,0.57]],"epsilon":1,
      "n":100,"uncertainty":{"alpha":2,"confidance":0.95}})");
  CHECK(nested.json.find("\"/uncertainty/confidance\"") != std::string::npos);
  CHECK(json_read::nearest("confidance", {"alpha", "radius", "confidence"}) == "confidence");
}
