// Tests of core/rldp/polyopt.cpp: paper Example 3 (vertices, mu, theta, Q_PolyOpt, utility 0.4228,
// eps* = 0.2804 under P*), the variant without same-s rows (0.5630), and NR.
#include <doctest/doctest.h>

#include "common/error.h"
#include "fixtures/paper_examples.h"
#include "metrics/information.h"
#include "metrics/privacy_loss.h"
#include "model/joint.h"
#include "rldp/polyopt.h"
#include "rldp/projections.h"
#include "rldp/randomized_response.h"
#include "rldp/uncertainty.h"

using namespace privlab;
using fixtures::matches_printed;

namespace {
rldp::UncertaintySet example_set() {
  rldp::UncertaintySet set;
  set.kind = rldp::UncertaintySet::Kind::kRenyiBall;
  set.alpha = 2;
  set.radius = rldp::renyi_radius_from_confidence(2.0, 0.95, 100, 4);
  return set;
}
const double kPrintedV[16][4] = {
    {0.0744, 0.3227, 0.5603, 0.0426}, {0.2426, 0.2426, 0.4783, 0.0364}, {0.3333, 0.3333, 0.1667, 0.1667},
    {0.1091, 0.4737, 0.2086, 0.2086}, {0.0993, 0.4310, 0, 0.4697},      {0.1121, 0.4864, 0, 0.4015},
    {0.3404, 0.3404, 0, 0.3191},      {0.0770, 0.3343, 0.2944, 0.2944}, {0.2234, 0.2234, 0, 0.5531},
    {0.4875, 0.1434, 0, 0.3690},      {0.4360, 0.1283, 0, 0.4358},      {0.4758, 0.1400, 0.1921, 0.1921},
    {0.3437, 0.1011, 0.2776, 0.2776}, {0.1602, 0.1602, 0.6316, 0.0481}, {0.1667, 0.1667, 0.3333, 0.3333},
    {0.3325, 0.0978, 0.5294, 0.0403}};
const double kPrintedMu[16] = {0.1152, 0.0942, 0.0087, 0.0135, 0.1097, 0.0968, 0.0723, 0.0080,
                               0.1240, 0.0878, 0.1014, 0.0106, 0.0076, 0.1240, 0.0075, 0.1083};
const double kPrintedTheta[16] = {1.1899, 0, 0, 0, 0, 0.7670, 0, 0, 0, 0, 1.4134, 0, 0, 0, 0, 0.6297};
const double kPrintedQ[4][4] = {{0.0885, 0.3840, 0.6667, 0.0507},
                                {0.0860, 0.3731, 0, 0.3080},
                                {0.6162, 0.1813, 0, 0.6159},
                                {0.2094, 0.0616, 0.3333, 0.0254}};
/// Index of the row of m that matches `printed` to 4 decimals, or -1.
long find_row(const Matrix& m, const double* printed) {
  for (long i = 0; i < m.rows(); ++i) {
    bool ok = true;
    for (long x = 0; x < m.cols(); ++x) ok = ok && matches_printed(m(i, x), printed[x], 4);
    if (ok) return i;
  }
  return -1;
}
}  // namespace

TEST_CASE("rldp/polyopt: paper Example 3 (Theorem 1 projections, same-s rows)") {
  const auto joint = joint_from_matrix(fixtures::rldp_example1_estimate());
  const auto pr = rldp::project(joint, example_set());
  const auto r = rldp::polyopt(joint, fixtures::rldp_example3_epsilon(), pr.lower);
  REQUIRE(r.vertices.rows() == 16);
  for (int i = 0; i < 16; ++i) {
    const long k = find_row(r.vertices, kPrintedV[i]);
    REQUIRE_MESSAGE(k >= 0, "printed vertex " << i << " not found");
    CHECK(matches_printed(r.mu(k), kPrintedMu[i], 4));
    CHECK(matches_printed(r.theta(k), kPrintedTheta[i], 4));
  }
  CHECK(matches_printed(r.utility, 0.4228, 4));
  REQUIRE(r.mechanism.rows() == 4);  // |Y| <= |X| (Theorem 3)
  for (int i = 0; i < 4; ++i) CHECK(find_row(r.mechanism, kPrintedQ[i]) >= 0);
  CHECK(matches_printed(metrics::mutual_information(joint.flat(), r.mechanism), 0.4228, 4));
  // ERRATUM (docs/errata.md): the printed "true utility 0.2804" is eps* of Q under P*.
  const auto truth = joint_from_matrix(fixtures::rldp_example1_true());
  CHECK(matches_printed(metrics::realized_epsilon(r.mechanism, truth), 0.2804, 4));
}

TEST_CASE("rldp/polyopt: without same-s rows Example 3's utility is 0.5630 (docs/errata.md)") {
  const auto joint = joint_from_matrix(fixtures::rldp_example1_estimate());
  const auto pr = rldp::project(joint, example_set());
  rldp::PolyOptOptions options;
  options.same_s_rows = false;
  const auto r = rldp::polyopt(joint, fixtures::rldp_example3_epsilon(), pr.lower, options);
  CHECK(matches_printed(r.utility, 0.5630, 4));
  CHECK(r.mechanism.rows() <= 4);
  CHECK(matches_printed(metrics::mutual_information(joint.flat(), r.mechanism), 0.5630, 4));
}

TEST_CASE("rldp/definition3_rows: 11 non-trivial rows for Example 3, 8 without same-s rows") {
  const auto joint = joint_from_matrix(fixtures::rldp_example1_estimate());
  const auto pr = rldp::project(joint, example_set());
  const Vector ps = joint.s_marginal();
  // Of the 16 rows the paper counts, the 4 same-s rows with u1 = u2 and one more (implied by
  // v >= 0: all its coefficients are <= 0) are dropped.
  CHECK(rldp::definition3_rows(pr.lower, std::log(2.0), {}, ps).rows() == 11);
  rldp::PolyOptOptions no_same;
  no_same.same_s_rows = false;
  CHECK(rldp::definition3_rows(pr.lower, std::log(2.0), no_same, ps).rows() == 8);
}

TEST_CASE("rldp/non_robust: realized epsilon under P-hat is eps, utility above PolyOpt's") {
  const auto joint = joint_from_matrix(fixtures::rldp_example1_estimate());
  for (double eps : {0.2, std::log(2.0), 1.5}) {
    const auto nr = rldp::non_robust(joint, eps);
    CHECK(metrics::realized_epsilon(nr.mechanism, joint) <= eps + 1e-9);
    CHECK(metrics::realized_epsilon(nr.mechanism, joint) == doctest::Approx(eps).epsilon(1e-6));
    const auto pr = rldp::project(joint, example_set());
    rldp::PolyOptOptions options;
    options.same_s_rows = false;
    const auto po = rldp::polyopt(joint, eps, pr.lower, options);
    CHECK(nr.utility >= po.utility - 1e-9);
    // NR's LP optimum equals I(X;Y) of its matrix.
    CHECK(metrics::mutual_information(joint.flat(), nr.mechanism) == doctest::Approx(nr.utility).epsilon(1e-7));
  }
}

TEST_CASE("rldp/polyopt: refuses |X| beyond the limit with too_large at /joint") {
  const long nu = rldp::kMaxPolyOptX / 4 + 1;  // 4 x nu > kMaxPolyOptX
  const auto joint = joint_from_matrix(Matrix::Constant(4, nu, 1.0 / static_cast<double>(4 * nu)));
  try {
    rldp::polyopt(joint, 1.0, Matrix::Zero(4, nu));
    FAIL("expected too_large");
  } catch (const Error& e) {
    CHECK(e.code() == "too_large");
    CHECK(e.path() == "/joint");
  }
}

TEST_CASE("rldp/polyopt: F = simplex reproduces Theorem 4 (SRR optimal) and GRR's LDP optimality") {
  // With L = 0 the Definition 3 rows without same-s rows are Proposition 3's cone, so PolyOpt is
  // the optimal (eps, simplex)-RLDP mechanism: for large eps it must equal SRR's utility
  // (Theorem 4). With same-s rows it is the eps-LDP polytope, where GRR is optimal for large eps.
  const auto joint = joint_from_matrix(fixtures::rldp_example1_estimate());
  const Vector px = joint.flat();
  const double eps = 4.0;
  rldp::PolyOptOptions no_same;
  no_same.same_s_rows = false;
  const auto rldp_opt = rldp::polyopt(joint, eps, Matrix::Zero(2, 2), no_same);
  CHECK(rldp_opt.utility == doctest::Approx(metrics::mutual_information(px, rldp::srr(2, 2, eps))).epsilon(1e-7));
  const auto ldp_opt = rldp::polyopt(joint, eps, Matrix::Zero(2, 2));
  CHECK(ldp_opt.utility == doctest::Approx(metrics::mutual_information(px, rldp::grr(4, eps))).epsilon(1e-7));
  // For small eps the optimum is strictly better than SRR (SRR is optimal only for large eps).
  const auto small = rldp::polyopt(joint, 0.2, Matrix::Zero(2, 2), no_same);
  CHECK(small.utility > metrics::mutual_information(px, rldp::srr(2, 2, 0.2)) + 1e-6);
}

TEST_CASE("rldp/non_robust_vertices_fit: NR's vertex enumeration where it is fast, columns above") {
  CHECK(rldp::non_robust_vertices_fit(2, 5));
  CHECK(rldp::non_robust_vertices_fit(2, 16));
  CHECK(rldp::non_robust_vertices_fit(3, 10));
  CHECK_FALSE(rldp::non_robust_vertices_fit(4, 6));
  CHECK_FALSE(rldp::non_robust_vertices_fit(15, 16));
  const auto joint = joint_from_matrix(Matrix::Constant(4, 6, 1.0 / 24));
  CHECK(rldp::non_robust(joint, 1.0).optimality.method == "column_generation");
  const long nu = rldp::kMaxPolyOptX / 5 + 1;  // beyond the page's limit
  const auto big = joint_from_matrix(Matrix::Constant(5, nu, 1.0 / static_cast<double>(5 * nu)));
  try {
    rldp::non_robust(big, 1.0);
    FAIL("expected too_large");
  } catch (const Error& e) {
    CHECK(e.code() == "too_large");
    CHECK(e.path() == "/joint");
  }
}
