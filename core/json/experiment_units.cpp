/**
 * @file experiment_units.cpp
 * @brief Units of an experiment: seeds, shards, and the four ways to answer (header).
 */
#include "json/experiment_units.h"

#include <chrono>

#include "common/error.h"
#include "json/json_read.h"

namespace privlab::units {

namespace jr = json_read;
using Json = nlohmann::json;

std::uint64_t unit_seed(std::uint64_t seed, std::uint64_t index) {
  // SplitMix64 (Steele, Lea, Flood 2014) applied twice: seed, then index.
  auto mix = [](std::uint64_t z) {
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  };
  return mix(mix(seed) ^ index);
}

std::vector<long> shard_units(long count, long shard, long shards) {
  std::vector<long> out;
  for (long u = shard; u < count; u += shards) out.push_back(u);
  return out;
}

Plan whole(std::string name, std::function<Json(const Context&)> run_all) {
  Plan p;
  p.name = std::move(name);
  p.count = 1;
  p.run = [run_all = std::move(run_all)](long, const Context& c) { return run_all(c); };
  p.assemble = [](const std::vector<Json>& results) { return results.front(); };
  return p;
}

namespace {
/// A unit's result through its JSON text (what a shard file or a worker message carries).
Json run_one(const Plan& plan, long u, const Context& context) { return Json::parse(plan.run(u, context).dump()); }

std::vector<long> requested_units(const Json& request, long count) {
  if (request.contains("shard")) {
    const Json& s = request.at("shard");
    if (!s.is_array() || s.size() != 2 || !s[0].is_number_integer() || !s[1].is_number_integer())
      bad_request("bad_shard", "/shard", "shard is [I, N] with whole numbers 0 <= I < N");
    const long i = s[0].get<long>(), n = s[1].get<long>();
    if (n < 1 || n > 100000 || i < 0 || i >= n)
      bad_request("out_of_range", "/shard", "shard is [I, N] with 0 <= I < N <= 100000");
    return shard_units(count, i, n);
  }
  const Json& list = request.at("units");
  if (!list.is_array()) bad_request("not_an_array", "/units", "units is \"count\" or an array of unit indices");
  std::vector<long> out;
  for (std::size_t k = 0; k < list.size(); ++k) {
    if (!list[k].is_number_integer() || list[k].get<long>() < 0 || list[k].get<long>() >= count)
      bad_request("out_of_range", jr::child("/units", k),
                  "a unit is a whole number in [0, " + std::to_string(count) + ")");
    out.push_back(list[k].get<long>());
  }
  return out;
}

Json assemble_given(const Json& request, const Plan& plan) {
  const Json& list = request.at("unit_results");
  if (!list.is_array()) bad_request("not_an_array", "/unit_results", "unit_results must be an array");
  std::vector<Json> results(static_cast<std::size_t>(plan.count));
  std::vector<bool> seen(static_cast<std::size_t>(plan.count), false);
  for (std::size_t k = 0; k < list.size(); ++k) {
    const std::string at = jr::child("/unit_results", k);
    const Json& item = list[k];
    if (!item.is_object() || !item.contains("unit") || !item.contains("result") || !item["unit"].is_number_integer())
      bad_request("bad_unit_result", at, "each unit result is {\"unit\": index, \"result\": {...}}");
    const long u = item["unit"].get<long>();
    if (u < 0 || u >= plan.count)
      bad_request("out_of_range", at + "/unit",
                  "unit " + std::to_string(u) + " is not in [0, " + std::to_string(plan.count) + ")");
    if (seen[static_cast<std::size_t>(u)])
      bad_request("duplicate_unit", at + "/unit", "unit " + std::to_string(u) + " appears twice");
    seen[static_cast<std::size_t>(u)] = true;
    results[static_cast<std::size_t>(u)] = item["result"];
  }
  for (long u = 0; u < plan.count; ++u)
    if (!seen[static_cast<std::size_t>(u)])
      bad_request("missing_unit", "/unit_results",
                  "unit " + std::to_string(u) + " of " + std::to_string(plan.count) + " is missing");
  return plan.assemble(results);
}
}  // namespace

double read_budget_seconds(const Json& request) {
  if (!request.contains("budget")) return 0;
  const Json& b = request.at("budget");
  if (!b.is_object()) bad_request("not_an_object", "/budget", "budget is {\"seconds\": s}");
  return jr::number(b, "seconds", "/budget", 1e-3, 1e6);
}

Json answer(const Json& request, const Plan& plan, const Context& context) {
  if (request.contains("unit_results")) return assemble_given(request, plan);
  if (request.contains("units") && request.at("units") == "count")
    return {{"experiment", plan.name}, {"unit_count", plan.count}};
  const bool partial = request.contains("units") || request.contains("shard");
  std::vector<long> todo;
  if (partial) {
    todo = requested_units(request, plan.count);
  } else {
    for (long u = 0; u < plan.count; ++u) todo.push_back(u);
  }
  // "budget": {"seconds": s}: no unit starts after s seconds; what finished is returned as
  // unit results (the remaining units can be asked for with "units"), flagged "budget_exhausted".
  const double budget = read_budget_seconds(request);
  const auto start = std::chrono::steady_clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  std::vector<Json> results;
  const double total = static_cast<double>(todo.size());
  for (std::size_t k = 0; k < todo.size(); ++k) {
    if (budget > 0 && k > 0 && elapsed() >= budget) break;
    // A unit's own progress is scaled into its slice of the whole.
    const Context inner{context.progress ? ProgressFn([&, k](double f, const std::string& stage) {
      context.report((static_cast<double>(k) + f) / total, stage);
    })
                                         : ProgressFn{}};
    results.push_back(run_one(plan, todo[k], plan.count == 1 ? context : inner));
  }
  context.report(1.0, "done");
  const bool exhausted = results.size() < todo.size();
  if (!partial && !exhausted) return plan.assemble(results);
  Json out = {{"experiment", plan.name}, {"unit_count", plan.count}, {"unit_results", Json::array()}};
  for (std::size_t k = 0; k < results.size(); ++k)
    out["unit_results"].push_back({{"unit", todo[k]}, {"result", std::move(results[k])}});
  if (exhausted) {
    out["budget_exhausted"] = true;
    out["units_done"] = results.size();
    Json rest = Json::array();
    for (std::size_t k = results.size(); k < todo.size(); ++k) rest.push_back(todo[k]);
    out["units_remaining"] = rest;
  }
  return out;
}

}  // namespace privlab::units
