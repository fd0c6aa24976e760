/**
 * @file cutting_lp.h
 * @brief An LP that grows by rows and is re-solved from its previous basis: the master problem
 *        of a cutting-plane loop. Same Row / LinearProgram types as solvers/lp.h.
 *
 * Why not lp::solve_lp: it rebuilds the problem each time with GLPK's presolver on, and the
 * presolver returned wrong optima ("optimal" 0 with a feasible point of value 0.7 known) and
 * spurious infeasibility on the degenerate Formulation 1 LPs of tabulated data. This class runs
 * the simplex without presolve and warm-starts after each cut (dual simplex first).
 * Proposal for shared code: move it to core/solvers as lp::IncrementalLp (or add a `presolve`
 * flag and a warm-start handle to lp::LinearProgram).
 */
#pragma once
#include <memory>

#include "solvers/lp.h"

namespace privlab::estimation {

class CuttingLp {
 public:
  /// The initial program (objective, bounds, rows).
  explicit CuttingLp(const lp::LinearProgram& program);
  ~CuttingLp();
  CuttingLp(const CuttingLp&) = delete;
  CuttingLp& operator=(const CuttingLp&) = delete;

  void add_row(const lp::Row& row);
  /// Re-solves from the current basis. Duals are not filled.
  lp::Solution solve();
  int num_rows() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace privlab::estimation
