/**
 * @file problems.cpp
 * @brief NUNP / NURP / RUNP / RURP [mse eq. (7)-(10)]: LP and cutting-plane loop over GLPK,
 *        then the repair by mixing with the uniform mechanism.
 */
#include "rldp_mse/problems.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "common/error.h"
#include "rldp_mse/projected_set.h"
#include "rldp_mse/robust_measures.h"
#include "solvers/lp.h"

namespace privlab::rldp_mse {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kTinyCoefficient = 1e-12;

/// Index bookkeeping of the LP: Q(y, x) at y * |X| + x, then D (robust utility only).
struct Layout {
  long nu, ns, nx;
  int q(long y, long x) const { return static_cast<int>(y * nx + x); }
  int d() const { return static_cast<int>(nu * nx); }
};

/// Privacy row sum_u r1(u) Q(y,s1,u) - e^eps r2(u) Q(y,s2,u) <= 0   [eq. (6)/(25) at fixed P].
lp::Row privacy_row(const Layout& lay, long y, long s1, long s2, const Vector& r1, const Vector& r2, double factor) {
  // Tiny coefficients upset GLPK's scaling. Dropping a tiny r1 term weakens the cut; a dropped
  // r2 term is paid for on the right-hand side (Q <= 1), so the cut stays valid either way.
  lp::Row row;
  row.upper = 0;
  for (long u = 0; u < lay.nu; ++u) {
    if (r1(u) > kTinyCoefficient) row.coeffs.emplace_back(lay.q(y, s1 * lay.nu + u), r1(u));
    if (r2(u) > kTinyCoefficient)
      row.coeffs.emplace_back(lay.q(y, s2 * lay.nu + u), -factor * r2(u));
    else
      row.upper += factor * std::max(0.0, r2(u));
  }
  return row;
}

/// Utility row sum_x p_x sum_y (u_x - y)^2 Q(y,x) - D <= 0   [eq. (18) at fixed P].
lp::Row utility_row(const Layout& lay, const Vector& p, const Vector& values) {
  lp::Row row;
  for (long x = 0; x < lay.nx; ++x) {
    if (p(x) <= kTinyCoefficient) continue;  // dropping a term weakens the cut: still valid
    for (long y = 0; y < lay.nu; ++y) {
      const double diff = values(x % lay.nu) - values(y);
      if (diff != 0) row.coeffs.emplace_back(lay.q(y, x), p(x) * diff * diff);
    }
  }
  row.coeffs.emplace_back(lay.d(), -1.0);
  row.upper = 0;
  return row;
}

Vector conditional(const Matrix& p_hat, long s) {
  const Vector row = p_hat.row(s).transpose();
  return row / row.sum();
}

/// Column-stochastic cleanup of an LP solution (entries in [0,1], columns renormalised).
Matrix extract_mechanism(const Layout& lay, const Vector& x) {
  Matrix q(lay.nu, lay.nx);
  for (long y = 0; y < lay.nu; ++y)
    for (long c = 0; c < lay.nx; ++c) q(y, c) = std::clamp(x(lay.q(y, c)), 0.0, 1.0);
  for (long c = 0; c < lay.nx; ++c) q.col(c) /= q.col(c).sum();
  return q;
}
}  // namespace

Problem problem_from_name(const std::string& name) {
  if (name == "nurp") return Problem::kNurp;
  if (name == "runp") return Problem::kRunp;
  if (name == "rurp") return Problem::kRurp;
  return Problem::kNunp;
}

std::string problem_name(Problem problem) {
  switch (problem) {
    case Problem::kNurp: return "nurp";
    case Problem::kRunp: return "runp";
    case Problem::kRurp: return "rurp";
    default: return "nunp";
  }
}

const std::vector<std::string>& problem_names() {
  static const std::vector<std::string> names{"nunp", "nurp", "runp", "rurp"};
  return names;
}

bool robust_utility(Problem problem) { return problem == Problem::kRunp || problem == Problem::kRurp; }
bool robust_privacy(Problem problem) { return problem == Problem::kNurp || problem == Problem::kRurp; }

double nominal_privacy_violation(const Matrix& q, const ChiSquareSet& set, double epsilon) {
  const long ns = set.num_s(), nu = set.num_u();
  const double factor = std::exp(epsilon);
  double worst = -kInf;
  for (long s1 = 0; s1 < ns; ++s1) {
    if (set.p_hat.row(s1).sum() <= 0) continue;
    const Vector c1 = conditional(set.p_hat, s1);
    for (long s2 = 0; s2 < ns; ++s2) {
      if (s2 == s1 || set.p_hat.row(s2).sum() <= 0) continue;
      const Vector c2 = conditional(set.p_hat, s2);
      for (long y = 0; y < q.rows(); ++y)
        worst = std::max(worst, q.row(y).segment(s1 * nu, nu).dot(c1.transpose()) -
                                    factor * q.row(y).segment(s2 * nu, nu).dot(c2.transpose()));
    }
  }
  return worst;
}

double robust_privacy_violation(const Matrix& q, const ChiSquareSet& set, double epsilon) {
  const double factor = std::exp(epsilon);
  double worst = -kInf;
  for_each_secret_pair(q, set.num_s(), set.num_u(), [&](long, long s1, long s2, const Vector& q1, const Vector& q2) {
    worst = std::max(worst, support_pair(set, s1, s2, q1, -factor * q2).upper);
  });
  return worst;
}

ProblemResult solve_problem(Problem problem, const ChiSquareSet& set, const Vector& values, double epsilon,
                            const SolveOptions& options) {
  const Layout lay{set.num_u(), set.num_s(), set.num_x()};
  const bool ru = robust_utility(problem), rp = robust_privacy(problem);
  const double factor = std::exp(epsilon);
  const Vector p_hat = set.flat();
  const double range = values.maxCoeff() - values.minCoeff();
  const double distortion_tol = options.distortion_tolerance * std::max(1.0, range * range);

  lp::LinearProgram program;
  const int num_vars = lay.d() + (ru ? 1 : 0);
  program.objective = Vector::Zero(num_vars);
  program.lower = Vector::Zero(num_vars);
  program.upper = Vector::Ones(num_vars);
  if (ru) {
    program.objective(lay.d()) = 1.0;  // minimize D   [eq. (9)-(10)]
    program.upper(lay.d()) = lp::kInf;
    program.add_row(utility_row(lay, p_hat, values));  // P-hat is in F: a valid first cut
  } else {
    // minimize E_{P-hat}(U - Y)^2   [eq. (7)-(8)]
    for (long x = 0; x < lay.nx; ++x)
      for (long y = 0; y < lay.nu; ++y) {
        const double diff = values(x % lay.nu) - values(y);
        program.objective(lay.q(y, x)) = p_hat(x) * diff * diff;
      }
  }
  for (long x = 0; x < lay.nx; ++x) {  // columns are distributions
    lp::Row row;
    for (long y = 0; y < lay.nu; ++y) row.coeffs.emplace_back(lay.q(y, x), 1.0);
    row.lower = row.upper = 1.0;
    program.add_row(std::move(row));
  }
  // L_{y,s1,s2}(P-hat, Q) <= 0 (eq. (6)): the constraint of NUNP/RUNP, a valid cut for NURP/RURP.
  for (long s1 = 0; s1 < lay.ns; ++s1) {
    if (set.p_hat.row(s1).sum() <= 0) continue;
    for (long s2 = 0; s2 < lay.ns; ++s2) {
      if (s2 == s1 || set.p_hat.row(s2).sum() <= 0) continue;
      for (long y = 0; y < lay.nu; ++y)
        program.add_row(privacy_row(lay, y, s1, s2, conditional(set.p_hat, s1), conditional(set.p_hat, s2), factor));
    }
  }

  // The uniform mechanism: strictly private, and its (robust) distortion for the upper bounds.
  const Matrix uniform = Matrix::Constant(lay.nu, lay.nx, 1.0 / static_cast<double>(lay.nu));
  const Vector d_uniform = distortion_per_input(uniform, values);
  const double uniform_objective = ru ? support_function(set, d_uniform).upper : p_hat.dot(d_uniform);
  const double mu = options.repair_margin;
  const double slack_uniform = (factor - 1.0) / static_cast<double>(lay.nu);
  auto repair_weight = [&](double violation) {
    if (violation <= -mu) return 0.0;
    const double v = violation + mu;
    return std::min(1.0, v / (v + slack_uniform) * (1 + 1e-9));
  };

  // The master LP is re-solved from its previous basis after each round's cuts (dual simplex):
  // solving it from scratch every round was most of the robust problems' time.
  lp::IncrementalLp master(program);
  ProblemResult result;
  double best_upper = lp::kInf;
  std::vector<std::vector<Vector>> used(lay.nu * lay.ns * lay.ns);  // cut points per (y,s1,s2)
  std::vector<Vector> used_utility;                                 // worst-case P of utility cuts
  for (;;) {
    const lp::Solution sol = master.solve();
    ++result.rounds;
    if (sol.status != lp::Status::kOptimal && result.rounds > 1) {
      // Numerical trouble late in the loop (the LP is always feasible: the uniform mechanism
      // satisfies every cut strictly). Keep the best repaired mechanism found so far.
      result.lp_trouble = true;
      break;
    }
    if (sol.status != lp::Status::kOptimal)
      solver_failure("lp_failed", std::string("GLPK returned ") + lp::status_name(sol.status) + " in round " +
                                      std::to_string(result.rounds));
    const Matrix q = extract_mechanism(lay, sol.x);
    result.lower_bound = std::max(result.lower_bound, sol.objective);
    int added = 0, duplicates = 0;
    double violation = rp ? -lp::kInf : nominal_privacy_violation(q, set, epsilon);
    if (rp) {  // oracle of eq. (30): the worst pair in F_{U|s1,s2} for every (y, s1, s2)
      for (long y = 0; y < lay.nu; ++y)
        for (long s1 = 0; s1 < lay.ns; ++s1)
          for (long s2 = 0; s2 < lay.ns; ++s2) {
            if (s1 == s2) continue;
            const Vector q1 = q.row(y).segment(s1 * lay.nu, lay.nu).transpose();
            const Vector q2 = q.row(y).segment(s2 * lay.nu, lay.nu).transpose();
            const PairSupport sp = support_pair(set, s1, s2, q1, -factor * q2);
            violation = std::max(violation, sp.upper);
            if (sp.value <= options.privacy_tolerance) continue;
            Vector point(2 * lay.nu);
            point << sp.r1, sp.r2;
            auto& seen = used[(y * lay.ns + s1) * lay.ns + s2];
            bool duplicate = false;
            for (const Vector& old : seen)
              if ((old - point).cwiseAbs().maxCoeff() < 1e-6) duplicate = true;
            if (duplicate) {
              ++duplicates;
              continue;
            }  // nearly parallel: GLPK may stall on such LPs
            seen.push_back(point);
            if (seen.size() > 40) seen.erase(seen.begin());
            master.add_row(privacy_row(lay, y, s1, s2, sp.r1, sp.r2, factor));
            ++added;
          }
    }
    double objective_bound = 0;  // the objective at q (robust: certified upper bound)
    if (ru) {                    // oracle of eq. (22): the worst P in F for the current distortions
      const Support s = support_function(set, distortion_per_input(q, values));
      result.utility_violation = s.upper - sol.x(lay.d());
      objective_bound = s.upper;
      if (s.value - sol.x(lay.d()) > distortion_tol) {
        bool duplicate = false;
        for (const Vector& old : used_utility)
          if ((old - s.p).cwiseAbs().maxCoeff() < 1e-6) duplicate = true;
        if (!duplicate) {
          used_utility.push_back(s.p);
          master.add_row(utility_row(lay, s.p, values));
          ++added;
        }
      }
    } else {
      objective_bound = p_hat.dot(distortion_per_input(q, values));
    }
    // Upper bound: repair q now; the objective is convex along the mix (sublinear for RU).
    const double theta = repair_weight(violation);
    const double upper = (1 - theta) * objective_bound + theta * uniform_objective;
    if (upper < best_upper) {
      best_upper = upper;
      result.violation = violation;
      result.repair_weight = theta;
      result.mechanism = (1.0 - theta) * q + theta * uniform;
    }
    result.cuts += added;
    const double gap = best_upper - result.lower_bound;
    if (added == 0 || gap <= options.gap_tolerance * std::max(std::abs(result.lower_bound), 1e-3 * range * range)) {
      result.converged = true;
      break;
    }
    if (result.rounds >= options.max_rounds) break;
  }
  result.upper_bound = best_upper;
  return result;
}

}  // namespace privlab::rldp_mse
