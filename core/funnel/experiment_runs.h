/**
 * @file experiment_runs.h
 * @brief The computations of the funnel paper's experiments [funnel Section VIII], typed and
 *        without JSON: Figure 3 (optimal LDP vs LIP), Figures 6-7 (GRR vs CR on Jeffreys-drawn
 *        joints), Figures 5 and 8 (protocols on one Adult panel). funnel/experiments_*.cpp read
 *        the parameters, call these and write the rows.
 */
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/context.h"
#include "common/linalg.h"
#include "common/random.h"

namespace privlab::funnel {

/// One row of Figure 3: a method's utility and the vertices it enumerated at one eps.
struct LdpVsLipRow {
  double epsilon = 0;
  std::string method;  ///< "opt-lip", "opt-ldp", "opt-ldp(eps/2)"
  double mutual_information = 0;
  long vertices = 0;   ///< of Delta (15) or Gamma (5)-(7)
  long dimension = 0;  ///< a - 1 or a(a - 1)
};
/// Section VIII-A, distribution `trial`: p(s,x) ~ U[0,1] on c x a (normalised) drawn from `seed`,
/// then Theorem 3 at eps, Theorem 2 at eps and at eps/2 for every eps.
std::vector<LdpVsLipRow> ldp_vs_lip_distribution(long a, long c, const std::vector<double>& epsilons,
                                                 std::uint64_t seed, long trial, const Context& context);

/// One row of Figures 6-7: GRR and CR calibrated to LIP eps ((29), (33)) on one distribution.
struct GrrVsCrRow {
  long a = 0, c = 0, trial = 0;
  double epsilon = 0;
  double nmi_grr = 0, nmi_cr = 0;      ///< I(X;Y) / H(X)
  double alpha_grr = 0, alpha_cr = 0;  ///< +infinity when even the deterministic protocol meets eps
};
/// The rows of one size (a, c) and, with more than two finite pairs at the last eps, the Pearson
/// correlation of (alpha_CR - alpha_GRR) and (nmi_CR - nmi_GRR) (Figure 7).
struct GrrVsCrSize {
  long a = 0, c = 0;
  std::vector<GrrVsCrRow> rows;
  std::optional<double> correlation;
};
/// Sections VIII-D/E: `trials` joints per size from Dirichlet(1/2) on S x X drawn from `rng` in
/// order (sizes, then trials); joints with an empty secret are skipped (CR needs p_s > 0).
std::vector<GrrVsCrSize> grr_vs_cr(const std::vector<std::pair<long, long>>& sizes, long trials,
                                   const std::vector<double>& epsilons, random::Engine& rng, const Context& context);

/// One row of Figure 5 / 8 on an Adult panel: a protocol's utility at LIP eps.
struct AdultRow {
  std::string protocol;  ///< "opt-lip", "grr", "cr", "oue"
  double epsilon = 0;
  double mutual_information = 0;  ///< I(X;Y), nats (OUE: H(Y) - H(Y|X) without its matrix)
  double nmi = 0;                 ///< I(X;Y) / H(X) (0 when H(X) = 0)
  std::optional<double> alpha;    ///< the calibrated alpha (not for opt-lip)
};
struct AdultPanel {
  std::vector<AdultRow> rows;
  bool oue_skipped = false;      ///< |X| > 20: 2^|X| outputs
  bool opt_lip_skipped = false;  ///< beyond lip_allowed (funnel/size_guards.h)
  long support_x = 0, support_s = 0;
};
/// Section VIII-C on one panel p(s,x): each protocol at each LIP eps (progress stage `panel`,
/// fractions from done / total, `done` advanced per eps).
AdultPanel adult_panel(const Matrix& joint, const std::vector<std::string>& protocols,
                       const std::vector<double>& epsilons, const std::string& panel, long& done, double total,
                       const Context& context);

}  // namespace privlab::funnel
