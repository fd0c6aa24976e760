/**
 * @file randomized_response.h
 * @brief GRR and SRR, the two closed-form mechanisms of the RLDP paper
 *        (Lopuhaä-Zwakenberg & Goseling, Entropy 2024, Section 6).
 */
#pragma once
#include "common/linalg.h"

namespace privlab::rldp {

/**
 * Generalized randomized response on a = |X| symbols [rldp eq. (56)]:
 * GRR(y|x) = e^eps / (e^eps + a - 1) if x = y, else 1 / (e^eps + a - 1).
 * Guarantee: eps-LDP (Definition 2).
 */
Matrix grr(long a, double epsilon);

/**
 * Secret randomized response on X = S x U [rldp Definition 4], x = s*|U| + u:
 * SRR((s',u')|(s,u)) = e^eps / C if (s',u') = (s,u); e^-eps / C if s' = s, u' != u; 1 / C if
 * s' != s, with C = e^eps + e^-eps (|U| - 1) + |X| - |U|.
 * ERRATUM (docs/errata.md): the middle case is e^{-eps}; the text lost the minus sign.
 * Guarantee: (eps, simplex)-RLDP (Lemma 2, checked by Proposition 3).
 */
Matrix srr(long num_s, long num_u, double epsilon);

}  // namespace privlab::rldp
