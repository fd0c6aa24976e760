/**
 * @file request.cpp
 * @brief Validated parsing of game requests and the LP size guard.
 */
#include "game/request.h"

#include <random>
#include <sstream>

#include "common/arguments.h"
#include "common/error.h"
#include "game/priors.h"
#include "json/json_read.h"

namespace privlab::game {

namespace jr = json_read;

namespace {
Matrix read_distances(const nlohmann::json& v, const std::string& path, long n) {
  const Matrix d = jr::matrix(v, path, limits(true).max_secrets, limits(true).max_secrets);
  if (d.rows() != n || d.cols() != n)
    bad_request("wrong_shape", path,
                "expected " + std::to_string(n) + " x " + std::to_string(n) + " (one row and column per secret)");
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      if (d(i, j) < 0) bad_request("out_of_range", jr::child(jr::child(path, i), j), "distances must be >= 0");
  return d;
}

Grid read_grid(const nlohmann::json& g, const Limits& lim) {
  const long side = lim.max_grid_side;
  Grid grid;
  grid.rows = jr::positive_integer(g, "rows", "/grid", side);
  grid.cols = jr::positive_integer(g, "cols", "/grid", side);
  read_cell_size(g, grid);
  if (grid.cells() < 2) bad_request("out_of_range", "/grid", "the grid needs at least 2 cells");
  if (grid.cells() > lim.max_secrets)
    bad_request(
        "too_large", "/grid",
        std::to_string(grid.cells()) + " cells; at most " + std::to_string(lim.max_secrets) + " allowed" +
            (&lim == &limits(true) ? ""
                                   : " here (the command-line tool takes up to " +
                                         std::to_string(limits(true).max_secrets) + " with \"allow_large\": true)"));
  return grid;
}

Vector read_prior(const nlohmann::json& request, const std::optional<Grid>& grid, long n) {
  const auto& v = jr::member(request, "prior", "");
  if (v.is_object()) {
    if (!grid) bad_request("needs_grid", "/prior", "a generated prior needs a \"grid\"");
    jr::member(v, "hot_cells", "/prior");  // required here (experiments default it to 3)
    const PriorShape shape = read_prior_shape(v, n);
    const double seed = jr::number_or(v, "seed", "/prior", 0, 9007199254740991.0, 1);
    std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
    return generate_prior(*grid, shape, rng);
  }
  return read_distribution(v, "/prior", n);
}
}  // namespace

PriorShape read_prior_shape(const nlohmann::json& p, long cells) {
  if (!p.is_object())
    bad_request("not_an_object", "/prior", "expected {\"hot_cells\":k,\"background\":b,\"spread_km\":s}");
  PriorShape shape;
  if (p.contains("hot_cells")) shape.hot_cells = jr::positive_integer(p, "hot_cells", "/prior", cells);
  shape.background = jr::number_or(p, "background", "/prior", 0, 1, shape.background);
  shape.spread_km = jr::number_or(p, "spread_km", "/prior", 0, 1e6, 0);
  if (p.contains("weights"))
    shape.weights = jr::one_of(p, "weights", "/prior", {"ordered", "dirichlet"}) == "dirichlet"
                        ? PlaceWeights::Dirichlet
                        : PlaceWeights::Ordered;
  return shape;
}

const Limits& limits(bool allow_large) {
  static const Limits kBrowser;
  // Native (allow_large): the full 10x10 joint LP (631,301 rows, 2.25M nonzeros) fits.
  // Decomposed LPs up to 2,500 cells (a 50 x 50 grid; issue 27).
  static const Limits kLarge{2500, 2500, 50, 1000000, 6000000, 1.2e10, 2500};
  return allow_large ? kLarge : kBrowser;
}

void read_cell_size(const nlohmann::json& g, Grid& grid) {
  grid.cell_km = 1;
  grid.cell_height_km = 0;
  if (!g.is_object() || !g.contains("cell_km") || !g["cell_km"].is_array()) {
    grid.cell_km = jr::number_or(g, "cell_km", "/grid", 1e-6, 1e6, 1.0);
    return;
  }
  const auto& a = g["cell_km"];
  if (a.size() != 2) bad_request("wrong_shape", "/grid/cell_km", "expected a number or [width, height] in km");
  const nlohmann::json pair = {{"0", a[0]}, {"1", a[1]}};
  grid.cell_km = jr::number(pair, "0", "/grid/cell_km", 1e-6, 1e6);
  grid.cell_height_km = jr::number(pair, "1", "/grid/cell_km", 1e-6, 1e6);
}

nlohmann::json cell_size_json(const Grid& grid) {
  if (grid.square()) return grid.cell_km;
  return nlohmann::json::array({grid.width(), grid.height()});
}

bool flag(const nlohmann::json& request, const std::string& key) {
  if (!request.contains(key)) return false;
  if (!request[key].is_boolean()) bad_request("not_a_boolean", jr::child("", key), "expected true or false");
  return request[key].get<bool>();
}

Vector read_distribution(const nlohmann::json& value, const std::string& path, long n) {
  const Vector v = jr::vector(value, path, limits(true).max_secrets);
  if (v.size() != n)
    bad_request("wrong_shape", path,
                "expected " + std::to_string(n) + " entries (one per secret), got " + std::to_string(v.size()));
  for (long i = 0; i < n; ++i)
    if (v(i) < 0) bad_request("out_of_range", jr::child(path, i), "probabilities must be >= 0");
  if (!(v.sum() > 0)) bad_request("out_of_range", path, "the entries must have a positive sum");
  return v / v.sum();
}

ParsedGame parse_game(const nlohmann::json& request) {
  ParsedGame g;
  GameInputs& in = g.inputs;
  const Limits& lim = limits(flag(request, "allow_large"));
  long n = 0;
  if (request.contains("grid")) {
    g.grid = read_grid(request["grid"], lim);
    n = g.grid->cells();
    in.distance = grid_distances(*g.grid);
    g.size_field = "/grid";
    if (request.contains("distance"))
      bad_request("conflicting_fields", "/distance", "give either \"grid\" or \"distance\", not both");
  } else {
    const auto& d = jr::member(request, "distance", "");
    if (!d.is_array()) bad_request("not_a_matrix", "/distance", "expected an array of rows");
    n = static_cast<long>(d.size());
    if (n > lim.max_secrets)
      bad_request("too_large", "/distance",
                  std::to_string(n) + " secrets; at most " + std::to_string(lim.max_secrets) + " allowed");
    in.distance = read_distances(d, "/distance", n);
    g.size_field = "/distance";
  }
  in.prior = read_prior(request, g.grid, n);
  in.dp_distance =
      request.contains("dp_distance") ? read_distances(request["dp_distance"], "/dp_distance", n) : in.distance;
  in.dp_distance_is_metric = g.grid && !request.contains("dp_distance");
  if (!request.contains("utility_loss") || request["utility_loss"].is_string()) {
    const std::string name = request.contains("utility_loss")
                                 ? jr::one_of(request, "utility_loss", "", {"hamming", "euclidean"})
                                 : "hamming";
    in.loss = name == "hamming" ? hamming_loss(n) : in.distance;
    in.obs_distance = in.distance;  // O = S
  } else {
    in.loss = jr::matrix(request["utility_loss"], "/utility_loss", lim.max_observables, lim.max_secrets);
    if (in.loss.cols() != n)
      bad_request("wrong_shape", "/utility_loss",
                  "expected " + std::to_string(n) + " columns (c(o,s): one row per observable, one column per secret)");
    if (in.loss.minCoeff() < 0) bad_request("out_of_range", "/utility_loss", "utility losses must be >= 0");
    if (in.loss.rows() == n) in.obs_distance = in.distance;  // observables are the secrets
  }
  return g;
}

DesignOptions parse_design(const nlohmann::json& request) {
  DesignOptions o;
  o.kind = mechanism_kind(jr::one_of(request, "mechanism", "", {"distortion", "dp", "joint"}));
  if (o.kind != MechanismKind::kDistortion) o.epsilon = jr::number(request, "epsilon", "", 0, arguments::kMaxEpsilon);
  if (o.kind != MechanismKind::kDp) o.min_distortion = jr::number(request, "min_distortion", "", 0, 1e12);
  if (request.contains("dp_threshold")) {
    if (o.kind == MechanismKind::kDistortion)
      bad_request("not_applicable", "/dp_threshold", "dp_threshold needs mechanism \"dp\" or \"joint\"");
    o.dp_threshold = jr::number(request, "dp_threshold", "", 0, 1e12);
  }
  if (request.contains("objective"))
    o.worst_case = jr::one_of(request, "objective", "", {"expected", "worst"}) == "worst";
  if (request.contains("dp_rows")) o.lazy_dp_rows = jr::one_of(request, "dp_rows", "", {"all", "lazy"}) == "lazy";
  if (request.contains("method")) {
    const std::string method = jr::one_of(request, "method", "", {"auto", "full", "cutting_planes", "decomposition"});
    if (method == "cutting_planes") o.lazy_dp_rows = true;
    if (method != "auto" && o.lazy_dp_rows && method != "cutting_planes")
      bad_request("conflict", "/method",
                  "\"dp_rows\":\"lazy\" means cutting planes; drop it or use \"method\":\"cutting_planes\"");
    o.decomposition = method == "decomposition" ? DesignOptions::Decomposition::kOn
                      : method == "auto"        ? DesignOptions::Decomposition::kAuto
                                                : DesignOptions::Decomposition::kOff;
  }
  if (request.contains("budget")) {
    const auto& b = request["budget"];
    if (!b.is_object()) bad_request("not_an_object", "/budget", "expected {\"rounds\":k, \"seconds\":s}");
    o.max_rounds = static_cast<long>(jr::number_or(b, "rounds", "/budget", 1, 1e6, 0));
    o.max_seconds = jr::number_or(b, "seconds", "/budget", 1e-3, 1e6, 0);
  }
  if (request.contains("lp_form")) {
    const std::string form = jr::one_of(request, "lp_form", "", {"auto", "primal", "dual"});
    o.form = form == "primal" ? DesignOptions::Form::kPrimal
             : form == "dual" ? DesignOptions::Form::kDual
                              : DesignOptions::Form::kAuto;
  }
  if (request.contains("exact_simplex")) {
    if (!request["exact_simplex"].is_boolean())
      bad_request("not_a_boolean", "/exact_simplex", "expected true or false");
    o.exact_simplex = request["exact_simplex"].get<bool>();
  }
  if (request.contains("approximation")) {
    const auto& a = request["approximation"];
    o.approx_threshold = jr::number(a, "threshold", "/approximation", 0, 1e12);
    if (a.contains("distortion_rows")) {
      if (!a["distortion_rows"].is_boolean())
        bad_request("not_a_boolean", "/approximation/distortion_rows", "expected true or false");
      o.approx_distortion_rows = a["distortion_rows"].get<bool>();
    }
  }
  return o;
}

bool fits(const LpSize& size, const Limits& lim) {
  return size.constraints <= lim.max_lp_constraints && size.nonzeros <= lim.max_lp_nonzeros &&
         static_cast<double>(size.variables) * static_cast<double>(size.constraints) <= lim.max_lp_work;
}

std::optional<LpSize> guard_lp_size(const ParsedGame& game, const DesignOptions& opt, const Limits& lim) {
  // Natively, cutting planes never build the full LP: the master grows only by violated rows,
  // and its size is bounded by max_secrets x max_observables variables (the paper's 20 x 15
  // map: 90,300). The browser keeps the full LP's limits.
  const bool native_cuts = opt.lazy_dp_rows && &lim == &limits(true);
  const bool decomposed =
      uses_decomposition(game.inputs, opt) && game.inputs.num_secrets() <= lim.max_decomposition_secrets;
  // Not counted where nothing depends on it: counting the DP rows needs implied_pairs, O(n^3)
  // (55 s at 2,500 cells before it was vectorised, and design() builds it once more).
  if (native_cuts || decomposed) return std::nullopt;
  const LpSize size = estimate_lp_size(game.inputs, opt);
  if (!fits(size, lim)) {
    std::ostringstream msg;
    msg << "the " << mechanism_name(opt.kind) << " LP would have " << size.variables << " variables, "
        << size.constraints << " constraints and " << size.nonzeros << " nonzeros (limits: " << lim.max_lp_constraints
        << " constraints, " << lim.max_lp_nonzeros << " nonzeros, " << lim.max_lp_work
        << " variables x constraints); use a smaller grid or "
        << "\"approximation\":{\"threshold\":km} to drop far DP rows (the CLI may send \"allow_large\":true; "
        << "grids up to " << limits(true).max_decomposition_secrets << " cells are solved there by decomposition)";
    bad_request("too_large", game.size_field, msg.str());
  }
  return size;
}

}  // namespace privlab::game
