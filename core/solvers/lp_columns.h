/**
 * @file lp_columns.h
 * @brief An LP that grows by columns and is re-solved from its previous basis (implemented in
 *        lp.cpp, the only file that sees GLPK): the dual form of a cutting-plane master, where
 *        each primal cut is a new dual column. A new column enters nonbasic at 0, so the old
 *        basis stays primal feasible and the primal simplex continues from it.
 */
#pragma once
#include <memory>
#include <utility>
#include <vector>

#include "solvers/lp.h"

namespace privlab::lp {

class ColumnLp {
 public:
  explicit ColumnLp(const LinearProgram& program);  ///< objective, bounds, rows, initial columns
  ~ColumnLp();
  ColumnLp(const ColumnLp&) = delete;
  ColumnLp& operator=(const ColumnLp&) = delete;

  /// A column with objective coefficient c and bounds [lower, upper] containing 0.
  void add_column(double c, double lower, double upper, const std::vector<std::pair<int, double>>& coeffs);
  /// A row over the existing columns that the current point satisfies (a new pricing row whose
  /// columns are all still 0, say): its slack enters the basis, which so stays primal feasible.
  /// Returns the row's index.
  int add_row(const Row& row);
  Solution solve();  ///< x (one per column), row_duals, objective
  /// Wall-clock limit of the next solve() calls (0: none); a solve that hits it is kFailed.
  void set_time_limit(double seconds);
  /// GLPK's primal and dual feasibility tolerances (default 1e-7, relative).
  void set_tolerance(double tolerance);
  int num_cols() const;
  /// Which columns are basic in the current basis (one entry per column).
  std::vector<char> basic_columns() const;
  /// Removes the listed columns (0-based, ascending, nonbasic: the basis stays valid); the others
  /// keep their order.
  void remove_columns(const std::vector<int>& columns);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace privlab::lp
