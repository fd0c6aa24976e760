// Tests of core/model/adult.cpp on a hand-made excerpt with known counts.
#include <doctest/doctest.h>

#include "common/error.h"
#include "model/adult.h"

using namespace privlab;

namespace {
const char* kExcerpt =
    "age, workclass, fnlwgt, education, education-num, marital-status, occupation, relationship, race, sex, capital-gain, capital-loss, hours-per-week, native-country, Salary\n"
    "39, State-gov, 77516, Bachelors, 13, Never-married, Adm-clerical, Not-in-family, White, Male, 2174, 0, 40, United-States, <=50K\n"
    "50, Self-emp-not-inc, 83311, Bachelors, 13, Married-civ-spouse, Exec-managerial, Husband, White, Male, 0, 0, 13, United-States, <=50K\n"
    "38, Private, 215646, HS-grad, 9, Divorced, Handlers-cleaners, Not-in-family, White, Female, 0, 0, 40, United-States, <=50K\n"
    "53, Private, 234721, 11th, 7, Married-civ-spouse, Handlers-cleaners, Husband, Black, Male, 0, 0, 40, United-States, <=50K\n"
    "28, Private, 338409, Bachelors, 13, Married-civ-spouse, Prof-specialty, Wife, Black, Female, 0, 0, 40, Cuba, <=50K\n"
    "\n";
}

TEST_CASE("model/adult_tabulate: counts and sorted labels") {
  const auto t = adult::tabulate(kExcerpt, {"sex", "race"}, "/data_csv");
  CHECK(t.n == 5);
  CHECK(t.labels[0] == std::vector<std::string>{"Female", "Male"});
  CHECK(t.labels[1] == std::vector<std::string>{"Black", "White"});
  const Matrix m = t.as_matrix(1);
  CHECK(m(0, 0) == 1);  // Female, Black
  CHECK(m(0, 1) == 1);  // Female, White
  CHECK(m(1, 0) == 1);  // Male, Black
  CHECK(m(1, 1) == 2);  // Male, White
  CHECK(t.counts.sum() == 5);
}

TEST_CASE("model/adult_tabulate: errors name the field") {
  CHECK_THROWS_AS(adult::tabulate(kExcerpt, {"nope"}, "/data_csv"), Error);
  CHECK_THROWS_AS(adult::tabulate("1, 2, 3\n", {"sex"}, "/data_csv"), Error);
  CHECK_THROWS_AS(adult::tabulate("\n\n", {"sex"}, "/data_csv"), Error);
}

#include <nlohmann/json.hpp>

#include "privlab/api.h"

TEST_CASE("model/data_handler: family data tabulates through the dispatcher") {
  nlohmann::json request = {{"family", "data"}, {"tabulate", {"sex", "race"}}, {"data_csv", kExcerpt}};
  const auto outcome = api::solve(request.dump());
  REQUIRE(outcome.exit_code == 0);
  const auto r = nlohmann::json::parse(outcome.json);
  CHECK(r["n"] == 5);
  CHECK(r["labels"][0] == nlohmann::json({"Female", "Male"}));
  CHECK(r["counts"] == nlohmann::json({{1.0, 1.0}, {1.0, 2.0}}));
  request["tabulate"] = {"nope"};
  CHECK(nlohmann::json::parse(api::solve(request.dump()).json)["error"]["path"] == "/data_csv");
  request["tabulate"] = nlohmann::json::array();
  CHECK(nlohmann::json::parse(api::solve(request.dump()).json)["error"]["path"] == "/tabulate");
}
