/**
 * @file known_fields.cpp
 * @brief Every field a family's readers read (handler, request reader, evaluate, experiments,
 *        sharding), one list per family. A reader that learns a new field adds it here; the
 *        golden, CLI and node tests send every example, preset and page request through it.
 */
#include "api/known_fields.h"

#include <map>

namespace privlab::api {

namespace {
using Names = std::vector<std::string>;

/// Read by every family: the dispatcher, "evaluate" (evaluate/evaluated_mechanism.h), the
/// experiment units (json/experiment_units.h), the true joint (model/request_fields.h), the
/// audit options.
Names with_shared(Names names) {
  for (const char* s : {"family", "evaluate", "compare_optimal", "true_joint", "n", "seed", "experiment", "units",
                        "shard", "unit_results", "data_csv", "allow_large", "audit", "budget"})
    names.emplace_back(s);
  return names;
}

const std::map<std::string, std::vector<json_read::KnownFields>>& table() {
  static const std::map<std::string, std::vector<json_read::KnownFields>> t = {
      {"rldp",
       {{"", with_shared({"mechanism", "joint", "epsilon", "uncertainty", "same_s_rows", "sample", "K", "epsilons",
                          "betas", "pairs", "mechanisms", "m", "alpha", "shape", "prior"})},
        {"/uncertainty", {"alpha", "radius", "confidence"}},
        {"/sample", {"prior", "shape", "true_joint", "n", "seed"}}}},
      {"rldp-mse",
       {{"", with_shared({"problem", "joint", "epsilon", "uncertainty", "values", "gap_tolerance", "max_rounds", "K",
                          "N_values", "alpha", "dirichlet", "num_s", "num_u", "instances", "problems"})},
        {"/uncertainty", {"radius", "confidence"}}}},
      {"funnel",
       {{"", with_shared({"mechanism", "joint", "epsilon", "metric", "attributes", "srlip_target", "epsilons", "sizes",
                          "trials", "a", "c", "data", "protocols", "secrets"})}}},
      {"estimation",
       {{"", with_shared({"joint",   "private_functions", "useful_functions", "theta",       "objective",
                          "order",   "weights",           "tolerance",        "theta_sweep", "theta_steps",
                          "mmse_of", "mmse_bound",        "one_bit",          "f0",          "beta",
                          "trials",  "n_values",          "crossover",        "p",           "sum"})},
        {"/mmse_bound", {"rho", "nu", "t"}},
        {"/one_bit", {"rho", "alpha"}},
        {"/mmse_of", {"s", "x"}}}},
      {"game",
       {{"", with_shared({"mechanism",       "prior",
                          "distance",        "grid",
                          "utility_loss",    "dp_distance",
                          "epsilon",         "min_distortion",
                          "dp_threshold",    "dp_rows",
                          "method",          "lp_form",
                          "objective",       "budget",
                          "budget_seconds",  "approximation",
                          "adversary_prior", "attacks_without_prior",
                          "check_attack_lp", "estimate_only",
                          "exact_simplex",   "users",
                          "epsilons",        "thresholds",
                          "lambdas",         "d_m_fraction",
                          "d_m_fractions",   "d_m_step",
                          "distortion_rows", "top_cells"})},
        {"/grid", {"rows", "cols", "cell_km"}},
        {"/budget", {"seconds", "rounds"}},
        {"/approximation", {"threshold", "distortion_rows"}},
        {"/prior", {"hot_cells", "background", "spread_km", "weights", "seed"}}}},
      {"data", {{"", {"family", "tabulate", "row_attributes", "data_csv"}}}},
      {"batch", {{"", {"family", "requests", "budget"}}, {"/budget", {"seconds"}}}},
  };
  return t;
}
}  // namespace

const std::vector<json_read::KnownFields>& known_fields(const std::string& family) {
  static const std::vector<json_read::KnownFields> none;
  const auto& t = table();
  const auto it = t.find(family);
  return it == t.end() ? none : it->second;
}

}  // namespace privlab::api
