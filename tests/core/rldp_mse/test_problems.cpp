// Tests of core/rldp_mse/problems.cpp: orderings implied by (7)-(10), feasibility of the
// robust-privacy outputs for distributions sampled inside F and on its boundary.
#include <doctest/doctest.h>

#include "core/rldp_mse/brute_force.h"
#include "metrics/privacy_loss.h"
#include "rldp_mse/evaluation.h"
#include "rldp_mse/problems.h"
#include "rldp_mse/robust_measures.h"
#include "common/random.h"

using namespace privlab;
using namespace privlab::rldp_mse;

namespace {
struct Case {
  JointDistribution estimate;
  ChiSquareSet set;
  Vector values;
};

Case random_case(std::uint64_t seed, long ns, long nu, long long n) {
  random::Engine engine(seed);
  const Vector p = random::dirichlet(engine, ns * nu, 0.5);
  const auto counts = random::multinomial(engine, p, n);
  Matrix m(ns, nu);
  for (long x = 0; x < ns * nu; ++x) m(x / nu, x % nu) = static_cast<double>(counts[x]) / n;
  Case c{joint_from_matrix(m), {}, Vector(nu)};
  c.set = make_set(c.estimate, radius_from_confidence(0.95, n, ns * nu));
  for (long u = 0; u < nu; ++u) c.values(u) = static_cast<double>(u);
  return c;
}
}  // namespace

TEST_CASE("rldp-mse/solve_problem: orderings of the four problems") {
  for (std::uint64_t seed : {3u, 11u, 29u}) {
    const Case c = random_case(seed, 2, 3, 60);
    const double eps = 0.5;
    const ProblemResult nunp = solve_problem(Problem::kNunp, c.set, c.values, eps);
    const ProblemResult nurp = solve_problem(Problem::kNurp, c.set, c.values, eps);
    const ProblemResult runp = solve_problem(Problem::kRunp, c.set, c.values, eps);
    const ProblemResult rurp = solve_problem(Problem::kRurp, c.set, c.values, eps);
    const Vector ph = c.set.flat();
    CAPTURE(seed);
    CHECK(nunp.rounds == 1);  // an LP
    // NUNP <= NURP in the nominal objective: NURP's output is feasible for NUNP (P-hat in F).
    CHECK(distortion(nunp.mechanism, c.values, ph) <= distortion(nurp.mechanism, c.values, ph) + 1e-7);
    // RUNP <= RURP in robust distortion: the lower bound of RUNP's optimum is below RURP's value.
    const double rd_runp = robust_distortion(runp.mechanism, c.values, c.set).value;
    const double rd_rurp = robust_distortion(rurp.mechanism, c.values, c.set).value;
    CHECK(runp.lower_bound <= rd_rurp + 1e-9);
    CHECK(rd_runp <= rd_rurp * (1 + 1e-4) + 1e-9);
    // The robust-utility optimum is below the robust distortion of the nominal-utility output.
    CHECK(runp.lower_bound <= robust_distortion(nunp.mechanism, c.values, c.set).value + 1e-9);
    CHECK(rurp.lower_bound <= robust_distortion(nurp.mechanism, c.values, c.set).value + 1e-9);
    // Lower bounds never exceed the certified objective of the returned mechanism.
    CHECK(nurp.lower_bound <= distortion(nurp.mechanism, c.values, ph) + 1e-9);
    CHECK(rurp.lower_bound <= rd_rurp + 1e-9);
    // Certificates: the repaired outputs meet their privacy constraint.
    CHECK(robust_epsilon(nurp.mechanism, c.set).value <= eps + 1e-9);
    CHECK(robust_epsilon(rurp.mechanism, c.set).value <= eps + 1e-9);
    CHECK(metrics::realized_epsilon(nunp.mechanism, c.estimate) <= eps + 1e-9);
    CHECK(metrics::realized_epsilon(runp.mechanism, c.estimate) <= eps + 1e-9);
  }
}

TEST_CASE("rldp-mse/solve_problem: robust privacy holds for P sampled inside F and on its boundary") {
  const Case c = random_case(5, 3, 3, 90);
  const double eps = 0.7;
  random::Engine engine(123);
  const Vector ph = c.set.flat();
  for (Problem p : {Problem::kNurp, Problem::kRurp}) {
    const ProblemResult r = solve_problem(p, c.set, c.values, eps);
    const RobustEpsilon cert = robust_epsilon(r.mechanism, c.set);
    CHECK(cert.value <= eps + 1e-9);
    double worst = 0;
    for (int i = 0; i < 400; ++i) {
      Vector z(9);
      for (long x = 0; x < 9; ++x) z(x) = 3 * random::normal(engine);
      Vector boundary = testing::member_towards(c.set, ph, z);
      const double t = random::uniform_open(engine);
      for (const Vector& member : {boundary, Vector(t * boundary + (1 - t) * ph)}) {
        REQUIRE(contains(c.set, member, 1e-9));
        Matrix m(3, 3);
        for (long x = 0; x < 9; ++x) m(x / 3, x % 3) = member(x);
        const double e = metrics::realized_epsilon(r.mechanism, joint_from_matrix(m / m.sum()));
        worst = std::max(worst, e);
        CHECK(e <= eps + 1e-9);
        CHECK(e <= cert.value + 1e-9);
      }
    }
    // The certificate is attained by a member of F (its lower side), and not far above.
    CHECK(cert.lower <= cert.value);
    CHECK(worst <= cert.lower + 1e-9);
  }
}

TEST_CASE("rldp-mse/solve_problem: without robust privacy the robust epsilon exceeds the design") {
  const Case c = random_case(7, 3, 4, 60);
  const ProblemResult r = solve_problem(Problem::kNunp, c.set, c.values, 0.5);
  CHECK(metrics::realized_epsilon(r.mechanism, c.estimate) <= 0.5 + 1e-9);
  CHECK(robust_epsilon(r.mechanism, c.set).value > 0.5 + 1e-3);
}
