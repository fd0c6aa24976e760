/**
 * @file lp_build.h
 * @brief The rows of LPs (21)-(24) of [game] (internal to design() and the cutting planes):
 *        which DP pairs are kept, the rows themselves, the certificate and the round-off repair.
 */
#pragma once
#include <optional>
#include <utility>
#include <vector>

#include "game/mechanisms.h"
#include "solvers/lp.h"

namespace privlab::game::lp_build {

/// DP factors e^{eps d} are capped at e^30: p(o|s) <= e^30 p(o|s') is stricter than the target
/// when eps d > 30, so the guarantee still holds, and the LP stays numerically sane.
constexpr double kMaxLogFactor = 30;

inline bool has_distortion(MechanismKind k) { return k != MechanismKind::kDp; }
inline bool has_dp(MechanismKind k) { return k != MechanismKind::kDistortion; }

/// Which ordered pairs carry DP rows (s * n + t), decided once per design.
struct PairFilter {
  const GameInputs& in;
  const DesignOptions& opt;
  std::vector<char> implied;
  PairFilter(const GameInputs& i, const DesignOptions& o);
  bool keep(long s, long t) const;  ///< does the LP carry the DP rows of (s, t)?
};

/// The pairs PairFilter(in, opt) keeps, counted row by row without building the whole
/// implied_pairs (O(n^3): minutes at 2,500 cells): stops at the first count above `limit`, so a
/// grid that is not a line costs a few O(n^2) rows.
long count_kept_pairs(const GameInputs& in, const DesignOptions& opt, long limit);

/// ln of the DP factor of pair (s, t): eps d_eps(s,t) for (22b), eps for (23b) (capped).
double log_factor(const GameInputs& in, const DesignOptions& opt, long s, long t);

/// log_factor over every ordered pair, 0 on the diagonal (no approximation threshold applied).
Matrix log_factors(const GameInputs& in, const DesignOptions& opt);

/// Does the LP carry row (21b)/(24b) for (o, shat)? Appendix C also drops far guesses.
bool keep_distortion_row(const GameInputs& in, const DesignOptions& opt, long o, long g);

inline int pvar(long o, long s, long m) { return static_cast<int>(s * m + o); }
inline int xvar(long o, long m, long n) { return static_cast<int>(m * n + o); }

/// Nonzeros of row (21b) for guess g: the secrets with pi(s) d(g,s) != 0, plus x(o).
long distortion_row_nonzeros(const GameInputs& in, long g);

struct Built {
  lp::LinearProgram prog;
  int budget_row = -1;            ///< index of (21c)/(24c)
  std::vector<int> simplex_rows;  ///< the rows (16), one per secret
  long dp_rows = 0, distortion_rows = 0;
};

/// One DP row p(o|s) <= f p(o|t), and one (21b) row (o, guess g).
struct DpRow {
  long o, s, t;
};
struct DistortionRow {
  long o, g;
};

/// (22b)/(23b)/(24d) multiplied: p(o|s) - f p(o|t) <= 0.
lp::Row dp_row(const GameInputs& in, const DesignOptions& opt, const DpRow& r);
/// (21b)/(24b): sum_s pi(s) p(o|s) d(g,s) - x(o) >= 0.
lp::Row distortion_row(const GameInputs& in, long o, long g);

/// Builds the LP. Without lists, every kept DP row and (21b) row; with `dp` (`distortion`), only
/// the listed ones (the cutting planes' master problem).
Built build(const GameInputs& in, const DesignOptions& opt, const PairFilter& pairs,
            const std::vector<DpRow>* dp = nullptr, const std::vector<DistortionRow>* distortion = nullptr);

/// A proven lower bound on the optimum of the full LP from the duals of `b` (the full LP or a
/// relaxation of it with some rows left out).
double certified_lower_bound(const Built& b, const Vector& row_duals, const GameInputs& in, const DesignOptions& opt);

/// What a solver answers when its budget ends before any LP did: the uniform mechanism (feasible
/// for every mechanism: DP-perfect, its error the threshold >= d_m) and the bound of zero
/// multipliers, sum_s min_o pi(s) c(o,s). No LP objective goes with it.
struct BeforeAnyLp {
  Matrix p;
  double lower_bound;
  double repair_mix = 1.0;  ///< the uniform mechanism is the repair's mix at its full weight
};
BeforeAnyLp before_any_lp(const Built& b, const GameInputs& in, const DesignOptions& opt);

/// The mechanism p [o][s] of an LP solution x: p(o|s) = x(pvar(o, s)) clipped at 0, each column
/// renormalised against round-off. nullopt when a column does not sum to 1 within
/// arguments::kSumTolerance, i.e. the point breaks its rows (16): GLPK's primal simplex reported
/// "optimal" for a 3 x 3 joint LP on 1e3 km cells (DP factors e^30 beside distortion rows of
/// 1e6) with one column all zeros, which renormalised to NaN (issue 28).
std::optional<Matrix> mechanism_of(const Vector& x, long m, long n);

/// mechanism_of's two steps, for a master whose columns hold mass outside p too (fixed columns,
/// cutting_planes.h): p(o|s) = x(pvar(o, s)) clipped at 0, not renormalised; and whether every
/// column mass `sums` (p's, plus what lies outside it) is 1 within arguments::kSumTolerance.
Matrix clipped_rows(const Vector& x, long m, long n);
bool columns_sum_to_one(const Vector& sums);

/// The smallest weight t of the uniform mechanism such that (1-t) p + t u satisfies every DP
/// row of the kept pairs (0 when none is violated).
double repair_weight(const Matrix& p, const GameInputs& in, const DesignOptions& opt, const PairFilter& pairs);

}  // namespace privlab::game::lp_build
