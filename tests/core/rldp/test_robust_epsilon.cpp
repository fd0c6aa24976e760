// Tests of core/rldp/robust_epsilon.cpp against brute force: distributions sampled inside F and on
// its boundary never exceed the computed robust epsilon, and the returned witness (a P in F)
// attains it.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "fixtures/paper_examples.h"
#include "metrics/privacy_loss.h"
#include "model/joint.h"
#include "rldp/independent_reporting.h"
#include "rldp/projections.h"
#include "rldp/randomized_response.h"
#include "rldp/robust_epsilon.h"
#include "rldp/uncertainty.h"
#include "rldp_test_support.h"

using namespace privlab;

TEST_CASE("rldp/robust_epsilon: brute force over sampled P in F (Renyi balls, several alpha)") {
  std::mt19937_64 rng(2024);
  for (double alpha : {0.5, 1.0, 2.0, 3.0}) {
    for (int inst = 0; inst < 4; ++inst) {
      const long ns = 2 + inst % 2, nu = 2 + (inst / 2) % 2;
      const auto joint = test_support::random_joint(rng, ns, nu, 1.0, 0.02);
      rldp::UncertaintySet set;
      set.kind = rldp::UncertaintySet::Kind::kRenyiBall;
      set.alpha = alpha;
      set.radius = 0.02 + 0.05 * inst;
      const Matrix q = test_support::random_mechanism(rng, ns * nu, ns * nu);
      const auto robust = rldp::robust_epsilon(q, joint, set);
      CHECK(robust.exact);
      const double hat = metrics::realized_epsilon(q, joint);
      CHECK(robust.value >= hat - 1e-12);
      // Witness: inside F (to rounding) and attains the value.
      REQUIRE(robust.witness.size() == joint.p.size());
      const auto w = joint_from_matrix(robust.witness / robust.witness.sum());
      CHECK(rldp::renyi_divergence(alpha, joint.flat(), w.flat()) <= set.radius * (1 + 1e-6) + 1e-9);
      CHECK(metrics::realized_epsilon(q, w) == doctest::Approx(robust.value).epsilon(1e-5));
      // Sampled P inside F and on its boundary stay below.
      const double sampled = test_support::max_sampled_epsilon(rng, q, joint, set, 3000);
      CHECK(sampled <= robust.value + 1e-9);
      CHECK(sampled >= hat - 1e-12);
    }
  }
}

TEST_CASE("rldp/robust_epsilon: exact value is below the independent-projection bound") {
  const auto joint = joint_from_matrix(fixtures::rldp_example1_estimate());
  rldp::UncertaintySet set;
  set.kind = rldp::UncertaintySet::Kind::kRenyiBall;
  set.radius = rldp::renyi_radius_from_confidence(2.0, 0.95, 100, 4);
  std::mt19937_64 rng(5);
  const Matrix q = test_support::random_mechanism(rng, 4, 4);
  const auto exact = rldp::robust_epsilon(q, joint, set);
  rldp::UncertaintySet low = set;
  low.alpha = 0.49;  // alpha < 1/2 falls back to the (flagged) independent bound
  CHECK_FALSE(rldp::robust_epsilon(q, joint, low).exact);
  // The independent bound for alpha = 2, from Theorem 1 radii and the support function.
  const auto pr = rldp::project(joint, set);
  double indep = 0;
  for (long y = 0; y < 4; ++y)
    for (long s1 = 0; s1 < 2; ++s1) {
      const long s2 = 1 - s1;
      const Vector q1 = q.row(y).segment(2 * s1, 2).transpose();
      const Vector q2 = q.row(y).segment(2 * s2, 2).transpose();
      const double h = rldp::ball_support(2, joint.conditional_u_given_s(s1), pr.b_s(s1), q1);
      const double m = -rldp::ball_support(2, joint.conditional_u_given_s(s2), pr.b_s(s2), Vector(-q2));
      indep = std::max(indep, std::log(h / m));
    }
  CHECK(exact.value < indep - 1e-4);
  CHECK(exact.value <= metrics::ldp_epsilon(q) + 1e-12);
}

TEST_CASE("rldp/robust_epsilon: point and simplex") {
  const auto joint = joint_from_matrix(fixtures::rldp_example1_estimate());
  const Matrix q = rldp::srr(2, 2, 0.8);
  rldp::UncertaintySet point;
  CHECK(rldp::robust_epsilon(q, joint, point).value == doctest::Approx(metrics::realized_epsilon(q, joint)));
  rldp::UncertaintySet simplex;
  simplex.kind = rldp::UncertaintySet::Kind::kSimplex;
  CHECK(rldp::robust_epsilon(q, joint, simplex).value == doctest::Approx(0.8));
}

TEST_CASE("rldp/robust_epsilon: P-hat with zero cells (mass can move onto them)") {
  std::mt19937_64 rng(77);
  Matrix p(2, 3);
  p << 0.2, 0.0, 0.15, 0.0, 0.4, 0.25;
  const auto joint = joint_from_matrix(p);
  for (double alpha : {0.7, 1.0, 2.0}) {
    rldp::UncertaintySet set;
    set.kind = rldp::UncertaintySet::Kind::kRenyiBall;
    set.alpha = alpha;
    set.radius = 0.08;
    for (int k = 0; k < 3; ++k) {
      const Matrix q = test_support::random_mechanism(rng, 6, 6);
      const auto robust = rldp::robust_epsilon(q, joint, set);
      CHECK(robust.exact);
      REQUIRE(robust.witness.size() == 6);
      const auto w = joint_from_matrix(robust.witness / robust.witness.sum());
      CHECK(rldp::renyi_divergence(alpha, joint.flat(), w.flat()) <= set.radius * (1 + 1e-6) + 1e-9);
      CHECK(metrics::realized_epsilon(q, w) == doctest::Approx(robust.value).epsilon(1e-5));
      CHECK(test_support::max_sampled_epsilon(rng, q, joint, set, 3000) <= robust.value + 1e-9);
    }
  }
}

TEST_CASE("rldp/robust_epsilon: repeated row segments (IR) give the value of the same matrix without repeats") {
  // Issue 28: the ball supports are computed once per distinct segment Q(y, s, .) (IR =
  // kron(GRR_S, GRR_U) repeats them across outputs; rldp "adult" spent 55 s there). The same
  // mechanism with every entry moved by one ulp has no repeated segment, so it is computed
  // without sharing: both values must agree, and so must the witness pair.
  std::mt19937_64 rng(28);
  for (double alpha : {0.5, 2.0}) {
    for (int inst = 0; inst < 3; ++inst) {
      const long ns = 3 + inst, nu = 3;
      const auto joint = test_support::random_joint(rng, ns, nu, 1.0, 0.02);
      const Matrix q = rldp::ir_matrix(ns, nu, 0.6 + 0.4 * inst, 0.9);
      Matrix apart = q;  // row y moved by y + 1 ulps: no two rows share a segment's bits
      for (long y = 0; y < q.rows(); ++y)
        for (long x = 0; x < q.cols(); ++x)
          for (long step = 0; step <= y; ++step) apart(y, x) = std::nextafter(apart(y, x), 2.0);
      rldp::UncertaintySet set;
      set.kind = rldp::UncertaintySet::Kind::kRenyiBall;
      set.alpha = alpha;
      set.radius = 0.03 + 0.04 * inst;
      INFO("alpha " << alpha << ", |S| " << ns);
      const auto shared = rldp::robust_epsilon(q, joint, set);
      const auto alone = rldp::robust_epsilon(apart, joint, set);
      CHECK(shared.exact == alone.exact);
      CHECK(shared.value == doctest::Approx(alone.value).epsilon(1e-9));
      CHECK(shared.s == alone.s);
      CHECK(shared.s_prime == alone.s_prime);
      // outputs in reverse order: the same value (a sharing that mixed up outputs would not be)
      const Matrix reversed = q.colwise().reverse();
      CHECK(rldp::robust_epsilon(reversed, joint, set).value == doctest::Approx(shared.value).epsilon(1e-9));
      // and the witness, a P in F, recomputes it from Q alone
      if (shared.exact) {
        REQUIRE(shared.witness.size() == joint.p.size());
        const auto w = joint_from_matrix(shared.witness / shared.witness.sum());
        CHECK(metrics::realized_epsilon(q, w) == doctest::Approx(shared.value).epsilon(1e-6));
      }
    }
  }
}
