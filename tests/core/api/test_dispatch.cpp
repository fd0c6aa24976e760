// Tests of core/api/dispatch.cpp: the contract's response fields and error objects.
#include <algorithm>
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "fixtures/paper_examples.h"
#include "privlab/api.h"

using namespace privlab;
using nlohmann::json;

namespace {
json error_of(const std::string& request, int expected_exit) {
  const auto outcome = api::solve(request);
  CHECK(outcome.exit_code == expected_exit);
  return json::parse(outcome.json).at("error");
}
}  // namespace

TEST_CASE("api/solve: rldp srr on paper Example 1 with P*") {
  const auto outcome = api::solve(R"({"family":"rldp","mechanism":"srr",
      "joint":[[0.07,0.10],[0.26,0.57]],"true_joint":[[0.1,0.1],[0.2,0.6]],
      "epsilon":0.6931471805599453,"n":100,"uncertainty":{"alpha":2,"confidence":0.95}})");
  REQUIRE(outcome.exit_code == 0);
  const json r = json::parse(outcome.json);
  CHECK(r["mechanism"].size() == 4);
  CHECK(fixtures::matches_printed(r["mutual_information"].get<double>(), 0.1005, 4));
  CHECK(fixtures::matches_printed(r["true"]["mutual_information"].get<double>(), 0.0942, 4));
  CHECK(fixtures::matches_printed(r["uncertainty"]["radius"].get<double>(), 0.0752, 4));
  // Renyi ball: exact (core/rldp/robust_epsilon). It must lie between the realized epsilon of
  // every member of F (P-hat, and P* which is in F by Example 1) and the simplex value ln 2.
  CHECK(r["robust_epsilon_exact"] == true);
  const double robust = r["robust_epsilon"].get<double>();
  CHECK(robust >= r["epsilon"].get<double>());
  CHECK(robust >= r["true"]["epsilon"].get<double>());
  CHECK(robust < std::log(2.0));
  CHECK(fixtures::matches_printed(robust, 0.5694, 4));
  CHECK(r["audit"]["verified"] == true);
  CHECK(r["epsilon"].get<double>() <= std::log(2.0) + 1e-12);
}

TEST_CASE("api/solve: counts are normalised and n defaults to their sum") {
  const auto r = json::parse(api::solve(R"({"family":"rldp","mechanism":"grr",
      "joint":[[7,10],[26,57]],"epsilon":0.6931471805599453,
      "uncertainty":{"alpha":2,"confidence":0.95}})")
                                 .json);
  CHECK(r["n"] == 100);
  CHECK(fixtures::matches_printed(r["mutual_information"].get<double>(), 0.0419, 4));
}

TEST_CASE("api/solve: errors name the field") {
  CHECK(error_of("{not json", 2)["code"] == "malformed_json");
  CHECK(error_of("[1,2]", 2)["code"] == "not_an_object");
  CHECK(error_of(R"({"family":"nope"})", 2)["path"] == "/family");
  CHECK(error_of(R"({"family":"rldp","mechanism":"srr","joint":[[0.5,0.5]],"epsilon":-1})", 2)["path"] == "/epsilon");
  CHECK(error_of(R"({"family":"rldp","mechanism":"srr","joint":[[0.5,NaN]],"epsilon":1})", 2)["code"] ==
        "malformed_json");
  CHECK(error_of(R"({"family":"rldp","mechanism":"srr","joint":[[0.5,-0.5],[0.5,0.5]],"epsilon":1})", 2)["path"] ==
        "/joint/0/1");
  CHECK(error_of(R"({"family":"rldp","mechanism":"srr","joint":[[0.5,0.5]],"epsilon":1,
      "uncertainty":{"alpha":2,"confidence":0.95}})",
                 2)["path"] == "/n");
  CHECK(error_of(R"({"family":"rldp","mechanism":"srr","joint":[[0.5,0.5]],"epsilon":1,
      "true_joint":[[1]]})",
                 2)["path"] == "/true_joint");
  CHECK(error_of(R"({"family":"rldp","mechanism":"srr","epsilon":1})", 2)["path"] == "/joint");
}

TEST_CASE("api/solve: a batch answers each request in place, errors included, with progress") {
  std::vector<double> fractions;
  const auto outcome = api::solve(R"({"family":"batch","requests":[
      {"family":"rldp","mechanism":"grr","joint":[[0.07,0.10],[0.26,0.57]],"epsilon":0.6931471805599453},
      {"family":"rldp","mechanism":"srr","joint":[[0.07,0.10],[0.26,0.57]],"epsilon":-1},
      {"family":"rldp","mechanism":"srr","joint":[[0.07,0.10],[0.26,0.57]],"epsilon":0.6931471805599453}]})",
                                  [&](double f, const std::string&) { fractions.push_back(f); });
  REQUIRE(outcome.exit_code == 0);
  const json r = json::parse(outcome.json);
  REQUIRE(r["responses"].size() == 3);
  CHECK(fixtures::matches_printed(r["responses"][0]["mutual_information"].get<double>(), 0.0419, 4));
  CHECK(r["responses"][1]["error"]["path"] == "/requests/1/epsilon");
  CHECK(fixtures::matches_printed(r["responses"][2]["mutual_information"].get<double>(), 0.1005, 4));
  REQUIRE(fractions.size() >= 4);  // one per request, the end, and the requests' own stages
  CHECK(std::is_sorted(fractions.begin(), fractions.end()));
  CHECK(fractions.front() == 0.0);
  CHECK(fractions.back() == 1.0);
  CHECK(error_of(R"({"family":"batch","requests":[]})", 2)["path"] == "/requests");
  CHECK(error_of(R"({"family":"batch","requests":[{"family":"batch","requests":[{}]}]})", 2)["path"] ==
        "/requests/0/family");
}

TEST_CASE("api/solve: a batch forwards each request's own progress (an LP's rounds) within its share") {
  std::vector<std::pair<double, std::string>> reports;
  const auto outcome = api::solve(R"({"family":"batch","requests":[
      {"family":"rldp","mechanism":"grr","joint":[[0.07,0.10],[0.26,0.57]],"epsilon":0.6931471805599453},
      {"family":"game","mechanism":"dp","grid":{"rows":4,"cols":5,"cell_km":1},"prior":{"hot_cells":3,"seed":1},
       "epsilon":0.5,"method":"decomposition"}]})",
                                  [&](double f, const std::string& stage) { reports.emplace_back(f, stage); });
  REQUIRE(outcome.exit_code == 0);
  long rounds = 0;
  for (size_t i = 0; i < reports.size(); ++i) {
    if (i > 0) CHECK(reports[i].first >= reports[i - 1].first);
    CHECK(reports[i].first >= 0.0);
    CHECK(reports[i].first <= 1.0);
    if (reports[i].second.rfind("request 2 of 2: decomposition: round ", 0) == 0) {
      ++rounds;
      CHECK(reports[i].first >= 0.5);  // the second request's half of the bar
      CHECK(reports[i].second.find(" rows, gap ") != std::string::npos);
    }
  }
  CHECK(rounds >= 1);
  CHECK(reports.back() == std::make_pair(1.0, std::string("done")));
}
