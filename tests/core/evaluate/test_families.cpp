// "evaluate" in every family (issue 15): evaluating privlab's own designed mechanism gives back
// exactly the metrics the design reported; hand-checked small cases; per-family shapes; and
// compare_optimal.
#include <doctest/doctest.h>

#include <cmath>

#include "core/evaluate/evaluate_test_support.h"

using namespace evaluate_test;

namespace {
json rldp_design(const std::string& m) {
  return {{"family", "rldp"},
          {"mechanism", m},
          {"joint", {{0.07, 0.10}, {0.26, 0.57}}},
          {"true_joint", {{0.1, 0.1}, {0.2, 0.6}}},
          {"n", 100},
          {"epsilon", std::log(2.0)},
          {"uncertainty", {{"alpha", 2}, {"confidence", 0.95}}}};
}
double h2(double p) { return -p * std::log(p) - (1 - p) * std::log(1 - p); }
}  // namespace

TEST_CASE("evaluate/rldp: every designed mechanism evaluates to the metrics of its design") {
  for (const char* m : {"grr", "srr", "ir", "nr", "polyopt"})
    round_trip(rldp_design(m), "mechanism",
               {"mutual_information", "nmi", "epsilon", "robust_epsilon", "robust_epsilon_exact", "true", "projection",
                "uncertainty", "n", "output_size"});
  json simplex = rldp_design("srr");
  simplex["uncertainty"] = "simplex";
  round_trip(simplex, "mechanism", {"mutual_information", "epsilon", "robust_epsilon", "true"});
}

TEST_CASE("evaluate/rldp: randomized response by hand (eps = ln 3)") {
  // S binary, U trivial: Q(y|s) = 3/4 on the diagonal. I(X;Y) = h(P(Y=0)) - h(1/4).
  const json r = solve_ok({{"family", "rldp"},
                           {"joint", {{0.3}, {0.7}}},
                           {"uncertainty", "simplex"},
                           {"evaluate", {{0.75, 0.25}, {0.25, 0.75}}}});
  const double py0 = 0.3 * 0.75 + 0.7 * 0.25;
  CHECK(r["mutual_information"].get<double>() == doctest::Approx(h2(py0) - h2(0.25)).epsilon(1e-12));
  CHECK(r["nmi"].get<double>() == doctest::Approx((h2(py0) - h2(0.25)) / h2(0.3)).epsilon(1e-12));
  CHECK(r["epsilon"].get<double>() == doctest::Approx(std::log(3.0)).epsilon(1e-12));
  CHECK(r["robust_epsilon"].get<double>() == doctest::Approx(std::log(3.0)).epsilon(1e-12));
  CHECK(r["robust_epsilon_exact"] == true);
  CHECK(r["ldp_epsilon"].get<double>() == doctest::Approx(std::log(3.0)).epsilon(1e-12));
  CHECK(r["audit"]["verified"] == true);
  CHECK(r["mechanism"] == json({{0.75, 0.25}, {0.25, 0.75}}));
}

TEST_CASE("evaluate/rldp: a zero entry gives robust epsilon Infinity over the simplex") {
  // Q(y=1 | s=0) = 0 < Q(y=1 | s=1): some P in the simplex puts weight on it.
  const json r = solve_ok(
      {{"family", "rldp"}, {"joint", {{0.5}, {0.5}}}, {"uncertainty", "simplex"}, {"evaluate", {{1, 0.5}, {0, 0.5}}}});
  CHECK(r["robust_epsilon"] == "Infinity");
  CHECK(r["epsilon"] == "Infinity");
  CHECK(r["ldp_epsilon"] == "Infinity");
  CHECK(r["audit"]["measured_epsilon"] == "Infinity");
  CHECK(r["audit"]["verified"] == true);
  // With U: zeros within one s are harmless under the point set but not over the simplex.
  const json q = {{0.5, 0.5, 0.25, 0.25}, {0.5, 0.5, 0.75, 0}, {0, 0, 0, 0.75}};
  json req = {{"family", "rldp"}, {"joint", {{0.2, 0.3}, {0.5, 0.0}}}, {"evaluate", q}, {"uncertainty", "point"}};
  const json point = solve_ok(req);
  CHECK(point["robust_epsilon"] == point["epsilon"]);
  req["uncertainty"] = "simplex";
  CHECK(solve_ok(req)["robust_epsilon"] == "Infinity");
}

TEST_CASE("evaluate/rldp: compare_optimal designs PolyOpt at the matrix's robust epsilon") {
  json design = rldp_design("srr");
  const json d = solve_ok(design);
  json e = evaluate_request(design, "mechanism", d["mechanism"]);
  e.erase("epsilon");
  e["compare_optimal"] = true;
  const json r = solve_ok(e);
  const json& c = r["comparison"];
  CHECK(c["mechanism_name"] == "polyopt");
  CHECK(c["epsilon"] == r["robust_epsilon"]);
  REQUIRE(c["optimal"]["mechanism_name"] == "polyopt");
  CHECK(c["optimal"]["robust_epsilon"].get<double>() <= r["robust_epsilon"].get<double>() + 1e-7);
  CHECK(c["utility_ratio"].get<double>() ==
        doctest::Approx(r["mutual_information"].get<double>() / c["optimal"]["mutual_information"].get<double>()));
  // An infinite robust epsilon has nothing to compare at unless epsilon is given.
  json z = {{"family", "rldp"},
            {"joint", {{0.5}, {0.5}}},
            {"uncertainty", "simplex"},
            {"evaluate", {{1, 0.5}, {0, 0.5}}},
            {"compare_optimal", true}};
  CHECK(solve_ok(z)["comparison"]["optimal"]["error"]["code"] == "no_finite_epsilon");
  z["epsilon"] = 1.0;
  CHECK(solve_ok(z)["comparison"]["optimal"]["mechanism_name"] == "polyopt");
}

TEST_CASE("evaluate/rldp-mse: every problem's mechanism evaluates to the metrics of its design") {
  for (const char* p : {"nunp", "nurp", "runp", "rurp"}) {
    const json design = {{"family", "rldp-mse"},
                         {"problem", p},
                         {"joint", {{0.1, 0.2, 0.1}, {0.3, 0.1, 0.2}}},
                         {"epsilon", 1.0},
                         {"n", 200},
                         {"uncertainty", {{"confidence", 0.9}}},
                         {"true_joint", {{0.15, 0.15, 0.1}, {0.25, 0.15, 0.2}}}};
    round_trip(design, "problem",
               {"distortion", "robust_distortion", "robust_distortion_lower", "worst_case_distribution", "epsilon",
                "robust_epsilon", "robust_epsilon_lower", "true", "values", "uncertainty"});
  }
}

TEST_CASE("evaluate/rldp-mse: the identity has distortion 0; shapes and compare_optimal") {
  const json base = {{"family", "rldp-mse"},
                     {"joint", {{0.25, 0.25}, {0.25, 0.25}}},
                     {"uncertainty", {{"radius", 0.01}}},
                     {"values", {0, 2}}};
  json r = base;
  // Y = U exactly: distortion 0, and S independent of Y given U uniform -> eps 0.
  r["evaluate"] = {{1, 0, 1, 0}, {0, 1, 0, 1}};
  const json out = solve_ok(r);
  CHECK(out["distortion"].get<double>() == doctest::Approx(0.0));
  CHECK(out["robust_distortion"].get<double>() == doctest::Approx(0.0));
  CHECK(out["epsilon"].get<double>() == doctest::Approx(0.0));
  // Y = 0 always vs Y = 2: (U - Y)^2 = 4 on half the mass.
  r["evaluate"] = {{1, 1, 1, 1}, {0, 0, 0, 0}};
  CHECK(solve_ok(r)["distortion"].get<double>() == doctest::Approx(2.0));
  r["evaluate"] = {{1, 1, 1, 1}, {0, 0, 0, 0}, {0, 0, 0, 0}};
  const json e = error_of(r);
  CHECK(e["code"] == "wrong_output_count");
  CHECK(e["path"] == "/evaluate");
  r["evaluate"] = {{0.7, 0.3, 0.6, 0.4}, {0.3, 0.7, 0.4, 0.6}};
  r["compare_optimal"] = true;
  const json c = solve_ok(r)["comparison"];
  CHECK(c["problem"] == "rurp");
  CHECK(c["distortion_ratio"].get<double>() >= 1 - 1e-6);
}

TEST_CASE("evaluate/funnel: every protocol evaluates to the metrics of its design") {
  const json joint = {{0.2, 0.1, 0.05, 0.15}, {0.05, 0.15, 0.2, 0.1}};
  for (const char* m : {"opt-lip", "opt-ldp", "grr", "oue", "cr"}) {
    json design = {{"family", "funnel"},   {"mechanism", m},
                   {"joint", joint},       {"epsilon", 0.8},
                   {"attributes", {2, 2}}, {"true_joint", {{0.25, 0.1, 0.05, 0.1}, {0.05, 0.1, 0.25, 0.1}}}};
    if (std::string(m) == "opt-ldp") {  // Gamma is enumerated for small |X| only
      design["joint"] = {{0.3, 0.1, 0.1}, {0.1, 0.1, 0.3}};
      design.erase("attributes");
      design.erase("true_joint");
    }
    round_trip(design, "mechanism", {"mutual_information", "nmi", "leakage", "lip", "ldp", "ldp_input", "input"});
  }
}

TEST_CASE("evaluate/funnel: GRR by hand, LIP Infinity from a zero, compare_optimal") {
  // X binary uniform and S = X: Q = RR(ln 3). P(y|s) = Q(y|x=s), P(y) = 1/2:
  // LIP = max |ln(P(y|s)/P(y))| = max(ln 1.5, |ln 0.5|) = ln 2.
  json r = {{"family", "funnel"}, {"joint", {{0.5, 0.0}, {0.0, 0.5}}}, {"evaluate", {{0.75, 0.25}, {0.25, 0.75}}}};
  const json out = solve_ok(r);
  CHECK(out["lip"].get<double>() == doctest::Approx(std::log(2.0)));
  CHECK(out["ldp"].get<double>() == doctest::Approx(std::log(3.0)));
  CHECK(out["leakage"].get<double>() == doctest::Approx(std::log(2.0) - h2(0.25)));
  CHECK(out["mutual_information"] == out["leakage"]);
  r["evaluate"] = {{1, 0.5}, {0, 0.5}};
  CHECK(solve_ok(r)["ldp"] == "Infinity");
  r["evaluate"] = {{0.75, 0.25}, {0.25, 0.75}};
  r["joint"] = {{0.3, 0.1, 0.1}, {0.1, 0.1, 0.3}};
  r["evaluate"] = {{0.6, 0.2, 0.2}, {0.2, 0.6, 0.2}, {0.2, 0.2, 0.6}};
  r["compare_optimal"] = true;
  const json c = solve_ok(r)["comparison"];
  CHECK(c["mechanism_name"] == "opt-lip");
  CHECK(c["utility_ratio"].get<double>() <= 1 + 1e-7);
  // A (s, x) protocol has |S||X| columns; anything else is refused at /evaluate/0.
  r.erase("compare_optimal");
  r["evaluate"] = {{1, 1}};
  CHECK(error_of(r)["code"] == "wrong_input_count");
}

TEST_CASE("evaluate/estimation: the Formulation 1 design evaluates to its chi-square and mmse values") {
  const json design = {{"family", "estimation"},
                       {"joint", {{0.1, 0.05, 0.05}, {0.05, 0.2, 0.05}, {0.1, 0.1, 0.3}}},
                       {"private_functions", {{1, 0, 0}}},
                       {"useful_functions", {{0, 1, 0}, {{"name", "last"}, {"values", {0, 0, 1}}}}},
                       {"theta", 0.7},
                       {"objective", "sum"}};
  const json d = solve_ok(design);
  json e = design;
  e["evaluate"] = d["design"]["mechanism"];
  e["compare_optimal"] = true;
  const json r = solve_ok(e);
  CHECK(r["chi2_sy"] == d["design"]["chi2_sy"]);
  CHECK(r["chi2_xy"] == d["design"]["chi2_xy"]);
  CHECK(r["point"] == d["design"]["point"]);
  for (int i = 0; i < 1; ++i) CHECK(r["private"][i]["mmse"] == d["design"]["private"][i]["mmse"]);
  for (int j = 0; j < 2; ++j) CHECK(r["useful"][j]["mmse"] == d["design"]["useful"][j]["mmse"]);
  CHECK(r["pics"] == d["pics"]);
  CHECK(r["upper_bound"] == d["upper_bound"]);
  // chi^2 = sum of the PICs (Section 2), for (S;Y) and (X;Y).
  double sy = 0, xy = 0;
  for (const auto& v : r["pics_sy"]) sy += v.get<double>();
  for (const auto& v : r["pics_xy"]) xy += v.get<double>();
  CHECK(sy == doctest::Approx(r["chi2_sy"].get<double>()));
  CHECK(xy == doctest::Approx(r["chi2_xy"].get<double>()));
  const json& c = r["comparison"];
  CHECK(c["utility_ratio"].get<double>() == doctest::Approx(1.0));
  CHECK(c["upper_bound"].get<double>() >= r["chi2_xy"].get<double>() - 1e-9);  // Theorem 2
  // The Theorem 3 mapping, evaluated, gives back the chi^2 values it reports.
  const json t3 = d["theorem3"];
  json e3 = {{"family", "estimation"}, {"joint", design["joint"]}, {"evaluate", t3["mechanism"]}};
  const json r3 = solve_ok(e3);
  CHECK(r3["chi2_sy"] == t3["chi2_s"]);
  CHECK(r3["chi2_xy"] == t3["chi2_x"]);
}

TEST_CASE("evaluate/estimation: the identity reveals X, a constant column nothing") {
  const json joint = {{0.3, 0.2}, {0.1, 0.4}};
  json r = {{"family", "estimation"}, {"joint", joint}, {"evaluate", {{1, 0}, {0, 1}}}};
  const json id = solve_ok(r);
  CHECK(id["chi2_xy"].get<double>() == doctest::Approx(1.0));  // |X| - 1
  CHECK(id["chi2_sy"].get<double>() == doctest::Approx(id["chi2"].get<double>()));
  r["evaluate"] = {{0.5, 0.5}, {0.5, 0.5}};
  const json c = solve_ok(r);
  CHECK(c["chi2_xy"].get<double>() == doctest::Approx(0.0));
  CHECK(c["chi2_sy"].get<double>() == doctest::Approx(0.0));
}

TEST_CASE("evaluate/game: every designed mechanism evaluates to the metrics of its design") {
  for (const std::string m : {"distortion", "dp", "joint"}) {
    const json design = {{"family", "game"},
                         {"mechanism", m},
                         {"prior", {0.2, 0.5, 0.3}},
                         {"utility_loss", "hamming"},
                         {"distance", {{0, 1, 3}, {1, 0, 2}, {3, 2, 0}}},
                         {"epsilon", 0.5},
                         {"min_distortion", 0.4},
                         {"adversary_prior", {0.4, 0.3, 0.3}}};
    round_trip(design, "mechanism",
               {"cost", "worst_cost", "attack", "adversary_error", "bayes_error", "epsilon", "posterior",
                "observation_probability", "prior", "feasibility_threshold", "adversary_prior"});
  }
}

TEST_CASE("evaluate/game: the identity by hand; shapes; compare_optimal at the matrix's epsilon") {
  json r = {{"family", "game"},
            {"prior", {0.2, 0.5, 0.3}},
            {"utility_loss", "hamming"},
            {"distance", {{0, 1, 3}, {1, 0, 2}, {3, 2, 0}}},
            {"evaluate", {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}};
  const json id = solve_ok(r);
  CHECK(id["cost"].get<double>() == 0.0);
  CHECK(id["adversary_error"].get<double>() == 0.0);
  CHECK(id["epsilon"] == "Infinity");
  CHECK(id["attack"] == json({0, 1, 2}));
  // One observation: the adversary guesses the prior's best point (s = 1, error .2*1 + .3*2).
  r["evaluate"] = {{1, 1, 1}, {0, 0, 0}, {0, 0, 0}};
  const json flat = solve_ok(r);
  CHECK(flat["adversary_error"].get<double>() == doctest::Approx(0.8));
  CHECK(flat["epsilon"].get<double>() == 0.0);
  CHECK(flat["cost"].get<double>() == doctest::Approx(0.8));  // hamming: wrong unless s = 0
  r["evaluate"] = {{1, 1}, {0, 0}};
  CHECK(error_of(r)["path"] == "/evaluate/0");
  r["evaluate"] = {{0.6, 0.2, 0.2}, {0.2, 0.6, 0.2}, {0.2, 0.2, 0.6}};
  r["compare_optimal"] = true;
  const json out = solve_ok(r);
  const json& c = out["comparison"];
  CHECK(c["mechanism_name"] == "dp");
  CHECK(c["epsilon"] == out["epsilon"]);
  CHECK(c["cost_ratio"].get<double>() >= 1 - 1e-7);  // the LP's cost is optimal at that epsilon
  r["evaluate"] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  CHECK(solve_ok(r)["comparison"]["mechanism_name"] == "distortion");
}
