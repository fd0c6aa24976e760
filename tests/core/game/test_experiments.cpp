// Tests of core/game/experiments.cpp (small grids): format of the brief, the properties each
// experiment is about, parameter errors and the work guard.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <vector>
#include <nlohmann/json.hpp>

#include "privlab/api.h"

using namespace privlab;
using nlohmann::json;

namespace {
json run(json request) {
  request["family"] = "game";
  const auto outcome = api::solve(request.dump());
  INFO(outcome.json);
  REQUIRE(outcome.exit_code == 0);
  return json::parse(outcome.json);
}

/// Value of `column` in `row`.
const json& at(const json& r, const json& row, const std::string& column) {
  for (std::size_t i = 0; i < r["columns"].size(); ++i)
    if (r["columns"][i] == column) return row[i];
  FAIL("missing column " << column);
  return row[0];
}

const json kSmall = {{"grid", {{"rows", 3}, {"cols", 3}, {"cell_km", 1}}}, {"users", 2}, {"seed", 3}};
}  // namespace

TEST_CASE("game/experiments: every experiment answers in the brief's format") {
  for (const char* name :
       {"scenario1", "scenario2", "scenario3", "prior_mismatch", "tradeoff", "approximation", "figure8"}) {
    json req = kSmall;
    req["experiment"] = name;
    req["epsilons"] = {0.3, 0.9};
    const json r = run(req);
    CHECK(r["experiment"] == name);
    CHECK(!r["rows"].empty());
    for (const auto& row : r["rows"]) CHECK(row.size() == r["columns"].size());
    for (const auto& p : r["plots"])
      for (const char* k : {"title", "kind", "x", "y", "group", "x_label", "y_label"}) CHECK(p.contains(k));
    CHECK(r["notes"].is_array());
  }
}

TEST_CASE("game/experiments: scenario 1 sets d_m to the DP error; the joint cost is at least both") {
  json req = kSmall;
  req["experiment"] = "scenario1";
  const json r = run(req);
  std::map<std::pair<long, double>, std::map<std::string, double>> cost, error;
  for (const auto& row : r["rows"]) {
    const auto key = std::pair{at(r, row, "user").get<long>(), at(r, row, "epsilon").get<double>()};
    const std::string mech = at(r, row, "mechanism");
    cost[key][mech] = at(r, row, "cost").get<double>();
    error[key][mech] = at(r, row, "adversary_error").get<double>();
    CHECK(at(r, row, "bayes_error").get<double>() >= at(r, row, "adversary_error").get<double>() - 1e-9);
    if (mech != "dp") CHECK(error[key][mech] >= at(r, row, "d_m").get<double>() - 1e-9);
  }
  for (const auto& [key, c] : cost) {
    CHECK(c.at("joint") >= std::max(c.at("dp"), c.at("distortion")) - 1e-8);
    CHECK(error.at(key).at("dp") == doctest::Approx(error.at(key).at("distortion")).epsilon(1e-7));
  }
}

TEST_CASE("game/experiments: tradeoff curves are monotone") {
  json req = kSmall;
  req["experiment"] = "tradeoff";
  const json r = run(req);
  std::map<std::string, double> last_dm, last_eps;
  for (const auto& row : r["rows"]) {
    const std::string key =
        at(r, row, "mechanism").get<std::string>() + "/" + std::to_string(at(r, row, "user").get<long>());
    const double c = at(r, row, "cost").get<double>();
    if (at(r, row, "sweep") == "d_m") {
      if (last_dm.count(key)) CHECK(c >= last_dm[key] - 1e-9);
      last_dm[key] = c;
    } else {
      if (last_eps.count(key)) CHECK(c <= last_eps[key] + 1e-9);
      last_eps[key] = c;
    }
  }
}

TEST_CASE("game/experiments: approximation keeps the target on kept pairs and converges to exact") {
  json req = kSmall;
  req["experiment"] = "approximation";
  req["thresholds"] = {1.0, 10.0};
  req["distortion_rows"] = false;
  const json r = run(req);
  for (const auto& row : r["rows"]) {
    CHECK(at(r, row, "epsilon_within_threshold").get<double>() <= 0.5 + 1e-7);
    CHECK(at(r, row, "distortion_guaranteed") == true);   // (24b) rows kept
    if (at(r, row, "threshold").get<double>() == 10.0) {  // beyond the diameter: the exact LP
      CHECK(at(r, row, "achieved_epsilon").get<double>() <= 0.5 + 1e-7);
      CHECK(at(r, row, "cost").get<double>() == doctest::Approx(at(r, row, "cost_exact").get<double>()));
    }
  }
}

TEST_CASE("game/experiments: figure8's boxes are the five numbers of its rows per threshold") {
  json req = kSmall;
  req["experiment"] = "figure8";
  req["users"] = 4;
  req["thresholds"] = {1.0, 10.0};
  const json r = run(req);
  REQUIRE(r["plots"].size() == 2);
  CHECK(r["plots"][0]["kind"] == "box");
  CHECK(r["plots"][0]["y"] == "error_difference");
  CHECK(r["plots"][1]["y"] == "seconds");
  for (const auto& plot : r["plots"]) {
    REQUIRE(plot["boxes"].size() == 2);
    for (const auto& box : plot["boxes"]) {
      std::vector<double> ys;
      for (const auto& row : r["rows"])
        if (at(r, row, "threshold") == box[0]) ys.push_back(at(r, row, plot["y"].get<std::string>()).get<double>());
      REQUIRE(ys.size() == 4);
      std::sort(ys.begin(), ys.end());
      CHECK(box[1].get<double>() == ys.front());
      CHECK(box[5].get<double>() == ys.back());
      CHECK(box[3].get<double>() == doctest::Approx((ys[1] + ys[2]) / 2));  // median of 4
      CHECK(box[2].get<double>() <= box[3].get<double>());
      CHECK(box[3].get<double>() <= box[4].get<double>());
    }
  }
  for (const auto& row : r["rows"]) {
    CHECK(at(r, row, "seconds").get<double>() > 0);
    CHECK(at(r, row, "gap_exact").get<double>() <= 1e-6);  // exact: no budget given
    CHECK(at(r, row, "epsilon_within_threshold").get<double>() <= 0.5 + 1e-7);
    if (at(r, row, "threshold").get<double>() == 10.0)  // beyond the diameter: the exact LP's optimum
      CHECK(at(r, row, "cost").get<double>() == doctest::Approx(at(r, row, "cost_exact").get<double>()));
  }
}

TEST_CASE("game/experiments: prior mismatch at lambda 0 reproduces the designed error") {
  json req = kSmall;
  req["experiment"] = "prior_mismatch";
  req["lambdas"] = {0.0, 0.5};
  const json r = run(req);
  for (const auto& row : r["rows"]) {
    if (at(r, row, "lambda").get<double>() == 0.0) {
      CHECK(at(r, row, "adversary_entropy").get<double>() ==
            doctest::Approx(at(r, row, "design_entropy").get<double>()));
      CHECK(at(r, row, "error_distortion").get<double>() >= at(r, row, "d_m").get<double>() - 1e-9);
    } else {
      CHECK(at(r, row, "adversary_entropy").get<double>() <= at(r, row, "design_entropy").get<double>() + 1e-12);
    }
  }
}

TEST_CASE("game/experiments: errors name the parameter; the work guard refuses big runs") {
  const auto err = [](json req) {
    req["family"] = "game";
    const auto o = api::solve(req.dump());
    CHECK(o.exit_code == 2);
    return json::parse(o.json)["error"];
  };
  json req = kSmall;
  req["experiment"] = "scenario9";
  CHECK(err(req)["path"] == "/experiment");
  req["experiment"] = "scenario1";
  req["epsilons"] = {0.3, -1};
  CHECK(err(req)["path"] == "/epsilons/1");
  req = {{"experiment", "scenario3"}, {"grid", {{"rows", 6}, {"cols", 6}, {"cell_km", 1}}}, {"users", 100}};
  const json e = err(req);
  CHECK(e["code"] == "too_large");
  CHECK(e["path"] == "/users");
  req = {{"experiment", "scenario1"}, {"grid", {{"rows", 9}, {"cols", 9}, {"cell_km", 1}}}, {"users", 1}};
  CHECK(err(req)["path"] == "/users");                         // one 9x9 LP fits (decomposed); scenario1's 18 do not
  req["grid"] = {{"rows", 18}, {"cols", 18}, {"cell_km", 1}};  // beyond the page's 300 decomposed cells
  CHECK(err(req)["path"] == "/grid");
}

TEST_CASE("game/experiments: scenario3 refuses a d_m_step above every user's threshold instead of 0 experiments") {
  // Issue 28: on cells of 1e-6 km every feasibility threshold is ~1e-6 km, so the default grid
  // {0.5, 1, ...} km holds no reachable d_m and the table came back empty. The step is the
  // parameter that decides it: refused there; a step below the threshold answers.
  json req = {{"family", "game"},
              {"experiment", "scenario3"},
              {"grid", {{"rows", 3}, {"cols", 3}, {"cell_km", 1e-6}}},
              {"users", 2},
              {"seed", 1}};
  const auto refused = api::solve(req.dump());
  REQUIRE(refused.exit_code == 2);
  const json e = json::parse(refused.json)["error"];
  CHECK(e["code"] == "out_of_range");
  CHECK(e["path"] == "/d_m_step");
  CHECK(e["message"].get<std::string>().find("feasibility threshold") != std::string::npos);
  req["d_m_step"] = 1e-6;  // the smallest step: about one d_m per user below ~1e-6 km
  const json r = run(req);
  CHECK_FALSE(r["rows"].empty());
  for (const auto& row : r["rows"]) CHECK(at(r, row, "d_m").get<double>() <= 2e-6);
  req["grid"]["cell_km"] = 1.5;  // the paper's cells with the default step: unchanged
  req.erase("d_m_step");
  CHECK_FALSE(run(req)["rows"].empty());
}
