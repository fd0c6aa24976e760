/**
 * @file zero_witness.h
 * @brief Attainable zeros of a Renyi ball with alpha < 1 [rldp Definition 1, docs/errata.md].
 *
 * For alpha < 1, D_alpha(P-hat || P) stays finite when P empties cells of P-hat, so an output y
 * with Q(y|s2,u) = 0 on a set Z of u can have P(y|s2) = 0 for some P in F, while P(y|s1) > 0:
 * the robust epsilon is then Infinity. A numerical search only approaches such a zero (it
 * reported ~100-180 as "exact"), so the zeros are recognised exactly here.
 */
#pragma once
#include <optional>

#include "model/joint.h"
#include "rldp/uncertainty.h"

namespace privlab::rldp {

/**
 * Cost of emptying the complement of Z in one conditional p (alpha < 1): the closest R supported
 * on Z is p restricted to Z and renormalised, with D_alpha(p||R) = alpha/(1-alpha) ln(1/p(Z)),
 * i.e. phi(D) = (1 - p(Z)) / (1 - alpha); when p(Z) = 0 every R on Z has D = Infinity and
 * phi = 1/(1 - alpha), finite (issue 28: this was taken as +infinity, and such an Infinity came
 * without its witness). The row's optimal weight is then 0, so the witness gives it a small one.
 */
double emptying_phi_cost(double alpha, double mass_on_z);

/**
 * A P in F (a [s][u] joint) under which Q's realized epsilon is Infinity, if one exists: some
 * y, s1 != s2 with P(y|s2) = 0 and P(y|s1) > 0 within the budget
 *   P-hat_s2 phi(D_Z) (+ an arbitrarily small cost when P-hat(y|s1) = 0) <= phi(B).
 * Only for a Renyi ball with alpha < 1 (for alpha >= 1 every R in F is positive on supp(P-hat),
 * so a zero of P(y|s2) is a zero of P-hat(y|s2) and the point case already sees it).
 */
std::optional<Matrix> zero_witness(const Matrix& q, const JointDistribution& joint, const UncertaintySet& set);

}  // namespace privlab::rldp
