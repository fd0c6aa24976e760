// Tests of core/funnel/handler.cpp: response fields of family "funnel", errors and their paths.
#include <doctest/doctest.h>

#include <cmath>

#include <nlohmann/json.hpp>

#include "privlab/api.h"

using namespace privlab;
using nlohmann::json;

namespace {
const char* kJoint = R"([[0.2,0.1,0.15],[0.05,0.3,0.2]])";

json solve_ok(const std::string& request) {
  const auto outcome = api::solve(request);
  REQUIRE_MESSAGE(outcome.exit_code == 0, outcome.json);
  return json::parse(outcome.json);
}

json error_of(const std::string& request, int expected_exit) {
  const auto outcome = api::solve(request);
  CHECK(outcome.exit_code == expected_exit);
  return json::parse(outcome.json).at("error");
}

std::string request(const std::string& mechanism, const std::string& extra = "") {
  return std::string(R"({"family":"funnel","mechanism":")") + mechanism + R"(","joint":)" + kJoint +
         R"(,"epsilon":0.5)" + extra + "}";
}
}  // namespace

TEST_CASE("funnel/handler: contract fields for every mechanism; audit re-measures the claim") {
  for (const char* name : {"opt-lip", "opt-ldp", "grr", "oue", "cr"}) {
    const json r = solve_ok(request(name));
    CAPTURE(name);
    for (const char* key : {"mechanism", "mutual_information", "lip", "ldp", "leakage", "audit", "simplex"})
      CHECK(r.contains(key));
    CHECK(r["audit"]["verified"] == true);
    const std::string n = name;
    if (n == "opt-ldp") {
      CHECK(r["audit"]["guarantee"] == "ldp");
      CHECK(r["ldp"].get<double>() <= 0.5 + 1e-9);
    } else {
      CHECK(r["audit"]["guarantee"] == "lip");
      CHECK(r["lip"].get<double>() <= 0.5 + 1e-9);
    }
    CHECK(r.contains("alpha") == (n == "grr" || n == "oue" || n == "cr"));
    CHECK(r["leakage"].get<double>() <= r["lip"].get<double>() + 1e-12);  // Lemma 1
    CHECK_FALSE(r.contains("srlip"));
  }
  const json cr = solve_ok(request("cr"));
  CHECK(cr["input"] == "s,x");
  CHECK(cr["mechanism"][0].size() == 6);
  const json oue = solve_ok(request("oue"));
  CHECK(oue["mechanism"].size() == 8);
  CHECK(oue["output_sets"][5] == json({0, 2}));
}

TEST_CASE("funnel/handler: metric ldp calibrates GRR/OUE/CR to LDP w.r.t. S") {
  for (const char* name : {"grr", "oue", "cr"}) {
    const json r = solve_ok(request(name, R"(,"metric":"ldp")"));
    CHECK(r["audit"]["guarantee"] == "ldp");
    CHECK(r["ldp"].get<double>() == doctest::Approx(0.5).epsilon(1e-9));
  }
}

TEST_CASE("funnel/handler: opt-lip simplex view for |X| = 3") {
  const json r = solve_ok(request("opt-lip"));
  const json& v = r["simplex"];
  CHECK(v["delta_vertices"].size() == r["polytope"]["vertices"]);
  CHECK(v["posteriors"].size() == r["mechanism"].size());
  double total = 0;
  for (std::size_t k = 0; k < v["weights"].size(); ++k) {
    CHECK(v["chosen"][k].get<long>() >= 0);  // every posterior is a vertex of Delta
    total += v["weights"][k].get<double>();
  }
  CHECK(total == doctest::Approx(1.0));
  // p_X is the weighted combination of the chosen vertices (10).
  for (int x = 0; x < 3; ++x) {
    double px = 0;
    for (std::size_t k = 0; k < v["weights"].size(); ++k)
      px += v["weights"][k].get<double>() * v["posteriors"][k][x].get<double>();
    CHECK(px == doctest::Approx(v["p_x"][x].get<double>()));
  }
}

TEST_CASE("funnel/handler: attributes give srlip; srlip-product shows the Theorem 4 violation") {
  const json r = solve_ok(R"({"family":"funnel","mechanism":"grr","joint":[[1,2,3,4],[4,3,2,1]],
      "epsilon":0.3,"attributes":[2,2]})");
  CHECK(r["srlip"].get<double>() >= r["lip"].get<double>() - 1e-12);
  CHECK(r["srlip_witness"].contains("attributes"));
  const json p = solve_ok(R"({"family":"funnel","mechanism":"srlip-product","joint":[[3,0,0,0],[3,0,0,1]],
      "epsilon":1.5,"attributes":[2,2]})");
  CHECK(p["srlip_target"] == 1.5);
  CHECK(p["srlip_exceeds_target"] == true);
  CHECK(p["srlip"].get<double>() > 2.0);
  CHECK(p["per_attribute"].size() == 2);
  CHECK(p["audit"]["guarantee"] == "srlip-measured");
}

TEST_CASE("funnel/handler: errors name the offending field") {
  CHECK(error_of(R"({"family":"funnel","mechanism":"nope","joint":[[1]],"epsilon":1})", 2)["path"] == "/mechanism");
  CHECK(error_of(R"({"family":"funnel","mechanism":"grr","joint":[[1,2],[3,-1]],"epsilon":1})", 2)["path"] ==
        "/joint/1/1");
  CHECK(error_of(R"({"family":"funnel","mechanism":"grr","joint":[[1,2]],"epsilon":-1})", 2)["path"] == "/epsilon");
  CHECK(error_of(request("grr", R"(,"metric":"mi")"), 2)["path"] == "/metric");
  const json mismatch = error_of(request("grr", R"(,"attributes":[2,2])"), 2);
  CHECK(mismatch["code"] == "attributes_mismatch");
  CHECK(mismatch["path"] == "/attributes");
  CHECK(error_of(request("grr", R"(,"attributes":[3,"a"])"), 2)["path"] == "/attributes/1");
  CHECK(error_of(request("srlip-product"), 2)["path"] == "/attributes");
  const json zero = error_of(R"({"family":"funnel","mechanism":"cr","joint":[[1,2],[0,0]],"epsilon":1})", 2);
  CHECK(zero["code"] == "zero_secret");
  CHECK(zero["path"] == "/joint/1");
}

TEST_CASE("funnel/handler: size guards refuse Gamma and Delta explosions with too_large") {
  // opt-ldp at |X| = 5, |S| = 2 (the paper's Section VIII-A size) is refused in the handler.
  const json ldp =
      error_of(R"({"family":"funnel","mechanism":"opt-ldp","joint":[[1,2,3,4,5],[5,4,3,2,1]],"epsilon":1})", 2);
  CHECK(ldp["code"] == "too_large");
  CHECK(ldp["path"] == "/joint");
  std::string big = "[";
  for (int s = 0; s < 12; ++s) {
    big += s ? ",[" : "[";
    for (int x = 0; x < 12; ++x) big += (x ? "," : "") + std::to_string(1 + (s * 7 + x * 3) % 11);
    big += "]";
  }
  big += "]";
  const json lip = error_of(R"({"family":"funnel","mechanism":"opt-lip","joint":)" + big + R"(,"epsilon":0.3})", 2);
  CHECK(lip["code"] == "too_large");
  CHECK(lip["path"] == "/joint");
  std::string wide = "[[";
  for (int x = 0; x < 11; ++x) wide += (x ? ",1" : "1");
  wide += "],[";
  for (int x = 0; x < 11; ++x) wide += (x ? ",2" : "1");
  wide += "]]";
  CHECK(error_of(R"({"family":"funnel","mechanism":"oue","joint":)" + wide + R"(,"epsilon":0.3})", 2)["code"] ==
        "too_large");
  // a zero column does not count: opt-ldp on |X| = 5 with two empty columns is |X| = 3.
  const json sparse =
      solve_ok(R"({"family":"funnel","mechanism":"opt-ldp","joint":[[1,0,2,0,3],[3,0,2,0,1]],"epsilon":1})");
  CHECK(sparse["audit"]["verified"] == true);
}

TEST_CASE("funnel/handler: true_joint is evaluated under P*") {
  const json r = solve_ok(request("opt-lip", R"(,"true_joint":[[0.25,0.1,0.15],[0.05,0.25,0.2]])"));
  REQUIRE(r.contains("true"));
  CHECK(r["true"].contains("lip"));
  CHECK(r["true"]["mutual_information"].get<double>() > 0);
}
