/**
 * @file experiment_setup.h
 * @brief The JSON edge every experiment of family "game" shares: reading the setup (grid, users'
 *        priors, seed) and lists of numbers, the work guard and the result table. The
 *        computations are in game/experiment_runs.h.
 */
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "game/experiment_runs.h"
#include "game/mechanisms.h"

namespace privlab::game {

/// Reads grid (default 4x4 cells of 1.5 km), users (default 10, as the paper), prior shape
/// (hot_cells 3, background 0.05, spread_km 0), utility_loss ("hamming" as the paper), seed;
/// the users come from generate_users.
ExperimentSetup read_setup(const nlohmann::json& request, long default_users = 10);

/// A list of numbers at `key` (default `fallback`), each in [lo, hi], at most 50 entries.
std::vector<double> number_list(const nlohmann::json& request, const std::string& key,
                                const std::vector<double>& fallback, double lo, double hi);

/// Refuses (too_large naming /grid, or `count_field` when the grid alone fits) when `lp_count`
/// LPs of the kind `kind` on this grid exceed work_budget, or one LP exceeds the size limits
/// (natively, allow_large, LPs solved by decomposition are bounded by time budgets instead).
void guard_work(const ExperimentSetup& setup, MechanismKind kind, long lp_count, const std::string& count_field);

/// The experiment response format of the brief.
struct ResultTable {
  ResultTable(std::string name, std::vector<std::string> cols)
      : experiment(std::move(name)), columns(std::move(cols)) {}
  std::string experiment;
  std::vector<std::string> columns;
  std::vector<nlohmann::json> rows;
  std::vector<nlohmann::json> plots;
  std::vector<std::string> notes;
  void plot(const std::string& title, const std::string& kind, const std::string& x, const std::string& y,
            const nlohmann::json& group, const std::string& x_label, const std::string& y_label);
  /// A box plot of y per distinct x over the rows (e.g. over users): "boxes" holds
  /// [x, min, q1, median, q3, max] per x (common/quantile.h), so that renderers only draw.
  void box_plot(const std::string& title, const std::string& x, const std::string& y, const std::string& x_label,
                const std::string& y_label);
  nlohmann::json to_json() const;
};

}  // namespace privlab::game
