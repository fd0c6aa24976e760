// Tests of core/estimation/handler.cpp through api::solve: the contract's fields, the design's
// audited mechanism and reported MMSEs, the optional sub-requests, and error paths.
#include <doctest/doctest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "estimation/pics.h"
#include "privlab/api.h"
#include "privlab/estimation.h"

using namespace privlab;
using nlohmann::json;

namespace {
json solve_ok(const json& request) {
  const auto outcome = api::solve(request.dump());
  REQUIRE_MESSAGE(outcome.exit_code == 0, outcome.json);
  return json::parse(outcome.json);
}

json error_of(const json& request, int expected_exit = 2) {
  const auto outcome = api::solve(request.dump());
  CHECK(outcome.exit_code == expected_exit);
  return json::parse(outcome.json).at("error");
}

const json kJoint = {{0.1, 0.05, 0.05}, {0.05, 0.2, 0.05}, {0.1, 0.1, 0.3}};

json design_request() {
  return {{"family", "estimation"},
          {"joint", kJoint},
          {"private_functions", {{1, 0, 0}}},
          {"useful_functions", {{0, 1, 0}, {{"name", "last"}, {"values", {0, 0, 1}}}}},
          {"theta", 0.7},
          {"objective", "sum"}};
}
}  // namespace

TEST_CASE("estimation/handler: contract fields for a bare joint") {
  const json r = solve_ok({{"family", "estimation"}, {"joint", kJoint}});
  REQUIRE(r["pics"].size() == 2);
  CHECK(r["pics"][0].get<double>() >= r["pics"][1].get<double>());
  Matrix j(3, 3);
  for (int a = 0; a < 3; ++a)
    for (int b = 0; b < 3; ++b) j(a, b) = kJoint[a][b].get<double>();
  CHECK(r["chi2"].get<double>() == doctest::Approx(estimation::chi_square_information(j)));
  CHECK(r["chi2"].get<double>() == doctest::Approx(r["pics"][0].get<double>() + r["pics"][1].get<double>()));
  for (const char* key : {"upper_bound", "lower_bound", "simple_bound"}) {
    REQUIRE(r[key].is_array());
    for (const auto& point : r[key]) CHECK(point.size() == 2);
    CHECK(r[key].back()[1].get<double>() == doctest::Approx(2.0));  // F(chi2(S;X)) = |X| - 1
  }
  CHECK(r["upper_bound"].size() == 3);
  CHECK(r.contains("maximal_correlation"));
  CHECK(r["principal_functions"]["x"].size() == 2);
  CHECK(r["theorem3"]["audit"]["verified"] == true);
  CHECK(r["theorem3"]["audit"]["guarantee"] == "chi2");
  CHECK(r["lower_bound_eq14"]["f0"] == 0.0);
  CHECK_FALSE(r.contains("design"));
}

TEST_CASE("estimation/handler: Formulation 1 design, audits, every MMSE equal to its formula") {
  json req = design_request();
  req["theta_sweep"] = 5;
  const json r = solve_ok(req);
  const json& d = r["design"];
  const auto& q = d["mechanism"];
  REQUIRE(q.size() == 3);
  for (int x = 0; x < 3; ++x) {
    double col = 0;
    for (int y = 0; y < 3; ++y) col += q[y][x].get<double>();
    CHECK(col == doctest::Approx(1.0));
  }
  CHECK(d["converged"] == true);
  CHECK(d["audit"][0]["verified"] == true);
  CHECK(d["audit"][0]["guarantee"] == "mmse-leakage");
  CHECK(d["private"][0]["mmse"].get<double>() >= 0.7 - 1e-9);
  CHECK(d["private"][0]["mmse_projected"].get<double>() ==
        doctest::Approx(d["private"][0]["mmse_projected_formula"].get<double>()));
  for (const auto& u : d["useful"]) CHECK(u["mmse"].get<double>() == doctest::Approx(u["mmse_formula"].get<double>()));
  CHECK(d["useful"][1]["name"] == "last");
  REQUIRE(r["sweep"].size() == 5);
  for (const auto& s : r["sweep"]) CHECK(s["audit"][0]["verified"] == true);
  CHECK(r["achievable_hull"].size() >= 2);
}

TEST_CASE("estimation/handler: optional sub-requests") {
  json req = {{"family", "estimation"},
              {"joint", {{30, 10}, {10, 50}}},
              {"mmse_of", {{"s", {{0, 1}}}, {"x", {{{"name", "bit"}, {"values", {1, 0}}}}}}},
              {"mmse_bound", {{"rho", {0.6, 0.8}}, {"nu", {0.5, 0.5}}}},
              {"one_bit", {{"rho", {0.5}}, {"alpha", {0.3}}}},
              {"true_joint", {{0.3, 0.1}, {0.15, 0.45}}}};
  const json r = solve_ok(req);
  CHECK(r["n"] == 100);  // counts: n defaults to their sum
  CHECK(r["robustness"]["l1_radius"].get<double>() > 0);
  const auto& m = r["mmse_of"]["s_given_x"][0];
  CHECK(m["mmse"].get<double>() == doctest::Approx(m["mmse_direct"].get<double>()));
  CHECK(r["mmse_of"]["x_given_s"][0]["name"] == "bit");
  // rho_0 = 0, nu = 0.5: B = L_2 = 0.5 (y = (0.5 0.5)... clipped), mmse >= 1 - B^2.
  CHECK(r["mmse_bound"]["theorem"] == "4");
  CHECK(r["mmse_bound"]["mmse_bound"].get<double>() ==
        doctest::Approx(1 - std::pow(r["mmse_bound"]["correlation_bound"].get<double>(), 2)));
  CHECK(r["one_bit"]["error_lower_bound"].get<double>() >= 0);
  CHECK(r["true"]["theorem3"]["chi2_s"].get<double>() >= 0);
  CHECK(r["true"]["lemma5"]["l1"].get<double>() == doctest::Approx(0.1));
}

TEST_CASE("estimation/handler: mmse_of normalises as the typed API; a constant function gives 1") {
  // One convention (estimation/pics.h normalized_or_one): a function constant under the marginal
  // has nothing to learn, so its normalised MMSE is 1, as in the "true" block.
  const json r = solve_ok(
      {{"family", "estimation"}, {"joint", {{0.3, 0.1}, {0.15, 0.45}}}, {"mmse_of", {{"s", {{2, 2}, {1, 0}}}}}});
  const auto& list = r["mmse_of"]["s_given_x"];
  CHECK(list[0]["variance"].get<double>() == 0);
  CHECK(list[0]["normalized_mmse"].get<double>() == 1);
  const Matrix p_sx = (Matrix(2, 2) << 0.3, 0.1, 0.15, 0.45).finished();
  const Vector ps = p_sx.rowwise().sum();
  // P(S, Y = X) is the joint itself: the identity mechanism.
  CHECK(list[1]["normalized_mmse"].get<double>() ==
        doctest::Approx(estimation::normalized_mmse(p_sx, (Vector(2) << 1, 0).finished(), ps)).epsilon(1e-9));
}

TEST_CASE("estimation/handler: errors name the offending field") {
  json req = {{"family", "estimation"}};
  CHECK(error_of(req)["path"] == "/joint");
  req = design_request();
  req["theta"] = 1.5;
  CHECK(error_of(req)["path"] == "/theta");
  req = design_request();
  req["theta"] = json::array({0.2, 0.3});
  CHECK(error_of(req)["code"] == "shape_mismatch");
  req = design_request();
  req["private_functions"] = {{1, 0}};
  auto e = error_of(req);
  CHECK(e["code"] == "shape_mismatch");
  CHECK(e["path"] == "/private_functions/0");
  req = design_request();
  req["useful_functions"][1]["values"] = {2, 2, 2};
  e = error_of(req);
  CHECK(e["code"] == "constant_function");
  CHECK(e["path"] == "/useful_functions/1");
  req = design_request();
  req["order"] = {1, 1};
  CHECK(error_of(req)["path"] == "/order/1");
  req = design_request();
  req["weights"] = {1, -1};
  CHECK(error_of(req)["path"] == "/weights/1");
  req = design_request();
  req["theta_sweep"] = 1;
  CHECK(error_of(req)["path"] == "/theta_sweep");
  req = design_request();
  req["joint"] = json::array({json::array(), json::array()});
  for (int x = 0; x < 50; ++x) {
    req["joint"][0].push_back(1);
    req["joint"][1].push_back(x % 3);
  }
  req["private_functions"] = {{1, 0}};
  req["useful_functions"] = json::array({json::array()});
  for (int x = 0; x < 50; ++x) req["useful_functions"][0].push_back(x);
  e = error_of(req);
  CHECK(e["code"] == "too_large");
  CHECK(e["path"] == "/joint");
  req = {{"family", "estimation"}, {"joint", kJoint}, {"mmse_bound", {{"rho", {0.9, 0.9}}, {"nu", {1, 1}}}}};
  CHECK(error_of(req)["path"] == "/mmse_bound/rho");
  req = {{"family", "estimation"}, {"experiment", "figure-9"}};
  CHECK(error_of(req)["path"] == "/experiment");
  req = {{"family", "estimation"}, {"experiment", "adult"}};
  CHECK(error_of(req)["path"] == "/data_csv");
  req = {{"family", "estimation"}, {"experiment", "robustness"}, {"n_values", {5}}};
  CHECK(error_of(req)["path"] == "/n_values/0");
}
