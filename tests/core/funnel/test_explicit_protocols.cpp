// Tests of core/funnel/explicit_protocols.cpp: GRR (28)-(29), OUE (30)-(32), CR (Algorithm 1,
// (33)-(34), (46)), calibration of alpha.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <random>

#include "core/funnel/funnel_test_util.h"
#include "funnel/explicit_protocols.h"
#include "metrics/information.h"

using namespace privlab;
using namespace privlab::funnel;

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
const Protocol kAll[] = {Protocol::kGrr, Protocol::kOue, Protocol::kCr};

/// CR^alpha straight from Algorithm 1: sum over the randomised secret s~ of its probability
/// times the law of the output given s~ (x itself when s~ = s, a draw from p(.|s~) otherwise).
Matrix cr_by_algorithm(const Matrix& joint, double alpha) {
  const long a = joint.cols(), c = joint.rows();
  Matrix q = Matrix::Zero(a, c * a);
  for (long s = 0; s < c; ++s)
    for (long x = 0; x < a; ++x)
      for (long st = 0; st < c; ++st) {
        const double p_st = (st == s ? std::exp(alpha) : 1.0) / (std::exp(alpha) + c - 1);
        for (long y = 0; y < a; ++y)
          q(y, s * a + x) += p_st * (st == s ? (x == y ? 1.0 : 0.0) : joint(st, y) / joint.row(st).sum());
      }
  return q;
}
}  // namespace

TEST_CASE("funnel/grr_matrix: eq. (28), alpha-LDP w.r.t. X, identity at infinity") {
  const Matrix q = grr_matrix(4, 1.3);
  CHECK(q(2, 2) == doctest::Approx(std::exp(1.3) / (std::exp(1.3) + 3)));
  CHECK(q(1, 2) == doctest::Approx(1 / (std::exp(1.3) + 3)));
  CHECK(ldp_input(q) == doctest::Approx(1.3));
  CHECK(grr_matrix(3, kInf).isIdentity());
}

TEST_CASE("funnel/oue_matrix: eq. (31) corrected (exponent uses the alphabet size a)") {
  const long a = 4;
  const double alpha = 0.9;
  const Matrix q = oue_matrix(a, alpha);
  for (long x = 0; x < a; ++x) CHECK(q.col(x).sum() == doctest::Approx(1.0).epsilon(1e-14));
  // Product of independent Bernoullis (30): P(E_x = 1) = 1/2, P(E_x' = 1) = 1/(e^alpha + 1).
  const double p_other = 1 / (std::exp(alpha) + 1);
  for (long y = 0; y < (1L << a); ++y)
    for (long x = 0; x < a; ++x) {
      double p = 1;
      for (long k = 0; k < a; ++k) {
        const bool bit = (y >> k & 1) != 0;
        p *= k == x ? 0.5 : (bit ? p_other : 1 - p_other);
      }
      CHECK(q(y, x) == doctest::Approx(p).epsilon(1e-13));
    }
  CHECK(ldp_input(q) == doctest::Approx(alpha).epsilon(1e-12));
}

TEST_CASE("funnel/cr_matrix: (46) with the Kronecker delta equals Algorithm 1; (34) holds") {
  std::mt19937_64 rng(5);
  const Matrix joint = testing::random_joint(rng, 3, 4);
  for (double alpha : {0.0, 0.4, 2.5}) {
    const Matrix q = cr_matrix(joint, alpha);
    CHECK((q - cr_by_algorithm(joint, alpha)).cwiseAbs().maxCoeff() < 1e-14);
    // (34): P(Y=y|S=s) = (e^alpha p_{y|s} + sum_{s' != s} p_{y|s'}) / (e^alpha + c - 1).
    const Matrix pys = output_secret_joint(q, joint);
    for (long s = 0; s < 3; ++s)
      for (long y = 0; y < 4; ++y) {
        double others = 0;
        for (long s2 = 0; s2 < 3; ++s2)
          if (s2 != s) others += joint(s2, y) / joint.row(s2).sum();
        const double expected = (std::exp(alpha) * joint(s, y) / joint.row(s).sum() + others) / (std::exp(alpha) + 2);
        CHECK(pys(y, s) / joint.row(s).sum() == doctest::Approx(expected).epsilon(1e-13));
      }
  }
}

TEST_CASE("funnel/closed_form_privacy: (29), (32), (33) equal LIP/LDP measured on the matrix") {
  std::mt19937_64 rng(6);
  for (int t = 0; t < 12; ++t) {
    const Matrix joint = testing::random_joint(rng, 2 + t % 3, 3 + t % 3);
    for (double alpha : {0.0, 0.3, 1.7, 6.0, kInf})
      for (Protocol p : kAll) {
        const Matrix q = protocol_matrix(p, joint, alpha);
        CHECK(closed_form_privacy(p, Target::kLip, joint, alpha) == doctest::Approx(lip(q, joint)).epsilon(1e-10));
        CHECK(closed_form_privacy(p, Target::kLdp, joint, alpha) ==
              doctest::Approx(ldp_secret(q, joint)).epsilon(1e-10));
      }
  }
}

TEST_CASE("funnel/closed_form_privacy: Proposition 2, L(alpha) <= alpha and CR is alpha-LDP") {
  std::mt19937_64 rng(7);
  for (int t = 0; t < 30; ++t) {
    const Matrix joint = testing::random_joint(rng, 2 + t % 4, 2 + t % 5);
    for (double alpha : {0.1, 1.0, 3.0}) {
      CHECK(closed_form_privacy(Protocol::kCr, Target::kLip, joint, alpha) <= alpha + 1e-12);
      CHECK(ldp_secret(cr_matrix(joint, alpha), joint) <= alpha + 1e-12);
      // GRR and OUE are alpha-LDP w.r.t. X, hence w.r.t. S (Section VII-A).
      CHECK(closed_form_privacy(Protocol::kGrr, Target::kLdp, joint, alpha) <= alpha + 1e-12);
      CHECK(closed_form_privacy(Protocol::kOue, Target::kLdp, joint, alpha) <= alpha + 1e-12);
    }
  }
}

TEST_CASE("funnel/oue_utility: H(Y) - H(Y|X) equals I(X;Y) of the matrix; limit H(X)/2") {
  std::mt19937_64 rng(8);
  const Matrix joint = testing::random_joint(rng, 2, 5);
  const Vector px = x_marginal(joint);
  for (double alpha : {0.0, 0.5, 2.0, 8.0, kInf})
    CHECK(oue_utility(px, alpha) == doctest::Approx(utility(oue_matrix(5, alpha), joint)).epsilon(1e-11));
  // Section VIII-C: "OUE falls off for large eps, having 1/2 H(X) as its limit".
  CHECK(oue_utility(px, kInf) == doctest::Approx(metrics::entropy(px) / 2).epsilon(1e-14));
  CHECK(oue_utility(px, 40.0) == doctest::Approx(metrics::entropy(px) / 2).epsilon(1e-9));
}

TEST_CASE("funnel/calibrate: every protocol meets its LIP or LDP target to 1e-9") {
  std::mt19937_64 rng(9);
  int reached = 0;
  for (int t = 0; t < 15; ++t) {
    const Matrix joint = testing::random_joint(rng, 2 + t % 3, 3 + t % 3);
    for (double eps : {0.05, 0.5, 1.5})
      for (Protocol p : kAll)
        for (Target target : {Target::kLip, Target::kLdp}) {
          const Calibration cal = calibrate(p, target, joint, eps);
          const Matrix q = protocol_matrix(p, joint, cal.alpha);
          const double measured = target == Target::kLip ? lip(q, joint) : ldp_secret(q, joint);
          CHECK(measured <= eps + 1e-9);
          if (std::isinf(cal.alpha)) {
            CHECK_FALSE(cal.reaches_target);  // even the identity-like protocol is below eps
          } else {
            CHECK(measured == doctest::Approx(eps).epsilon(1e-9));
            CHECK(cal.reaches_target);
            ++reached;
          }
        }
  }
  CHECK(reached > 100);
}

TEST_CASE("funnel/calibrate: eps = 0 gives alpha = 0; unreachable targets give alpha = inf") {
  const Matrix joint = (Matrix(2, 3) << 0.2, 0.2, 0.1, 0.1, 0.2, 0.2).finished();
  CHECK(calibrate(Protocol::kGrr, Target::kLip, joint, 0.0).alpha == doctest::Approx(0).epsilon(1e-12));
  const Calibration loose = calibrate(Protocol::kGrr, Target::kLip, joint, 10.0);
  CHECK(std::isinf(loose.alpha));
  CHECK(loose.achieved == doctest::Approx(lip(Matrix::Identity(3, 3), joint)));
}
