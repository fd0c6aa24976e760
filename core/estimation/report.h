/**
 * @file report.h
 * @brief JSON of the estimation family's results (shared by the handler and the experiments),
 *        including the audits of every returned mechanism.
 */
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "estimation/formulation1.h"
#include "estimation/pics.h"
#include "estimation/tradeoff.h"

namespace privlab::estimation {

/// [[eps, F], ...]
nlohmann::json breakpoints_json(const Breakpoints& curve);

/// The fields every estimation response carries: "pics" (descending), "chi2", "upper_bound",
/// "lower_bound" (contract), plus "simple_bound", "maximal_correlation", "delta".
nlohmann::json summary_json(const PicDecomposition& pics);

/// A Formulation 1 result with its audits: one claim per private function s_i, guarantee
/// "mmse-leakage", designed 1 - theta_i, measured 1 - mmse(s_i(S)|Y) read
/// from the mechanism. Throws solver_failure("audit_failed") when one fails.
nlohmann::json design_json(const Formulation1Input& input, const Formulation1Result& result,
                           const std::vector<std::string>& private_names,
                           const std::vector<std::string>& useful_names, bool with_matrices);

/// Theorem 3's mapping with its audit: guarantee "chi2", designed P_Xmin lambda_min, measured
/// chi^2(S;Y) from eq. (1) on the matrix.
nlohmann::json theorem3_json(const Theorem3& t3);

}  // namespace privlab::estimation
