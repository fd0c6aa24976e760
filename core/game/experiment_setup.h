/**
 * @file experiment_setup.h
 * @brief What every experiment of family "game" shares: the grid, the users' generated priors,
 *        parameter readers, the work guard and the result table.
 */
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/context.h"
#include "game/mechanisms.h"
#include "game/model.h"

namespace privlab::game {

struct ExperimentSetup {
  Grid grid;
  std::vector<GameInputs> users;   ///< one game per generated user prior (same distances)
  bool allow_large = false;
  std::uint64_t seed = 1;
};

/// Reads grid (default 4x4 cells of 1.5 km), users (default 10, as the paper), prior shape
/// (hot_cells 3, background 0.05, spread_km 0), utility_loss ("hamming" as the paper), seed.
ExperimentSetup read_setup(const nlohmann::json& request, long default_users = 10);

/// A list of numbers at `key` (default `fallback`), each in [lo, hi], at most 50 entries.
std::vector<double> number_list(const nlohmann::json& request, const std::string& key,
                                const std::vector<double>& fallback, double lo, double hi);

/// Refuses (too_large naming /grid, or /users when the grid alone fits) when `lp_count` LPs of
/// the kind `kind` on this grid exceed the work budget, or one LP exceeds the size limits.
void guard_work(const ExperimentSetup& setup, MechanismKind kind, long lp_count,
                const std::string& count_field);

/// Design with the setup's options (reports infeasibility as bad_request like the handler).
Designed design_for(const GameInputs& in, MechanismKind kind, double epsilon, double dm);

/// The experiment response format of the brief.
struct ResultTable {
  ResultTable(std::string name, std::vector<std::string> cols)
      : experiment(std::move(name)), columns(std::move(cols)) {}
  std::string experiment;
  std::vector<std::string> columns;
  std::vector<nlohmann::json> rows;
  std::vector<nlohmann::json> plots;
  std::vector<std::string> notes;
  void plot(const std::string& title, const std::string& kind, const std::string& x,
            const std::string& y, const nlohmann::json& group, const std::string& x_label,
            const std::string& y_label);
  nlohmann::json to_json() const;
};

/// Progress over `total` steps.
struct Progress {
  Progress(const Context& c, long n) : context(c), total(n) {}
  const Context& context;
  long total = 1;
  long done = 0;
  void step(const std::string& stage) {
    ++done;
    context.report(static_cast<double>(done) / static_cast<double>(total), stage);
  }
};

}  // namespace privlab::game
