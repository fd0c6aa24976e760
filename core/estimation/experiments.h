/**
 * @file experiments.h
 * @brief The experiments of the estimation paper as requests of family "estimation":
 *        "parity-bits" (Section 7.1, Figure 3), "adult" (Section 7.2, Figure 4) and
 *        "robustness" (Section 6, Theorem 6 against the realized gap).
 */
#pragma once
#include <nlohmann/json.hpp>

#include "common/context.h"
#include "common/linalg.h"
#include "estimation/formulation1.h"

namespace privlab::estimation {

/// Section 7.1's joint: S = (S1,S2) independent, P(S1=1) = p1, P(S2=1) = p2, X_i = S_i through
/// BSC(e1), BSC(e2). Bit value -1 -> index 0, +1 -> index 1; s = 2 b1 + b2 (same for x).
Matrix parity_bits_joint(double p1, double p2, double e1, double e2);

/// Section 7.1's design input: s_1(S) = S_1, u_1(X) = X_1 X_2, u_2(X) = X_2, theta for s_1.
Formulation1Input parity_bits_input(const Matrix& joint, double theta, Objective objective);

/// Runs the experiment named in request["experiment"].
nlohmann::json run_experiment(const nlohmann::json& request, const Context& context);

}  // namespace privlab::estimation
