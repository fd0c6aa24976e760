/**
 * @file experiment_runs.h
 * @brief The computations of the estimation paper's experiments, typed and without JSON:
 *        Section 7.1 (Figure 3, parity bits), Section 7.2 (Figure 4, Adult) and Section 6
 *        (Theorem 6 against the realized gap). estimation/experiments.cpp reads the parameters
 *        and writes rows, plots and notes.
 */
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/context.h"
#include "model/adult.h"
#include "privlab/estimation.h"

namespace privlab::estimation {

/// Section 7.1's joint: S = (S1,S2) independent, P(S1=1) = p1, P(S2=1) = p2, X_i = S_i through
/// BSC(e1), BSC(e2). Bit value -1 -> index 0, +1 -> index 1; s = 2 b1 + b2 (same for x).
Matrix parity_bits_joint(double p1, double p2, double e1, double e2);

/// Section 7.1's design input: s_1(S) = S_1, u_1(X) = X_1 X_2, u_2(X) = X_2, theta for s_1.
Formulation1Input parity_bits_input(const Matrix& joint, double theta, Objective objective);

/// Figure 3: the bounds, one audited Formulation 1 design per theta, Theorem 3 and the hull.
struct ParityBitsRun {
  Analysis analysis;
  std::vector<std::pair<double, Formulation1Result>> designs;  ///< (theta, design), theta = k/(steps-1)
  std::optional<AuditedTheorem3> theorem3;
  Breakpoints hull;      ///< concave hull of (0,0), (chi2, 3), the designs and Theorem 3 (Lemma 2)
  double worst_gap = 0;  ///< largest G(chi2_sy) - chi2_xy over the designs
};
ParityBitsRun parity_bits_run(const Matrix& joint, Objective objective, long steps, double tolerance,
                              const Context& context);

/// Section 7.2's functions on S = sex x race, X = education-num x income (the table's labels):
/// private Gender = Male and each race indicator; useful Income >50K and each education year,
/// income first or last (`income_first`).
struct AdultDesign {
  Formulation1Input input;  ///< joint, functions; theta and objective set per sweep step
  std::vector<std::string> private_names, useful_names;
};
AdultDesign adult_design(const adult::CategoricalTable& table, bool income_first, double tolerance);

/// One design of the Adult sweep (Figure 4): theta, objective, the audited result.
struct AdultStep {
  double theta = 0;
  Objective objective = Objective::kMin;
  Formulation1Result result;
};
/// Formulation 1 for every theta = k/(steps-1) and each objective, the same theta for every
/// private function; every design audited.
std::vector<AdultStep> adult_sweep(AdultDesign design, long steps, const std::vector<Objective>& objectives,
                                   const Context& context);

/// Section 6 (Fig. 2 pipeline): per n, `trials` empirical joints from the true P, the design on
/// each P-hat, its chi-square gaps under P, Lemma 5 and Theorem 6.
struct RobustnessTrial {
  long trial = 0;
  double gap_s = 0, gap_x = 0;        ///< |chi2 under P - chi2 under P-hat|
  double lemma5_s = 0, lemma5_x = 0;  ///< 4/m ||P - P-hat||_1 (+inf when m = 0)
};
struct RobustnessAtN {
  long long n = 0;
  Theorem6 bound;                       ///< (43), (44) at this n
  std::vector<RobustnessTrial> trials;  ///< the trials that could be designed
  long within = 0;                      ///< trials with both gaps within Theorem 6's bounds
};
struct RobustnessRun {
  std::vector<RobustnessAtN> per_n;
  long skipped = 0;  ///< trials whose sample made a function constant (nothing to design)
};
RobustnessRun robustness_run(const Matrix& truth, const Formulation1Input& design, const std::vector<long long>& ns,
                             long trials, double beta, std::uint64_t seed, const Context& context);

}  // namespace privlab::estimation
