/**
 * @file model.h
 * @brief privlab's typed API, shared model: matrices, the joint distribution P(S,U), errors.
 *
 * The typed API (privlab/model.h, metrics.h, audit.h, rldp.h, game.h, funnel.h) is the library
 * under the JSON: plain functions over Eigen matrices and small structs, the same computations
 * the JSON families run (docs/architecture.md). These headers include no JSON header.
 *
 * Conventions: a mechanism is a Matrix indexed [output][input] whose columns are distributions;
 * a joint table is [s][u] with the flat input index x = s*|U| + u (S-major, as in the CLI
 * contract). Information is in nats, epsilons are natural-log ratios (+infinity allowed).
 * Bad input throws privlab::Error (kind() kBadRequest, code(), path()); a valid input that
 * cannot be answered throws it with kind() kSolverFailure (common/error.h).
 */
#pragma once
#include "common/error.h"
#include "common/linalg.h"
#include "model/joint.h"

namespace privlab {

/// P(S,U) [s][u], validated (model/joint.h): p, total, from_counts, flat(), s_marginal() [rldp
/// eq. (15)], conditional_u_given_s() [rldp eq. (16)-(17)].
using Joint = JointDistribution;

/// A validated joint from probabilities summing to 1 or whole-number counts (normalised).
/// `path` names the argument in errors ("/joint/0/1" is joint[0][1]).
inline Joint make_joint(const Matrix& p, const std::string& path = "/joint") { return joint_from_matrix(p, path); }

}  // namespace privlab
