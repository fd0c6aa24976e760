// Tests of core/funnel/optimal_lip.cpp: Theorem 3 (Delta (15), LP (17)-(20)).
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "core/funnel/funnel_test_util.h"
#include "funnel/attributes.h"
#include "funnel/explicit_protocols.h"
#include "funnel/optimal_ldp.h"
#include "funnel/optimal_lip.h"
#include "metrics/information.h"

using namespace privlab;
using namespace privlab::funnel;

TEST_CASE("funnel/optimal_lip: eps-LIP, b <= a, vertices of Delta have support <= min(a,c)") {
  std::mt19937_64 rng(10);
  for (int t = 0; t < 20; ++t) {
    const long c = 2 + t % 3, a = 2 + t % 5;
    const Matrix joint = testing::random_joint(rng, c, a);
    const double eps = 0.2 + 0.3 * (t % 4);
    const OptimalLip opt = optimal_lip(joint, eps);
    CHECK(lip(opt.mechanism, joint) <= eps + 1e-9);
    CHECK(opt.mechanism.rows() <= a);
    for (long x = 0; x < a; ++x) CHECK(opt.mechanism.col(x).sum() == doctest::Approx(1.0).epsilon(1e-12));
    for (long i = 0; i < opt.vertices.rows(); ++i) {
      long support = 0;
      for (long x = 0; x < a; ++x) support += opt.vertices(i, x) > 1e-12;
      CHECK(support <= std::min(a, c));
    }
    // I(X;Y) = H(X) - sum_y q_y H(R_{X|y}) = H(X) - LP optimum.
    CHECK(utility(opt.mechanism, joint) ==
          doctest::Approx(metrics::entropy(x_marginal(joint)) - opt.lp_objective).epsilon(1e-9));
    // Lemma 1: eps-LIP implies I(S;Y) <= eps.
    CHECK(leakage(opt.mechanism, joint) <= eps + 1e-12);
  }
}

TEST_CASE("funnel/optimal_lip: equals the best vertex of the Q-space LIP polytope (second method)") {
  // With one attribute, the polytope (23)-(26) is exactly {Q : Q is eps-LIP, b = a}: its best
  // vertex (Theorem 2-style enumeration in a(a-1) dimensions) must match Theorem 3.
  std::mt19937_64 rng(11);
  for (int t = 0; t < 12; ++t) {
    const long c = 2 + t % 2, a = 2 + t % 3;
    const Matrix joint = testing::random_joint(rng, c, a);
    const double eps = 0.3 + 0.4 * (t % 3);
    const double theorem3 = utility(optimal_lip(joint, eps).mechanism, joint);
    const AttributeProduct q_space = attribute_product(joint, {a}, eps);
    CHECK(lip(q_space.mechanism, joint) <= eps + 1e-9);
    CHECK(utility(q_space.mechanism, joint) == doctest::Approx(theorem3).epsilon(1e-7));
  }
}

TEST_CASE("funnel/optimal_lip: a random search over eps-LIP protocols never does better") {
  std::mt19937_64 rng(12);
  for (int t = 0; t < 6; ++t) {
    const Matrix joint = testing::random_joint(rng, 2, 3);
    const double eps = 0.25 + 0.5 * (t % 3);
    const double opt = utility(optimal_lip(joint, eps).mechanism, joint);
    const double brute = testing::brute_force_utility(
        rng, joint, eps, [&](const Matrix& q) { return lip(q, joint); }, 60, 60);
    CHECK(brute <= opt + 1e-9);
    CHECK(brute >= 0.5 * opt);  // the search is not vacuous
  }
}

TEST_CASE("funnel/optimal_lip: beats or ties GRR and OUE calibrated to the same LIP") {
  std::mt19937_64 rng(13);
  for (int t = 0; t < 20; ++t) {
    const Matrix joint = testing::random_joint(rng, 2 + t % 3, 2 + t % 4);
    const double eps = 0.1 + 0.4 * (t % 5);
    const double opt = utility(optimal_lip(joint, eps).mechanism, joint);
    for (Protocol p : {Protocol::kGrr, Protocol::kOue}) {
      const Calibration cal = calibrate(p, Target::kLip, joint, eps);
      CHECK(utility(protocol_matrix(p, joint, cal.alpha), joint) <= opt + 1e-9);
    }
  }
}

TEST_CASE("funnel/optimal_lip: LIP vs LDP orderings of Section VIII-A") {
  // eps-LDP => eps-LIP: opt-LDP(eps) <= opt-LIP(eps); eps-LIP => 2eps-LDP: opt-LIP(eps) <= opt-LDP(2eps).
  std::mt19937_64 rng(14);
  for (int t = 0; t < 8; ++t) {
    const Matrix joint = testing::random_joint(rng, 2, 3 + t % 2);
    const double eps = 0.25 + 0.25 * (t % 4);
    const double lip_value = utility(optimal_lip(joint, eps).mechanism, joint);
    CHECK(optimal_ldp(joint, eps).utility <= lip_value + 1e-9);
    CHECK(lip_value <= optimal_ldp(joint, 2 * eps).utility + 1e-9);
  }
}

TEST_CASE("funnel/optimal_lip: eps = 0 releases nothing about S; large eps releases X") {
  std::mt19937_64 rng(15);
  const Matrix joint = testing::random_joint(rng, 2, 4);
  const OptimalLip zero = optimal_lip(joint, 0.0);
  CHECK(lip(zero.mechanism, joint) < 1e-9);
  CHECK(leakage(zero.mechanism, joint) < 1e-12);
  const OptimalLip big = optimal_lip(joint, 20.0);
  CHECK(utility(big.mechanism, joint) == doctest::Approx(metrics::entropy(x_marginal(joint))).epsilon(1e-9));
}

TEST_CASE("funnel/optimal_lip: CR reads S, so it can exceed the optimum over protocols of X") {
  // The issue asks that the optimal protocols beat every calibrated explicit protocol. That holds
  // for GRR and OUE (protocols of X, tests above) but not for Conditional Reporting, whose input
  // is (S, X): Theorem 3 optimises over Q_{y|x} only. A seeded search finds instances.
  std::mt19937_64 rng(16);
  int exceed = 0;
  for (int t = 0; t < 60; ++t) {
    const Matrix joint = testing::random_joint(rng, 2, 2 + t % 2);
    const double eps = 0.1 + 0.2 * (t % 3);
    const double opt = utility(optimal_lip(joint, eps).mechanism, joint);
    const Calibration cal = calibrate(Protocol::kCr, Target::kLip, joint, eps);
    const Matrix q = cr_matrix(joint, cal.alpha);
    CHECK(lip(q, joint) <= eps + 1e-9);
    CHECK(leakage(q, joint) <= eps + 1e-12);  // Lemma 1 holds for protocols of (S, X) too
    if (utility(q, joint) > opt + 1e-9) ++exceed;
  }
  CHECK(exceed > 0);
}
