/**
 * @file known_mechanism.cpp
 * @brief keep_cheaper_known: an earlier mechanism that beats a stopped LP (known_mechanism.h).
 */
#include "game/known_mechanism.h"

#include "common/error.h"
#include "game/audits.h"
#include "game/lp_build.h"

namespace privlab::game {

using lp_build::has_distortion;
using lp_build::has_dp;

bool passes_design_audits(const Matrix& p, const GameInputs& in, const DesignOptions& o) {
  try {
    if (has_dp(o.kind)) audit_dp(p, in, o);
    if (has_distortion(o.kind)) audit_distortion(p, in, o);
    return true;
  } catch (const Error&) {  // audit_failed: not a mechanism for these options
    return false;
  }
}

bool keep_cheaper_known(Designed& d, const Matrix& known, const GameInputs& in, const DesignOptions& o) {
  if (!(d.gap > kExactGap) || known.rows() != d.p.rows() || known.cols() != d.p.cols()) return false;
  if (!(design_objective(known, in, o) < design_objective(d.p, in, o)) || !passes_design_audits(known, in, o))
    return false;
  d.p = known;
  d.lp_objective = cost_and_gap(d, in, o);
  d.repair_mix = 0;
  d.stopped_early = d.stopped_early && d.gap > kExactGap;
  return true;
}

}  // namespace privlab::game
