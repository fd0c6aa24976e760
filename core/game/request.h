/**
 * @file request.h
 * @brief Reading a "game" request into GameInputs and DesignOptions (every rejection names the
 *        JSON pointer of the field), and the size guards.
 */
#pragma once
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "game/mechanisms.h"
#include "game/model.h"
#include "game/priors.h"

namespace privlab::game {

/// Limits of one request (README "Size limits"). The LP guard counts the LP that would be built
/// (after the Appendix C approximation): GLPK's simplex on the joint LP of a 6x6 grid
/// (~45,000 rows) takes seconds natively and 2-3x longer in WASM.
struct Limits {
  long max_secrets = 400;      ///< n (distance matrices are n x n)
  long max_observables = 400;  ///< m
  long max_grid_side = 30;
  long max_lp_constraints = 35000;  ///< a 6x6 grid's joint LP (31,429 rows) fits
  long max_lp_nonzeros = 300000;    ///< an 8x8 grid's distortion LP (266,304) fits
  /// variables x constraints: the simplex basis is min(variables, rows) (the game LPs are solved
  /// through their dual) and each pivot scans the other dimension. 6x6 joint (1332 x 31429 = 42M)
  /// takes ~1 s natively; 8x8 joint with the 1.5 km approximation (4160 x 31041 = 129M) ~12 s.
  double max_lp_work = 5e7;
  /// Secrets up to which a request solved by decomposition (decomposition.h: its LPs have n + 1
  /// rows and n + 1 variables, whatever the full LP's size) is accepted: the paper's 15 x 20 map
  /// (300 cells) in the browser, where it runs in the worker with its rounds, gap and Cancel
  /// (a 3-hot-cell prior answers in about a second; spread priors may stop at a budget with an
  /// honest gap, core/game/README.md "Scale"); 2,500 cells (50 x 50) natively.
  long max_decomposition_secrets = 300;
};
/// The browser limits (default) or, with "allow_large": true (CLI, benchmarks), larger ones.
const Limits& limits(bool allow_large = false);

struct ParsedGame {
  GameInputs inputs;
  std::optional<Grid> grid;
  std::string size_field;  ///< the field to name in too_large ("/grid" or "/distance")
};

/// prior (array or, with a grid, a generator object), grid | distance, dp_distance,
/// utility_loss. Requires nothing about the mechanism.
ParsedGame parse_game(const nlohmann::json& request);

/// mechanism, epsilon, min_distortion, dp_threshold, approximation.threshold.
DesignOptions parse_design(const nlohmann::json& request);

/// Does an LP of this size pass the limits?
bool fits(const LpSize& size, const Limits& lim);

/// Refuses (too_large naming the field) an LP beyond the limits; returns its size otherwise, or
/// nullopt for the LPs guarded by their cell count instead (decomposed, or native cutting
/// planes), whose full size is not counted.
std::optional<LpSize> guard_lp_size(const ParsedGame& game, const DesignOptions& opt, const Limits& lim);

/// grid.cell_km: a number (square cells) or [width, height] in km (default 1).
void read_cell_size(const nlohmann::json& grid_json, Grid& grid);

/// Reads a generated prior's shape {"hot_cells","background","spread_km","weights"} at /prior
/// (a grid of `cells` cells); absent fields keep the defaults of PriorShape.
PriorShape read_prior_shape(const nlohmann::json& prior_json, long cells);

/// The cell size as the request gives it: a number for square cells, else [width, height].
nlohmann::json cell_size_json(const Grid& grid);

/// An optional boolean field (false when absent).
bool flag(const nlohmann::json& request, const std::string& key);

/// A probability vector of length n (counts accepted, normalised) at `path`.
Vector read_distribution(const nlohmann::json& value, const std::string& path, long n);

}  // namespace privlab::game
