/**
 * @file evaluate_handler.h
 * @brief family "estimation", `"evaluate"` requests (JSON edge): the chi-square quantities of a
 *        given mechanism P_{Y|X} ([y][x]) through the joint P(S,X) (issue 15), computed by the
 *        typed calls of privlab/estimation.h.
 */
#pragma once
#include <nlohmann/json.hpp>

#include "common/context.h"

namespace privlab::estimation {

/**
 * {"evaluate":[[..]] (|X| columns), "joint", "private_functions"?, "useful_functions"?, "theta"?,
 * "compare_optimal"?, "true_joint"?}: chi2_sy = chi^2(S;Y), chi2_xy = chi^2(X;Y) (eq. (1)), the
 * PICs of P_{S,Y} and P_{X,Y}, the normalised mmse of every private / useful function given,
 * and the contract's pics/chi2/upper_bound/lower_bound of P_{S,X}.
 * compare_optimal: Theorem 2's bounds on F(chi2_sy) and chi2_xy / G(chi2_sy), and, when
 * Formulation 1 functions are given, the Formulation 1 design of the same request.
 */
nlohmann::json evaluate_request(const nlohmann::json& request, const Context& context);

}  // namespace privlab::estimation
