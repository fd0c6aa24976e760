/**
 * @file lp.h
 * @brief The one linear-programming interface of privlab. solvers/lp.cpp is the only file that
 *        sees the backend (GLPK); every family builds a LinearProgram and calls solve_lp.
 */
#pragma once
#include <limits>
#include <memory>
#include <utility>
#include <vector>

#include "common/linalg.h"

namespace privlab::lp {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// One constraint lower <= sum_j coeff_j x_j <= upper (use +-kInf for a one-sided row).
struct Row {
  std::vector<std::pair<int, double>> coeffs;  ///< (column index, coefficient)
  double lower = -kInf;
  double upper = kInf;
};

struct LinearProgram {
  bool maximize = false;
  /// GLPK's LP presolver. Off by default: on degenerate LPs built from tabulated data (the
  /// estimation family's Adult tables) it returned a wrong "optimal" value and called a feasible
  /// LP infeasible. Turn it on only for large, well-conditioned LPs where it was checked.
  bool presolve = false;
  /// Simplex iterations allowed per attempt (0: automatic, 50 (rows + columns) + 10000, far
  /// above what a healthy simplex needs). GLPK's primal simplex cycled on degenerate
  /// cutting-plane LPs (seen in the rldp-mse family): a solve that hits the limit restarts once
  /// from the standard basis with the dual simplex, then gives up with Status::kFailed.
  long iteration_limit = 0;
  /// Wall-clock limit of solve_lp in seconds (0: none); a solve stopped by it is kTimeLimit.
  double time_limit = 0;
  /// GLPK's primal and dual feasibility tolerances (relative; 0: its defaults, 1e-7). A caller
  /// that proves bounds from the duals asks for tighter ones (IncrementalLp::set_tolerance).
  double tolerance = 0;
  Vector objective;     ///< one entry per variable
  Vector lower, upper;  ///< variable bounds (default [0, +inf) when left empty)
  std::vector<Row> rows;

  int num_vars() const { return static_cast<int>(objective.size()); }
  /// Appends a row and returns its index.
  int add_row(Row row) {
    rows.push_back(std::move(row));
    return static_cast<int>(rows.size()) - 1;
  }
};

/// kTimeLimit: stopped by its time limit (GLPK's GLP_ETMLIM) before an answer. GLPK times a
/// solve with gettimeofday, not std::chrono::steady_clock, so a caller whose limit is a
/// deadline's time left cannot tell this stop from a failure by reading its own clock (in the
/// browser the two clocks differ by about a millisecond); it reads this status.
enum class Status { kOptimal, kInfeasible, kUnbounded, kTimeLimit, kFailed };

struct Solution {
  Status status = Status::kFailed;
  Vector x;  ///< primal values (when optimal)
  double objective = 0;
  Vector row_duals;  ///< one multiplier per row: d objective / d row bound, GLPK's sign
};

/// Solves the LP with the simplex method (presolve as the program asks). Never throws on infeasibility:
/// the status says what happened.
Solution solve_lp(const LinearProgram& program);

const char* status_name(Status status);

namespace testing {
/// Multiplies every time limit given from now on (1: as given). Tests set a factor below 1 to
/// make solves stop at their limit before the caller's own clock reaches its deadline, as
/// GLPK's timer sometimes does in the browser (Status::kTimeLimit).
void scale_time_limits(double factor);
}  // namespace testing

/// A simplex basis of an IncrementalLp, compactly: the status of every variable, and the rows
/// that are not basic (at most one per basic variable, so O(variables) whatever the rows).
/// Statuses are GLPK's (GLP_BS, GLP_NL, ...).
struct Basis {
  std::vector<int> columns;
  std::vector<std::pair<int, int>> nonbasic_rows;  ///< (row index, status)
};

/**
 * An LP that grows by rows and is re-solved from its previous basis: the master problem of a
 * cutting-plane loop. Plain simplex (no presolve), dual simplex after each cut, since the old
 * basis stays dual feasible when a row is added (its slack enters the basis). Duals are not
 * filled. Written for the estimation family's Formulation 1 (core/estimation/formulation1.cpp).
 */
class IncrementalLp {
 public:
  explicit IncrementalLp(const LinearProgram& program);  ///< objective, bounds and initial rows
  ~IncrementalLp();
  IncrementalLp(const IncrementalLp&) = delete;
  IncrementalLp& operator=(const IncrementalLp&) = delete;

  void add_row(const Row& row);
  /// Replaces the objective (one coefficient per variable). The old basis stays primal
  /// feasible, so the next solve() continues with the primal simplex from it (the pricing LPs
  /// of a decomposition, one objective per block over the same rows).
  void set_objective(const Vector& objective);
  /// GLPK's primal and dual feasibility tolerances (default 1e-7, relative): a decomposition
  /// certifies its optimum from the duals, so it asks for tighter ones.
  void set_tolerance(double tolerance);
  /// Wall-clock limit of the next solve() in seconds (<= 0: none), the scaled restarts and the
  /// exact simplex included; a solve stopped by it does not end optimal.
  void set_time_limit(double seconds);
  Solution solve();
  int num_rows() const;
  /// The current basis, to start a later solve from (set_basis).
  Basis basis() const;
  /// Restores a basis taken by basis(); rows added since are basic (their slacks), so it stays
  /// a basis. The next solve() starts from it: the primal simplex after set_objective (its phase
  /// 1 first where rows added since cut the basic solution off), else the dual simplex.
  void set_basis(const Basis& b);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Frees GLPK's per-thread state of the calling thread (call on a worker thread after its
/// last LP is destroyed; GLPK keeps its memory accounting per thread).
void release_thread_state();

}  // namespace privlab::lp
