/**
 * @file experiment_units.h
 * @brief The one work split of every experiment: a list of independent units (instances x
 *        settings), each computed from the request and its own index only, and an assembly
 *        step that turns the units' results into the experiment's response.
 *
 * The same request answers four ways (docs/api.md, "Experiments in pieces"):
 *   no "units" / "unit_results"   run every unit, then assemble (the whole experiment);
 *   "units": "count"              {"experiment", "unit_count"} only;
 *   "units": [i, ...] or "shard": [I, N]
 *                                 {"experiment", "unit_count", "unit_results": [{"unit", "result"}]}
 *                                 for those units (shard I of N = units u with u mod N = I);
 *   "unit_results": [...]         assemble results computed elsewhere (all units, once each).
 * With "budget": {"seconds": s} no unit starts after s seconds (the first always runs): when
 * units are left, the answer is the unit-results form for those that finished, with
 * "budget_exhausted": true, "units_done" and "units_remaining" (ask for them with "units").
 * The CLI's --shard and --jobs, `privlab merge` and the page's worker pool all use these.
 * A unit's result is passed through its JSON text even when run whole, so the whole run and
 * any split give the same bytes.
 */
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/context.h"

namespace privlab::units {

/// The random seed of unit `index` of an experiment seeded with `seed` (SplitMix64 of both):
/// a unit's draws depend on its index only, never on how the units are split.
std::uint64_t unit_seed(std::uint64_t seed, std::uint64_t index);

/// Units of shard `shard` of `shards` among `count`: u with u mod shards == shard, ascending.
std::vector<long> shard_units(long count, long shard, long shards);

/// An experiment as units. run(u, context) computes unit u (0 <= u < count); assemble receives
/// the results of every unit in index order and returns the experiment's response.
struct Plan {
  std::string name;
  long count = 1;
  std::function<nlohmann::json(long unit, const Context&)> run;
  std::function<nlohmann::json(const std::vector<nlohmann::json>&)> assemble;
};

/// A plan of one unit: the whole experiment computed at once (no finer split).
Plan whole(std::string name, std::function<nlohmann::json(const Context&)> run_all);

/// The request's "budget": {"seconds": s} (0 when absent; refused unless an object with s in
/// [1e-3, 1e6]).
double read_budget_seconds(const nlohmann::json& request);

/// Answers `request` with `plan` in one of the four ways above (progress over units).
nlohmann::json answer(const nlohmann::json& request, const Plan& plan, const Context& context);

}  // namespace privlab::units
