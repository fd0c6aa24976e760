// Tests of core/json/experiment_units.cpp: the work split of every experiment (shards cover
// each unit once, unit seeds depend on the index only, the four ways to answer agree), and
// one real experiment assembled from shards equal to the whole run.
#include <doctest/doctest.h>

#include <set>

#include "common/error.h"
#include "json/experiment_units.h"
#include "privlab/api.h"

using namespace privlab;
using json = nlohmann::json;

namespace {
/// Units u -> {"v": u^2}; assembly lists them and their sum (order-sensitive).
units::Plan toy(long count) {
  units::Plan p;
  p.name = "toy";
  p.count = count;
  p.run = [](long u, const Context&) { return json{{"v", u * u}, {"x", 0.1 * static_cast<double>(u)}}; };
  p.assemble = [](const std::vector<json>& r) {
    json out = {{"values", json::array()}};
    for (const auto& x : r) out["values"].push_back(x);
    return out;
  };
  return p;
}

std::string error_code(const json& request, const units::Plan& plan) {
  try {
    units::answer(request, plan, Context{});
  } catch (const Error& e) { return e.code() + " " + e.path(); }
  return "none";
}
}  // namespace

TEST_CASE("units/shard_units: the shards of any N cover every unit exactly once") {
  for (long count : {0L, 1L, 7L, 32L})
    for (long n = 1; n <= 9; ++n) {
      std::multiset<long> all;
      for (long i = 0; i < n; ++i)
        for (long u : units::shard_units(count, i, n)) {
          CHECK(u % n == i);
          all.insert(u);
        }
      CHECK(static_cast<long>(all.size()) == count);
      CHECK(static_cast<long>(std::set<long>(all.begin(), all.end()).size()) == count);
    }
}

TEST_CASE("units/unit_seed: depends on seed and index only, distinct over indices") {
  std::set<std::uint64_t> seen;
  for (std::uint64_t i = 0; i < 1000; ++i) seen.insert(units::unit_seed(1, i));
  CHECK(seen.size() == 1000);
  CHECK(units::unit_seed(1, 5) == units::unit_seed(1, 5));
  CHECK(units::unit_seed(1, 5) != units::unit_seed(2, 5));
  CHECK(units::unit_seed(0, 0) != 0);
}

TEST_CASE("units/answer: whole run == assembly of shard results, for every shard count") {
  const units::Plan plan = toy(7);
  const json whole = units::answer(json::object(), plan, Context{});
  CHECK(whole["values"].size() == 7);
  CHECK(whole["values"][3]["v"] == 9);
  CHECK(units::answer(json{{"units", "count"}}, plan, Context{}) == json{{"experiment", "toy"}, {"unit_count", 7}});
  for (long n = 1; n <= 8; ++n) {
    json results = json::array();
    for (long i = n - 1; i >= 0; --i) {  // any order of the parts
      const json part = units::answer(json{{"shard", {i, n}}}, plan, Context{});
      CHECK(part["unit_count"] == 7);
      for (const auto& item : part["unit_results"]) results.push_back(item);
    }
    CHECK(units::answer(json{{"unit_results", results}}, plan, Context{}).dump() == whole.dump());
  }
}

TEST_CASE("units/answer: missing, duplicate and foreign unit results are refused, naming the unit") {
  const units::Plan plan = toy(3);
  auto item = [](long u) { return json{{"unit", u}, {"result", {{"v", u * u}, {"x", 0}}}}; };
  CHECK(error_code(json{{"unit_results", {item(0), item(2)}}}, plan) == "missing_unit /unit_results");
  CHECK(error_code(json{{"unit_results", {item(0), item(1), item(1), item(2)}}}, plan) ==
        "duplicate_unit /unit_results/2/unit");
  CHECK(error_code(json{{"unit_results", {item(0), item(1), item(5)}}}, plan) == "out_of_range /unit_results/2/unit");
  CHECK(error_code(json{{"units", {0, 3}}}, plan) == "out_of_range /units/1");
  CHECK(error_code(json{{"shard", {2, 2}}}, plan) == "out_of_range /shard");
  CHECK(error_code(json{{"shard", "0/2"}}, plan) == "bad_shard /shard");
}

TEST_CASE("units/answer: rldp-mse figure2a from 2 shards equals the whole run (api level)") {
  const json request = {{"family", "rldp-mse"}, {"experiment", "figure2a"}, {"K", 3}, {"problems", {"nunp", "nurp"}}};
  const auto whole = api::solve(request.dump());
  REQUIRE(whole.exit_code == 0);
  json results = json::array();
  for (int i = 0; i < 2; ++i) {
    json part = request;
    part["shard"] = {i, 2};
    const auto out = api::solve(part.dump());
    REQUIRE(out.exit_code == 0);
    const json answer = json::parse(out.json);
    for (const auto& item : answer["unit_results"]) results.push_back(item);
  }
  json assemble = request;
  assemble["unit_results"] = results;
  CHECK(api::solve(assemble.dump()).json == whole.json);
  // Units are instances: instance 1 alone gives the rows of instance 1 of the whole run.
  json one = request;
  one["units"] = {1};
  const json rows = json::parse(api::solve(one.dump()).json)["unit_results"][0]["result"]["rows"];
  const json all = json::parse(whole.json)["rows"];
  CHECK(rows.size() == 2);
  CHECK(rows[0] == all[2]);
  CHECK(rows[1] == all[3]);
}
