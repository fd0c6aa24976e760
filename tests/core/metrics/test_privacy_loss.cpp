// Tests of core/metrics/privacy_loss.cpp: hand-computed ratios, the 0/0 and x/0 rules of the
// contract, and a brute-force check of the grouped maximum.
#include <doctest/doctest.h>

#include <random>

#include "fixtures/paper_examples.h"
#include "metrics/privacy_loss.h"
#include "model/joint.h"

using namespace privlab;

namespace {
double brute_force_simplex_rldp(const Matrix& q, long num_u) {
  double worst = 0;
  for (long y = 0; y < q.rows(); ++y)
    for (long a = 0; a < q.cols(); ++a)
      for (long b = 0; b < q.cols(); ++b)
        if (a / num_u != b / num_u) worst = std::max(worst, metrics::log_ratio(q(y, a), q(y, b)));
  return worst;
}
}  // namespace

TEST_CASE("metrics/log_ratio: contract rules") {
  CHECK(metrics::log_ratio(0, 0) == 0.0);
  CHECK(std::isinf(metrics::log_ratio(0.3, 0)));
  CHECK(metrics::log_ratio(0.2, 0.1) == doctest::Approx(std::log(2.0)));
}

TEST_CASE("metrics/realized_epsilon: hand-computed 2x2 example") {
  // |S| = 2, |U| = 2, P = [[.1,.1],[.2,.6]]: P(u|s1) = (.5,.5), P(u|s2) = (.25,.75).
  const auto joint = joint_from_matrix((Matrix(2, 2) << 0.1, 0.1, 0.2, 0.6).finished());
  // Q reports u truthfully (ignores s): P(Y=u1|s1) = .5, P(Y=u1|s2) = .25.
  Matrix q(2, 4);
  q << 1, 0, 1, 0, 0, 1, 0, 1;
  CHECK(metrics::realized_epsilon(q, joint) == doctest::Approx(std::log(2.0)));
  // Reporting s exactly: P(Y=s1|s2) = 0 -> infinite.
  Matrix reveal(2, 4);
  reveal << 1, 1, 0, 0, 0, 0, 1, 1;
  CHECK(std::isinf(metrics::realized_epsilon(reveal, joint)));
}

TEST_CASE("metrics/realized_epsilon: rows that are zero everywhere count as ratio 1 (0/0)") {
  const auto joint = joint_from_matrix((Matrix(2, 1) << 0.5, 0.5).finished());
  Matrix q(3, 2);
  q << 0.5, 0.25, 0.5, 0.75, 0.0, 0.0;
  CHECK(metrics::realized_epsilon(q, joint) == doctest::Approx(std::log(2.0)));
}

TEST_CASE("metrics/realized_epsilon: s with zero mass is skipped") {
  const auto joint = joint_from_matrix((Matrix(3, 1) << 0.5, 0.5, 0.0).finished());
  Matrix q(2, 3);
  q << 0.5, 0.5, 1.0, 0.5, 0.5, 0.0;
  CHECK(metrics::realized_epsilon(q, joint) == doctest::Approx(0.0));
}

TEST_CASE("metrics/simplex_rldp_epsilon and ldp_epsilon: grouped maximum equals brute force") {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> unif(0.0, 1.0);
  for (int trial = 0; trial < 100; ++trial) {
    const long ns = 1 + trial % 4, nu = 1 + trial % 3, b = 1 + trial % 5;
    Matrix q = Matrix::NullaryExpr(b, ns * nu, [&] { return unif(rng) < 0.1 ? 0.0 : unif(rng); });
    CHECK(fixtures::same_epsilon(metrics::simplex_rldp_epsilon(q, ns, nu), brute_force_simplex_rldp(q, nu)));
    CHECK(fixtures::same_epsilon(metrics::ldp_epsilon(q), brute_force_simplex_rldp(q, 1)));
  }
}
