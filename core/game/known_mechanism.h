/**
 * @file known_mechanism.h
 * @brief A mechanism known from an earlier design, kept where it beats an LP stopped by its
 *        time limit [game].
 *
 * An LP stopped by its budget answers with a feasible mechanism that can cost more than one the
 * caller already holds: in a sweep over eps, the optimum at a smaller eps is DP at every larger
 * one (issue 27: on the paper's map the DP mechanism's median cost at eps 0.9 came out above
 * that at eps 0.75, which an optimum cannot do). The known mechanism replaces the answer only
 * when it passes the audits the answer must pass (audits.h: its columns, its re-measured DP
 * epsilon, its re-measured adversary error) for this game and these options, and costs less.
 * The LP's certificate, a proven lower bound on its optimum, stands; the gap is recomputed.
 */
#pragma once

#include "common/linalg.h"
#include "game/mechanisms.h"
#include "game/model.h"

namespace privlab::game {

/// Whether `p` passes every audit a mechanism designed with `o` for `in` must pass (audits.h).
bool passes_design_audits(const Matrix& p, const GameInputs& in, const DesignOptions& o);

/// Replaces d's mechanism by `known` when d is not proven optimal (gap above kExactGap) and
/// `known` has the same shape, passes the audits for (`in`, `o`) and costs less by the
/// objective of `o`; d.lower_bound stands, d.gap and d.stopped_early are recomputed. Returns
/// whether it did.
bool keep_cheaper_known(Designed& d, const Matrix& known, const GameInputs& in, const DesignOptions& o);

}  // namespace privlab::game
