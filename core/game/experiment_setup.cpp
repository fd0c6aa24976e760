/**
 * @file experiment_setup.cpp
 * @brief Reading the shared parameters, the work guard and the result table of the game
 *        experiments.
 */
#include "game/experiment_setup.h"

#include <algorithm>
#include <map>
#include <sstream>

#include "common/error.h"
#include "common/quantile.h"
#include "common/work_budget.h"
#include "game/request.h"
#include "json/json_read.h"

namespace privlab::game {

namespace jr = json_read;

namespace {
constexpr double kLpWorkPerSecond =
    1e8;  ///< variables x constraints per native second (game-figure8 example: 60 LPs of 650 x 10651 in ~1 s)
constexpr double kSecondsPerSmallLp = 2e-3;  ///< a tiny LP: building, solving, auditing
}  // namespace

ExperimentSetup read_setup(const nlohmann::json& request, long default_users) {
  ExperimentSetup s;
  s.allow_large = flag(request, "allow_large");
  const Limits& lim = limits(s.allow_large);
  s.grid = {4, 4, 1.5};
  if (request.contains("grid")) {
    const auto& g = request["grid"];
    s.grid.rows = jr::positive_integer(g, "rows", "/grid", lim.max_grid_side);
    s.grid.cols = jr::positive_integer(g, "cols", "/grid", lim.max_grid_side);
    read_cell_size(g, s.grid);
    if (s.grid.cells() < 2) bad_request("out_of_range", "/grid", "the grid needs at least 2 cells");
    if (s.grid.cells() > lim.max_secrets)
      bad_request("too_large", "/grid", "at most " + std::to_string(lim.max_secrets) + " cells");
  }
  const long users = request.contains("users") ? jr::positive_integer(request, "users", "", 100) : default_users;
  s.seed = static_cast<std::uint64_t>(jr::number_or(request, "seed", "", 0, 9007199254740991.0, 1));
  const PriorShape shape =
      request.contains("prior") ? read_prior_shape(request["prior"], s.grid.cells()) : PriorShape{};
  std::string loss = "hamming";
  if (request.contains("utility_loss")) loss = jr::one_of(request, "utility_loss", "", {"hamming", "euclidean"});
  s.users = generate_users(s.grid, users, shape, loss == "hamming", s.seed);
  return s;
}

std::vector<double> number_list(const nlohmann::json& request, const std::string& key,
                                const std::vector<double>& fallback, double lo, double hi) {
  if (!request.contains(key)) return fallback;
  const std::string path = jr::child("", key);
  const auto& v = request[key];
  if (!v.is_array() || v.empty() || v.size() > 50)
    bad_request("not_a_vector", path, "expected a list of 1 to 50 numbers");
  std::vector<double> out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const std::string p = jr::child(path, i);
    if (!v[i].is_number()) bad_request("not_a_number", p, "expected a number");
    const double x = v[i].get<double>();
    if (!(x >= lo && x <= hi)) {
      std::ostringstream msg;
      msg << "must lie in [" << lo << ", " << hi << "]";
      bad_request("out_of_range", p, msg.str());
    }
    out.push_back(x);
  }
  return out;
}

void guard_work(const ExperimentSetup& setup, MechanismKind kind, long lp_count, const std::string& count_field) {
  ParsedGame game;
  game.inputs = setup.users.front();
  game.grid = setup.grid;
  game.size_field = "/grid";
  DesignOptions opt;
  opt.kind = kind;
  const std::optional<LpSize> guarded = guard_lp_size(game, opt, limits(setup.allow_large));
  // Natively a decomposed LP never builds these rows, and a request's budget bounds each solve
  // (e.g. figure8's budget_seconds on the paper's map); the browser keeps the row budget.
  if (setup.allow_large && uses_decomposition(game.inputs, opt)) return;
  const LpSize one = guarded ? *guarded : estimate_lp_size(game.inputs, opt);
  const double work = static_cast<double>(one.constraints) * static_cast<double>(lp_count);
  const double budget = work_budget(setup.allow_large);
  if (work > budget) {
    std::ostringstream msg;
    msg << lp_count << " LPs of " << one.constraints << " rows exceed the work budget of " << budget
        << " LP rows per request; reduce " << count_field.substr(1) << " or the grid";
    bad_request("too_large", count_field, msg.str());
  }
  // The shared time estimate (common/work_budget.h): LPs x the cost of one, variables x
  // constraints / kLpWorkPerSecond (Limits::max_lp_work: a 6x6 joint LP, 42M, ~1 s natively),
  // at least kSecondsPerSmallLp each. The grid drives it when one LP alone is over the budget.
  const double one_lp = std::max(
      kSecondsPerSmallLp, static_cast<double>(one.variables) * static_cast<double>(one.constraints) / kLpWorkPerSecond);
  const bool grid_alone = one_lp > work::budget_seconds(setup.allow_large);
  std::ostringstream what;
  what << lp_count << " " << mechanism_name(kind) << " LPs of " << one.variables << " variables x " << one.constraints
       << " constraints on a " << setup.grid.rows << " x " << setup.grid.cols << " grid";
  work::guard(one_lp * static_cast<double>(lp_count), setup.allow_large, grid_alone ? "/grid" : count_field,
              what.str());
}

void ResultTable::plot(const std::string& title, const std::string& kind, const std::string& x, const std::string& y,
                       const nlohmann::json& group, const std::string& x_label, const std::string& y_label) {
  plots.push_back({{"title", title},
                   {"kind", kind},
                   {"x", x},
                   {"y", y},
                   {"group", group},
                   {"x_label", x_label},
                   {"y_label", y_label}});
}

void ResultTable::box_plot(const std::string& title, const std::string& x, const std::string& y,
                           const std::string& x_label, const std::string& y_label) {
  const auto index = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(columns.begin(), columns.end(), name) - columns.begin());
  };
  const std::size_t xi = index(x), yi = index(y);
  std::map<double, std::vector<double>> samples;
  for (const auto& row : rows)
    if (xi < row.size() && yi < row.size() && row[xi].is_number() && row[yi].is_number())
      samples[row[xi].get<double>()].push_back(row[yi].get<double>());
  nlohmann::json boxes = nlohmann::json::array();
  for (const auto& [at, values] : samples) {
    const BoxSummary b = box_summary(values);
    boxes.push_back({at, b.min, b.q1, b.median, b.q3, b.max});
  }
  plots.push_back({{"title", title},
                   {"kind", "box"},
                   {"x", x},
                   {"y", y},
                   {"group", nullptr},
                   {"x_label", x_label},
                   {"y_label", y_label},
                   {"boxes", boxes}});
}

nlohmann::json ResultTable::to_json() const {
  return {{"family", "game"}, {"experiment", experiment}, {"columns", columns},
          {"rows", rows},     {"plots", plots},           {"notes", notes}};
}

}  // namespace privlab::game
