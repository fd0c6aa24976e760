// Tests of core/rldp/repair.cpp and of the PolyOpt / NR requests it rescues (issue 13,
// reproductions 5-7): tiny radii tend to the point solution monotonically, epsilon up to 50 is
// answered with a verified audit, and Renyi alpha < 1 reports Infinity where F reaches a zero.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include <nlohmann/json.hpp>

#include "metrics/privacy_loss.h"
#include "privlab/api.h"
#include "rldp/repair.h"

using namespace privlab;
using nlohmann::json;

namespace {
json solve_ok(const json& request) {
  const auto outcome = api::solve(request.dump());
  INFO(request.dump() << " -> " << outcome.json.substr(0, 400));
  REQUIRE(outcome.exit_code == 0);
  const json r = json::parse(outcome.json);
  CHECK(r["audit"]["verified"] == true);
  return r;
}
json example1(const std::string& mechanism, double epsilon) {
  return {{"family", "rldp"}, {"mechanism", mechanism}, {"joint", {{0.07, 0.10}, {0.26, 0.57}}}, {"epsilon", epsilon}};
}
double measured(const json& r) {
  return r["audit"]["measured_epsilon"].is_string() ? INFINITY : r["audit"]["measured_epsilon"].get<double>();
}
}  // namespace

TEST_CASE("rldp/guaranteed_mix_weight: the mix is eps-LDP for any mechanism, zeros included") {
  std::mt19937_64 rng(13);
  std::gamma_distribution<double> g(0.5);
  std::bernoulli_distribution zero(0.4);
  for (double eps : {0.0, 0.3, 2.0, 10.0, 20.0, 35.0, 50.0})
    for (int k = 0; k < 10; ++k) {
      const long rows = 2 + k % 5, cols = 2 + k % 4;
      Matrix q(rows, cols);
      for (long i = 0; i < q.size(); ++i) q.data()[i] = zero(rng) ? 0.0 : g(rng);
      for (long x = 0; x < cols; ++x) {
        q(k % rows, x) += 1e-300;
        q.col(x) /= q.col(x).sum();
      }
      const Matrix m = rldp::mix_uniform(q, rldp::guaranteed_mix_weight(rows, eps));
      CHECK(metrics::ldp_epsilon(m) <= eps + 1e-12);
      CHECK((m.colwise().sum().array() - 1).abs().maxCoeff() < 1e-12);
    }
}

TEST_CASE("rldp/repair_by_uniform_mix: the smallest grid weight that passes, monotone in the measure") {
  Matrix q(2, 2);
  q << 1, 0, 0, 1;  // identity: LDP epsilon Infinity
  const auto ldp = [](const Matrix& m) { return metrics::ldp_epsilon(m); };
  double last_weight = 0;
  for (double eps : {8.0, 4.0, 2.0, 1.0}) {
    const auto r = rldp::repair_by_uniform_mix(q, eps, ldp);
    CHECK(ldp(r.mechanism) <= eps);
    CHECK(ldp(rldp::mix_uniform(q, r.weight / 2)) > eps);  // one grid step less fails
    CHECK(r.weight > last_weight);                         // a stricter eps needs more mixing
    last_weight = r.weight;
  }
}

TEST_CASE("rldp/polyopt: issue13 repro 6: tiny radii tend to the point solution, monotonically in utility") {
  const double nr = solve_ok(example1("nr", 1.0))["mutual_information"].get<double>();
  double previous = 0;
  for (double radius : {1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11, 1e-12, 1e-14}) {
    json req = example1("polyopt", 1.0);
    req["uncertainty"] = {{"alpha", 2}, {"radius", radius}};
    const json r = solve_ok(req);
    INFO("radius " << radius);
    CHECK(measured(r) <= 1.0 + 1e-7);
    const double mi = r["mutual_information"].get<double>();
    CHECK(mi >= previous - 1e-9);  // utility never drops as F shrinks
    CHECK(mi <= nr + 1e-9);        // nor exceeds the point optimum
    previous = mi;
  }
  CHECK(previous == doctest::Approx(nr).epsilon(1e-3));  // radius 1e-14: the point solution
}

TEST_CASE("rldp/polyopt: issue13 repro 6: a census-size table (Adult race x sex counts x 100)") {
  json req = {{"family", "rldp"},
              {"mechanism", "polyopt"},
              {"joint", {{11900, 19200}, {34600, 69300}, {155500, 156900}, {10900, 16200}, {864200, 1917400}}},
              {"epsilon", 1},
              {"uncertainty", {{"alpha", 2}, {"confidence", 0.95}}}};
  const json r = solve_ok(req);
  CHECK(r["n"] == 3256100);
  CHECK(measured(r) <= 1.0 + 1e-7);
  CHECK(r["mutual_information"].get<double>() > 0);
}

TEST_CASE("rldp/polyopt: issue13 repro 7: epsilon up to 50 passes the audit (PolyOpt and NR)") {
  for (const char* mechanism : {"polyopt", "nr"})
    for (double alpha : {0.5, 2.0}) {
      double previous = 0;
      for (double eps : {1.0, 5.0, 10.0, 20.0, 30.0, 40.0, 50.0}) {
        json req = example1(mechanism, eps);
        req["n"] = 100;
        req["uncertainty"] = {{"alpha", alpha}, {"confidence", 0.95}};
        const json r = solve_ok(req);
        INFO(mechanism << " alpha " << alpha << " eps " << eps);
        CHECK(measured(r) <= eps + 1e-7);
        const double mi = r["mutual_information"].get<double>();
        CHECK(mi >= previous - 1e-6);  // a larger budget never loses utility
        previous = mi;
      }
    }
}

TEST_CASE("rldp/robust_epsilon: issue13 repro 5: NR under a Renyi ball with alpha 0.5 is Infinity, exact") {
  const json r = solve_ok({{"family", "rldp"},
                           {"mechanism", "nr"},
                           {"joint", {{0.3125, 0.3125}, {0.0625, 0.3125}}},
                           {"n", 100},
                           {"epsilon", 1},
                           {"uncertainty", {{"alpha", 0.5}, {"radius", 0.1}}}});
  CHECK(r["robust_epsilon"] == "Infinity");
  CHECK(r["robust_epsilon_exact"] == true);
}
