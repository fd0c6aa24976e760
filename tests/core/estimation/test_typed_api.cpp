// Tests of core/estimation/typed_api.cpp (privlab/estimation.h): the typed calls give the JSON
// family's numbers exactly for the same joint, design and evaluated mapping.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "fixtures/typed_vs_json.h"
#include "json/json_write.h"
#include "privlab/estimation.h"

using namespace privlab;
using fixtures::check_same_matrix;
using fixtures::solve_ok;
using nlohmann::json;

namespace {
const Matrix kJoint{{0.1, 0.05, 0.05}, {0.05, 0.2, 0.05}, {0.1, 0.1, 0.3}};

void check_curve(const estimation::Breakpoints& curve, const json& j) {
  REQUIRE(curve.size() == j.size());
  for (std::size_t k = 0; k < curve.size(); ++k) {
    CHECK(curve[k].first == j[k][0].get<double>());
    CHECK(curve[k].second == j[k][1].get<double>());
  }
}
}  // namespace

TEST_CASE("estimation/typed_api: analyze, theorem3 and design equal the JSON response") {
  const json r = solve_ok({{"family", "estimation"},
                           {"joint", json_write::matrix(kJoint)},
                           {"private_functions", {{1, 0, 0}}},
                           {"useful_functions", {{0, 1, 0}, {0, 0, 1}}},
                           {"theta", 0.7},
                           {"objective", "sum"}});
  const Joint joint = make_joint(kJoint);
  const estimation::Analysis a = estimation::analyze(joint.p);
  REQUIRE(a.pics.pics.size() == static_cast<long>(r["pics"].size()));
  for (long k = 0; k < a.pics.pics.size(); ++k) CHECK(a.pics.pics(k) == r["pics"][k].get<double>());
  CHECK(a.pics.chi2() == r["chi2"].get<double>());
  check_curve(a.upper_bound, r["upper_bound"]);
  check_curve(a.lower_bound, r["lower_bound"]);
  check_curve(a.simple_bound, r["simple_bound"]);
  CHECK(a.maximal_correlation == r["maximal_correlation"].get<double>());
  CHECK(a.delta == r["delta"].get<double>());

  const auto t3 = estimation::theorem3(joint.p, a.pics);
  REQUIRE(t3.has_value());
  check_same_matrix(t3->mapping.mechanism, r["theorem3"]["mechanism"]);
  CHECK(t3->audit.verified);
  CHECK(t3->audit.claim.measured == r["theorem3"]["audit"]["measured_epsilon"].get<double>());
  CHECK_FALSE(estimation::perfect_privacy(joint.p, a.pics).has_value());  // delta > 0

  estimation::Formulation1Input in;
  in.joint_sx = joint.p;
  in.private_functions = {(Vector(3) << 1, 0, 0).finished()};
  in.useful_functions = {(Vector(3) << 0, 1, 0).finished(), (Vector(3) << 0, 0, 1).finished()};
  in.theta = {0.7};
  in.objective = estimation::Objective::kSum;
  const estimation::AuditedDesign d = estimation::design(in);
  const json& rd = r["design"];
  check_same_matrix(d.result.mechanism, rd["mechanism"]);
  CHECK(d.result.chi2_sy == rd["chi2_sy"].get<double>());
  CHECK(d.result.chi2_xy == rd["chi2_xy"].get<double>());
  CHECK(d.result.objective == rd["objective_value"].get<double>());
  REQUIRE(d.audits.size() == 1);
  CHECK(d.audits[0].verified);
  CHECK(d.audits[0].claim.guarantee == "mmse-leakage");
  CHECK(d.audits[0].claim.measured == rd["audit"][0]["measured_epsilon"].get<double>());
}

TEST_CASE("estimation/typed_api: measure and normalized_mmse equal an evaluate request") {
  const Matrix q{{0.8, 0.3, 0.1}, {0.2, 0.7, 0.9}};
  const json r = solve_ok({{"family", "estimation"},
                           {"joint", json_write::matrix(kJoint)},
                           {"evaluate", json_write::matrix(q)},
                           {"private_functions", {{1, 0, 0}}},
                           {"useful_functions", {{0, 1, 0}}},
                           {"theta", 0.5}});
  const estimation::ChannelMetrics m = estimation::measure(q, make_joint(kJoint));
  CHECK(m.chi2_sy == r["chi2_sy"].get<double>());
  CHECK(m.chi2_xy == r["chi2_xy"].get<double>());
  for (long k = 0; k < m.pics_sy.size(); ++k) CHECK(m.pics_sy(k) == r["pics_sy"][k].get<double>());
  CHECK(m.maximal_correlation_xy == r["maximal_correlation_xy"].get<double>());
  const Vector ps = kJoint.rowwise().sum();
  const Matrix p_sy = kJoint * q.transpose();
  CHECK(estimation::normalized_mmse(p_sy, (Vector(3) << 1, 0, 0).finished(), ps) ==
        r["private"][0]["mmse"].get<double>());
}

TEST_CASE("estimation/typed_api: a bad design input is an Error naming the field") {
  estimation::Formulation1Input in;
  in.joint_sx = kJoint;
  in.private_functions = {(Vector(3) << 1, 0, 0).finished()};
  in.useful_functions = {(Vector(3) << 0, 1, 0).finished()};
  in.theta = {1.5};
  try {
    estimation::design(in);
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.code() == "out_of_range");
    CHECK(e.path() == "/theta/0");
  }
  in.theta = {0.5};
  in.useful_functions = {(Vector(2) << 0, 1).finished()};
  CHECK_THROWS_AS(estimation::design(in), Error);
}
