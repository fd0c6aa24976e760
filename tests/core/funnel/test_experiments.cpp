// Tests of core/funnel/experiments_*.cpp (small parameters).
#include <doctest/doctest.h>

#include <cmath>
#include <map>

#include <nlohmann/json.hpp>

#include "privlab/api.h"

using namespace privlab;
using nlohmann::json;

namespace {
json solve_ok(const std::string& request) {
  const auto outcome = api::solve(request);
  REQUIRE_MESSAGE(outcome.exit_code == 0, outcome.json);
  return json::parse(outcome.json);
}

const char* kAdultExcerpt =
    "39, State-gov, 77516, Bachelors, 13, Never-married, Adm-clerical, Not-in-family, White, Male, 2174, 0, 40, United-States, <=50K\n"
    "50, Self-emp-not-inc, 83311, Bachelors, 13, Married-civ-spouse, Exec-managerial, Husband, White, Male, 0, 0, 13, United-States, <=50K\n"
    "38, Private, 215646, HS-grad, 9, Divorced, Handlers-cleaners, Not-in-family, White, Female, 0, 0, 40, United-States, <=50K\n"
    "53, Private, 234721, 11th, 7, Married-civ-spouse, Handlers-cleaners, Husband, Black, Male, 0, 0, 40, United-States, <=50K\n"
    "28, Private, 338409, Bachelors, 13, Married-civ-spouse, Prof-specialty, Wife, Black, Female, 0, 0, 40, Cuba, <=50K\n"
    "37, Private, 284582, Masters, 14, Married-civ-spouse, Exec-managerial, Wife, White, Female, 0, 0, 40, United-States, <=50K\n"
    "49, Private, 160187, 9th, 5, Married-spouse-absent, Other-service, Not-in-family, Black, Female, 0, 0, 16, Jamaica, <=50K\n";
}  // namespace

TEST_CASE("funnel/experiment ldp-vs-lip: small run, orderings of Section VIII-A") {
  const json r =
      solve_ok(R"({"family":"funnel","experiment":"ldp-vs-lip","a":3,"c":2,"trials":2,"epsilons":[0.25,1],"seed":5})");
  CHECK(r["experiment"] == "ldp-vs-lip");
  CHECK(r["rows"].size() == 2 * 2 * 3);
  std::map<std::pair<long, double>, std::map<std::string, double>> by;
  for (const auto& row : r["rows"]) {
    CHECK(row.size() == r["columns"].size());
    by[{row[0].get<long>(), row[1].get<double>()}][row[2].get<std::string>()] = row[3].get<double>();
  }
  for (const auto& [key, m] : by) {
    CHECK(m.at("opt-ldp") <= m.at("opt-lip") + 1e-9);         // eps-LDP => eps-LIP
    CHECK(m.at("opt-ldp(eps/2)") <= m.at("opt-ldp") + 1e-9);  // a stricter constraint
  }
  // Same seed, same rows (seeded randomness only).
  CHECK(solve_ok(R"({"family":"funnel","experiment":"ldp-vs-lip","a":3,"c":2,"trials":2,"epsilons":[0.25,1],"seed":5})")
            ["rows"] == r["rows"]);
}

TEST_CASE("funnel/experiment grr-vs-cr: Jeffreys-drawn distributions, both calibrated to eps") {
  const json r = solve_ok(
      R"({"family":"funnel","experiment":"grr-vs-cr","sizes":[[3,2],[4,3]],"trials":5,"epsilons":[0.5,2],"seed":9})");
  CHECK(r["rows"].size() == 2 * 5 * 2);
  for (const auto& row : r["rows"]) {
    CHECK(row[5].get<double>() >= 0);
    CHECK(row[5].get<double>() <= 1 + 1e-12);
    CHECK(row[6].get<double>() <= 1 + 1e-12);
  }
  CHECK(r["plots"].size() == 3);
  const auto bad = api::solve(R"({"family":"funnel","experiment":"grr-vs-cr","sizes":[[3]]})");
  CHECK(bad.exit_code == 2);
  CHECK(json::parse(bad.json)["error"]["path"] == "/sizes/0");
}

TEST_CASE("funnel/experiment grr-vs-cr: issue13 repro 8: Infinity - Infinity is null with a note, never NaN") {
  // eps 3 on 2x2 tables: both protocols are often uncalibrated (alpha = Infinity)
  const json r =
      solve_ok(R"({"family":"funnel","experiment":"grr-vs-cr","sizes":[[2,2]],"trials":20,"epsilons":[3],"seed":4})");
  long both_infinite = 0;
  for (const auto& row : r["rows"]) {
    for (const auto& cell : row) CHECK(cell != "NaN");
    if (row[7] == "Infinity" && row[8] == "Infinity") {
      ++both_infinite;
      CHECK(row[10].is_null());
    } else {
      CHECK(!row[10].is_null());
    }
  }
  CHECK(both_infinite > 0);  // the case is exercised
  CHECK(r["notes"].dump().find("null when both alphas are Infinity") != std::string::npos);
}

TEST_CASE("funnel/experiment adult: panels from data_csv; opt-lip >= grr and oue") {
  json request = {{"family", "funnel"},
                  {"experiment", "adult"},
                  {"data_csv", kAdultExcerpt},
                  {"secrets", {"marital-status"}},
                  {"data", {"sex", "relationship"}},
                  {"epsilons", {0.5, 1.0}}};
  const json r = solve_ok(request.dump());
  CHECK(r["rows"].size() == 2 * 2 * 4);
  std::map<std::string, double> opt;
  for (const auto& row : r["rows"])
    if (row[3] == "opt-lip")
      opt[row[0].get<std::string>() + std::to_string(row[4].get<double>())] = row[5].get<double>();
  for (const auto& row : r["rows"])
    if (row[3] == "grr" || row[3] == "oue")
      CHECK(row[5].get<double>() <= opt.at(row[0].get<std::string>() + std::to_string(row[4].get<double>())) + 1e-9);
  request.erase("data_csv");
  const auto missing = api::solve(request.dump());
  CHECK(missing.exit_code == 2);
  CHECK(json::parse(missing.json)["error"]["path"] == "/data_csv");
}
