/**
 * @file report_json.h
 * @brief The JSON edge of the estimation family: its typed results (privlab/estimation.h) as
 *        response objects, shared by the handler, the "evaluate" handler and the experiments.
 *        No computation and no audit here: the typed calls have run them.
 */
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "privlab/estimation.h"

namespace privlab::estimation {

/// [[eps, F], ...]
nlohmann::json breakpoints_json(const Breakpoints& curve);

/// The fields every estimation response carries: "pics" (descending), "chi2", "upper_bound",
/// "lower_bound" (contract), plus "simple_bound", "maximal_correlation", "delta".
nlohmann::json summary_json(const Analysis& analysis);

/// summary_json plus "marginals", "principal_functions" (rows k) and "theorem3" (theorem3_json,
/// or null with "theorem3_reason"): the analysis of a joint, as estimation.analyze in Python.
nlohmann::json analysis_json(const Analysis& analysis, const std::optional<AuditedTheorem3>& t3);

/// A Formulation 1 design and its audits ("audit": one per private function, with its name).
nlohmann::json design_json(const Formulation1Input& input, const AuditedDesign& design,
                           const std::vector<std::string>& private_names, const std::vector<std::string>& useful_names,
                           bool with_matrices);

/// Theorem 3's mapping, its chi-square values and its audit.
nlohmann::json theorem3_json(const AuditedTheorem3& t3);

/// The perfect-privacy mapping (f0_lower, chi2_x, mechanism, audit).
nlohmann::json perfect_privacy_json(const AuditedPerfectPrivacy& pp);

/// chi2_sy, chi2_xy, point, pics_sy, pics_xy, maximal_correlation_sy/_xy of a mapping.
nlohmann::json channel_metrics_json(const ChannelMetrics& m);

}  // namespace privlab::estimation
