// Tests of core/game/handler.cpp through the public API: response fields, audits, errors and
// their JSON pointers, estimate_only, size guards.
#include <doctest/doctest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "privlab/api.h"

using namespace privlab;
using nlohmann::json;

namespace {
json solve_ok(const json& request) {
  const auto outcome = api::solve(request.dump());
  INFO(outcome.json);
  REQUIRE(outcome.exit_code == 0);
  return json::parse(outcome.json);
}

json error_of(const json& request, int expected_exit) {
  const auto outcome = api::solve(request.dump());
  INFO(outcome.json);
  CHECK(outcome.exit_code == expected_exit);
  return json::parse(outcome.json).at("error");
}

/// Three places on a line at 0, 1, 3 km.
json line_request(const std::string& mechanism) {
  return {{"family", "game"},
          {"mechanism", mechanism},
          {"prior", {0.2, 0.5, 0.3}},
          {"utility_loss", "hamming"},
          {"distance", {{0, 1, 3}, {1, 0, 2}, {3, 2, 0}}},
          {"epsilon", 0.5},
          {"min_distortion", 0.4}};
}
}  // namespace

TEST_CASE("game/handler: contract fields for the three mechanisms") {
  for (const std::string mech : {"distortion", "dp", "joint"}) {
    const json r = solve_ok(line_request(mech));
    CHECK(r["mechanism"].size() == 3);
    CHECK(r["mechanism"][0].size() == 3);
    for (const char* key : {"cost", "attack", "adversary_error", "bayes_error", "epsilon", "feasibility_threshold",
                            "lp", "shadow_price", "posterior", "audit"})
      CHECK_MESSAGE(r.contains(key), key);
    CHECK(r["mechanism_name"] == mech);
    CHECK(r["feasibility_threshold"].get<double>() == doctest::Approx(0.8));
    CHECK(r["audit"]["verified"] == true);
    CHECK(r["attack"].size() == 3);
    if (mech != "dp") CHECK(r["adversary_error"].get<double>() >= 0.4 - 1e-9);
    if (mech != "distortion") {
      CHECK(r["epsilon"].get<double>() <= 0.5 + 1e-7);
      CHECK(r["audit"]["guarantee"] == "metric-dp");
    }
    CHECK(r["bayes_error"].get<double>() >= r["adversary_error"].get<double>() - 1e-12);
  }
  const json joint = solve_ok(line_request("joint"));
  CHECK(joint["audit_distortion"]["verified"] == true);
  CHECK(joint["shadow_price"].is_number());
  CHECK(solve_ok(line_request("dp"))["shadow_price"].is_null());
}

TEST_CASE("game/handler: d_m above the threshold is a bad request naming /min_distortion") {
  json req = line_request("distortion");
  req["min_distortion"] = 0.81;
  const json e = error_of(req, 2);
  CHECK(e["code"] == "infeasible");
  CHECK(e["path"] == "/min_distortion");
  req["mechanism"] = "joint";
  CHECK(error_of(req, 2)["code"] == "infeasible");
}

TEST_CASE("game/handler: validation errors name the field") {
  json req = line_request("joint");
  req["prior"] = {0.2, 0.5};
  CHECK(error_of(req, 2)["path"] == "/prior");
  req = line_request("joint");
  req["distance"][1][2] = -1;
  CHECK(error_of(req, 2)["path"] == "/distance/1/2");
  req = line_request("joint");
  req.erase("epsilon");
  CHECK(error_of(req, 2)["path"] == "/epsilon");
  req = line_request("distortion");
  req.erase("min_distortion");
  CHECK(error_of(req, 2)["path"] == "/min_distortion");
  req = line_request("joint");
  req["utility_loss"] = "manhattan";
  CHECK(error_of(req, 2)["path"] == "/utility_loss");
  req = line_request("joint");
  req["utility_loss"] = {{0, 1}, {1, 0}};
  CHECK(error_of(req, 2)["code"] == "wrong_shape");
  req = line_request("joint");
  req["dp_distance"] = {{0, 1}, {1, 0}};
  CHECK(error_of(req, 2)["path"] == "/dp_distance");
  req = line_request("joint");
  req["grid"] = {{"rows", 2}, {"cols", 2}};
  CHECK(error_of(req, 2)["code"] == "conflicting_fields");
}

TEST_CASE("game/handler: grid scenario with a generated prior and the Euclidean loss") {
  const json r = solve_ok({{"family", "game"},
                           {"mechanism", "joint"},
                           {"grid", {{"rows", 3}, {"cols", 3}, {"cell_km", 2}}},
                           {"prior", {{"hot_cells", 2}, {"seed", 7}}},
                           {"utility_loss", "euclidean"},
                           {"epsilon", 0.4},
                           {"min_distortion", 0.5}});
  CHECK(r["mechanism"].size() == 9);
  CHECK(r["grid"]["cell_km"] == 2);
  double sum = 0;
  for (const auto& x : r["prior"]) sum += x.get<double>();
  CHECK(sum == doctest::Approx(1));
  CHECK(r["adversary_error"].get<double>() >= 0.5 - 1e-9);
}

TEST_CASE("game/handler: estimate_only reports the LP size without solving; guards name the field") {
  json req = {{"family", "game"},
              {"mechanism", "joint"},
              {"estimate_only", true},
              {"grid", {{"rows", 18}, {"cols", 18}, {"cell_km", 1}}},
              {"prior", {{"hot_cells", 3}, {"seed", 1}}},
              {"epsilon", 0.5},
              {"min_distortion", 1}};
  const json est = solve_ok(req);
  CHECK(est["fits"] == false);  // 324 cells: beyond the decomposition's 300 in the browser limits
  CHECK(est["too_large_field"] == "/grid");
  CHECK(est["lp"]["variables"] == 324 * 324 + 324);
  req["grid"] = {{"rows", 15}, {"cols", 20}, {"cell_km", {0.75, 0.5333}}};  // the paper's map fits the page
  CHECK(solve_ok(req)["fits"] == true);
  req["grid"] = {{"rows", 50}, {"cols", 50}, {"cell_km", 0.3}};  // 2,500 cells: the command line's
  CHECK(error_of(req, 2)["path"] == "/grid/rows");               // the page's grids have at most 30 rows
  req["allow_large"] = true;
  CHECK(solve_ok(req)["fits"] == true);
  req["grid"] = {{"rows", 51}, {"cols", 50}, {"cell_km", 0.3}};
  CHECK(error_of(req, 2)["path"] == "/grid/rows");
  req.erase("allow_large");
  CHECK(est["lp"]["method"] == "decomposition");
  req["grid"] = {{"rows", 10}, {"cols", 10}, {"cell_km", 1}};
  CHECK(solve_ok(req)["fits"] == true);
  req["method"] = "full";  // the full LP of 10x10 has a million rows
  CHECK(solve_ok(req)["fits"] == false);
  CHECK(solve_ok(req)["lp"]["method"] == "full");
  req.erase("method");
  req["grid"] = {{"rows", 18}, {"cols", 18}, {"cell_km", 1}};
  req.erase("estimate_only");
  const json e = error_of(req, 2);
  CHECK(e["code"] == "too_large");
  CHECK(e["path"] == "/grid");
  req["grid"] = {{"rows", 30}, {"cols", 30}, {"cell_km", 1}};  // 900 cells: refused before any work
  CHECK(error_of(req, 2)["path"] == "/grid");
  req["grid"] = {{"rows", 3}, {"cols", 3}, {"cell_km", 1}};
  req["estimate_only"] = true;
  const json small = solve_ok(req);
  CHECK(small["fits"] == true);
  CHECK(small["lp"]["constraints"].get<long>() > 0);
  CHECK(!small.contains("mechanism"));
}

TEST_CASE("game/handler: Appendix C approximation reports and audits the measured epsilon") {
  json req = {{"family", "game"},
              {"mechanism", "joint"},
              {"grid", {{"rows", 3}, {"cols", 3}, {"cell_km", 1}}},
              {"prior", {{"hot_cells", 3}, {"seed", 3}}},
              {"epsilon", 1.0},
              {"min_distortion", 0.5},
              {"approximation", {{"threshold", 1.0}}}};
  const json r = solve_ok(req);
  const auto& a = r["approximation"];
  CHECK(a["epsilon_within_threshold"].get<double>() <= 1.0 + 1e-7);
  // The audit claims what was measured over all pairs, not the target.
  CHECK(r["audit"]["designed_epsilon"] == r["epsilon"]);
  CHECK(r["audit_within_threshold"]["designed_epsilon"] == 1.0);
  CHECK(a["distortion_guaranteed"] == true);
  req["approximation"]["distortion_rows"] = true;
  const json dropped = solve_ok(req);
  CHECK(dropped["audit_distortion"]["verified"] == true);  // claims the measured shortfall
}

TEST_CASE("game/handler: adversary prior, LP check of the attack and prior-free attacks") {
  json req = line_request("distortion");
  req["adversary_prior"] = {0.1, 0.8, 0.1};
  req["check_attack_lp"] = true;
  req["attacks_without_prior"] = true;
  const json r = solve_ok(req);
  CHECK(r["attack_lp"]["error"].get<double>() == doctest::Approx(r["adversary_error"].get<double>()));
  CHECK(r["adversary_prior"]["entropy"].get<double>() < r["adversary_prior"]["design_entropy"].get<double>());
  CHECK(r["adversary_prior"]["attack"].size() == 3);
  for (const char* k : {"sum", "minmax_secret", "minmax_secret_guess"})
    CHECK(r["attacks_without_prior"][k].contains("objective"));
}

TEST_CASE("game/handler: lp_form primal and dual give the same cost") {
  json req = line_request("joint");
  req["lp_form"] = "primal";
  const double primal = solve_ok(req)["cost"].get<double>();
  req["lp_form"] = "dual";
  CHECK(solve_ok(req)["cost"].get<double>() == doctest::Approx(primal).epsilon(1e-9));
  req["lp_form"] = "simplex";
  CHECK(error_of(req, 2)["path"] == "/lp_form");
}

TEST_CASE("game/handler: thresholded DP (23) reports the plain epsilon on near pairs") {
  json req = line_request("dp");
  req["dp_threshold"] = 1.5;
  const json r = solve_ok(req);
  CHECK(r["threshold_epsilon"].get<double>() <= 0.5 + 1e-7);
  CHECK(r["audit"]["guarantee"] == "threshold-dp");
  req["mechanism"] = "distortion";
  CHECK(error_of(req, 2)["path"] == "/dp_threshold");
}

TEST_CASE("game/handler: issue13 repro 9: approximation threshold 0 audits epsilon Infinity, never null") {
  json req = {{"family", "game"},
              {"mechanism", "joint"},
              {"grid", {{"rows", 3}, {"cols", 3}, {"cell_km", 1}}},
              {"prior", {{"hot_cells", 3}, {"seed", 3}}},
              {"epsilon", 1.0},
              {"min_distortion", 0.5},
              {"approximation", {{"threshold", 0}}}};
  const json r = solve_ok(req);
  INFO(r["audit"].dump());
  for (const char* key : {"audit", "audit_within_threshold"}) {
    CHECK(!r[key]["measured_epsilon"].is_null());
    CHECK(!r[key]["designed_epsilon"].is_null());
  }
  // every DP row dropped: nothing bounds the ratios over all pairs
  CHECK(r["audit"]["measured_epsilon"] == "Infinity");
  CHECK(r["audit"]["designed_epsilon"] == "Infinity");
}

TEST_CASE("game/handler: the joint LPs that ended in lp_failed are solved, audited and certified") {
  json req = {{"family", "game"},
              {"mechanism", "joint"},
              {"grid", {{"rows", 4}, {"cols", 4}, {"cell_km", 1}}},
              {"prior", {{"hot_cells", 3}, {"seed", 1}}},
              {"epsilon", 4},
              {"min_distortion", 0.669}};
  for (int variant = 0; variant < 3; ++variant) {
    if (variant == 1) req["min_distortion"] = 0.65, req["lp_form"] = "primal";
    if (variant == 2)
      req["grid"] = {{"rows", 4}, {"cols", 6}, {"cell_km", 1}}, req["epsilon"] = 2, req["min_distortion"] = 0.5;
    const json r = solve_ok(req);
    CHECK(r["audit"]["verified"] == true);
    CHECK(r["audit_distortion"]["verified"] == true);
    CHECK(r["lp"]["lower_bound"].get<double>() <= r["cost"].get<double>());
    CHECK(r["lp"]["gap"].get<double>() <= 1e-6);
    CHECK(r["lp"]["exact"] == true);
  }
}

TEST_CASE("game/handler: rectangular cells: distances, echo and errors") {
  json req = {{"family", "game"},
              {"mechanism", "distortion"},
              {"prior", {1, 1}},
              {"min_distortion", 0.1},
              {"grid", {{"rows", 2}, {"cols", 1}, {"cell_km", {3, 0.5}}}}};
  json r = solve_ok(req);  // two cells one row apart: 0.5 km; threshold = 0.5 * 0.5
  CHECK(r["feasibility_threshold"].get<double>() == doctest::Approx(0.25));
  CHECK(r["grid"]["cell_km"] == json::array({3, 0.5}));
  req["grid"] = {{"rows", 1}, {"cols", 2}, {"cell_km", {3, 0.5}}};  // one column apart: 3 km
  r = solve_ok(req);
  CHECK(r["feasibility_threshold"].get<double>() == doctest::Approx(1.5));
  req["grid"]["cell_km"] = 2;  // a number keeps square cells and is echoed as a number
  r = solve_ok(req);
  CHECK(r["feasibility_threshold"].get<double>() == doctest::Approx(1.0));
  CHECK(r["grid"]["cell_km"] == 2);
  req["grid"]["cell_km"] = {1};
  CHECK(error_of(req, 2)["path"] == "/grid/cell_km");
  req["grid"]["cell_km"] = {1, -1};
  CHECK(error_of(req, 2)["path"] == "/grid/cell_km/1");
  req["grid"]["cell_km"] = {1, "a"};
  CHECK(error_of(req, 2)["path"] == "/grid/cell_km/1");
}
