// Tests of core/funnel/protocol_metrics.cpp: I(X;Y), I(S;Y), LIP (27), LDP (1)/(2), SRLIP (22).
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "fixtures/paper_examples.h"
#include "core/funnel/funnel_test_util.h"
#include "metrics/information.h"
#include "metrics/privacy_loss.h"
#include "model/joint.h"

using namespace privlab;
using namespace privlab::funnel;

namespace {
/// Q over (s,x) with every secret reading the same column: Q_lift[y][s*a+x] = Q[y][x].
Matrix lift(const Matrix& q, long c) {
  Matrix out(q.rows(), c * q.cols());
  for (long s = 0; s < c; ++s) out.middleCols(s * q.cols(), q.cols()) = q;
  return out;
}

/// SRLIP by the literal definition: loops over J, x^J, s, y with explicit sums over x.
double srlip_naive(const Matrix& q, const Matrix& joint, const std::vector<long>& sizes) {
  const long a = joint.cols(), c = joint.rows(), m = static_cast<long>(sizes.size());
  auto digit = [&](long x, long j) {
    long rest = x;
    for (long k = m - 1; k > j; --k) rest /= sizes[k];
    return rest % sizes[j];
  };
  double worst = 0;
  for (long mask = 0; mask < (1L << m); ++mask) {
    long cells = 1;
    for (long j = 0; j < m; ++j)
      if (mask >> j & 1) cells *= sizes[j];
    for (long cell = 0; cell < cells; ++cell) {
      std::vector<long> want(m, -1);
      long rest = cell;
      for (long j = m - 1; j >= 0; --j)
        if (mask >> j & 1) {
          want[j] = rest % sizes[j];
          rest /= sizes[j];
        }
      auto in_cell = [&](long x) {
        for (long j = 0; j < m; ++j)
          if (want[j] >= 0 && digit(x, j) != want[j]) return false;
        return true;
      };
      double pxj = 0;
      for (long x = 0; x < a; ++x)
        if (in_cell(x)) pxj += joint.col(x).sum();
      if (pxj <= 0) continue;
      for (long y = 0; y < q.rows(); ++y) {
        double pyxj = 0;
        for (long x = 0; x < a; ++x)
          if (in_cell(x)) pyxj += q(y, x) * joint.col(x).sum();
        for (long s = 0; s < c; ++s) {
          double psxj = 0, pysxj = 0;
          for (long x = 0; x < a; ++x)
            if (in_cell(x)) {
              psxj += joint(s, x);
              pysxj += q(y, x) * joint(s, x);
            }
          if (psxj <= 0) continue;
          worst = std::max(worst, std::abs(std::log((pysxj / psxj) / (pyxj / pxj))));
        }
      }
    }
  }
  return worst;
}
}  // namespace

TEST_CASE("funnel/utility: equals metrics::mutual_information for protocols of X") {
  std::mt19937_64 rng(1);
  for (int t = 0; t < 20; ++t) {
    const Matrix joint = testing::random_joint(rng, 3, 4);
    const Matrix q = testing::random_protocol(rng, 5, 4, 0.7);
    CHECK(utility(q, joint) == doctest::Approx(metrics::mutual_information(x_marginal(joint), q)).epsilon(1e-12));
    // I(S;Y) through the channel S -> Y, P(y|s) = sum_x Q(y|x) p(x|s).
    Matrix cond = joint;
    for (long s = 0; s < 3; ++s) cond.row(s) /= joint.row(s).sum();
    CHECK(leakage(q, joint) ==
          doctest::Approx(metrics::mutual_information(s_marginal(joint), q * cond.transpose())).epsilon(1e-12));
  }
}

TEST_CASE("funnel/ldp_secret: equals the realized epsilon of the lifted protocol") {
  std::mt19937_64 rng(2);
  for (int t = 0; t < 20; ++t) {
    const Matrix joint = testing::random_joint(rng, 3, 4);
    const Matrix q = testing::random_protocol(rng, 4, 4, 0.5);
    const double expected = metrics::realized_epsilon(lift(q, 3), joint_from_matrix(joint));
    CHECK(fixtures::same_epsilon(ldp_secret(q, joint), expected));
    CHECK(fixtures::same_epsilon(ldp_secret(lift(q, 3), joint), expected));
    CHECK(utility(lift(q, 3), joint) == doctest::Approx(utility(q, joint)).epsilon(1e-12));
  }
}

TEST_CASE("funnel/lip: randomized response on S = X uniform: max(ln 2theta, -ln 2(1-theta))") {
  const Matrix joint = (Matrix(2, 2) << 0.5, 0.0, 0.0, 0.5).finished();
  const double theta = 0.8;
  const Matrix q = (Matrix(2, 2) << theta, 1 - theta, 1 - theta, theta).finished();
  // P(y|s)/P(y) is 2 theta on the diagonal and 2 (1 - theta) off it.
  CHECK(lip(q, joint) == doctest::Approx(std::max(std::log(2 * theta), -std::log(2 * (1 - theta)))).epsilon(1e-14));
  CHECK(ldp_secret(q, joint) == doctest::Approx(std::log(theta / (1 - theta))).epsilon(1e-14));
  CHECK(ldp_input(q) == doctest::Approx(std::log(theta / (1 - theta))).epsilon(1e-14));
  // An output that some secret can never produce leaks infinitely.
  const Matrix identity = Matrix::Identity(2, 2);
  CHECK(std::isinf(lip(identity, joint)));
}

TEST_CASE("funnel/lip: Lemma 1 (LDP => LIP, LIP => 2 LIP-LDP and I(S;Y) <= LIP)") {
  std::mt19937_64 rng(3);
  for (int t = 0; t < 200; ++t) {
    const Matrix joint = testing::random_joint(rng, 2 + t % 3, 3 + t % 2);
    const Matrix q = testing::random_protocol(rng, 3, joint.cols(), 0.3 + t % 4);
    const double l = lip(q, joint), d = ldp_secret(q, joint);
    CHECK(l <= d + 1e-12);
    CHECK(d <= 2 * l + 1e-12);
    CHECK(leakage(q, joint) <= l + 1e-12);
  }
}

TEST_CASE("funnel/srlip: matches the literal definition (22); J = {} is LIP; m = 1 is LIP") {
  std::mt19937_64 rng(4);
  for (int t = 0; t < 10; ++t) {
    const std::vector<long> sizes = t % 2 ? std::vector<long>{2, 3} : std::vector<long>{2, 2, 2};
    const Matrix joint = testing::random_joint(rng, 2, 6 + 2 * (t % 2 == 0));
    const Matrix q = testing::random_protocol(rng, 4, joint.cols(), 0.5);
    const SrlipWitness w = srlip(q, joint, sizes);
    CHECK(w.value == doctest::Approx(srlip_naive(q, joint, sizes)).epsilon(1e-12));
    CHECK(w.value >= lip(q, joint) - 1e-12);  // Lemma 2
    CHECK(srlip(q, joint, {joint.cols()}).value == doctest::Approx(lip(q, joint)).epsilon(1e-12));
    // the witness is consistent: |J| values, s and y in range
    CHECK(w.attributes.size() == w.values.size());
    CHECK(w.s >= 0);
    CHECK(w.y >= 0);
  }
}
