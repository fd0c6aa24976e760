// Tests of core/game/experiment_runs.{h,cpp}: the typed per-user runs give the numbers of the
// JSON experiment responses exactly, and Figure 7's ranks and counts by hand.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "game/experiment_runs.h"
#include "privlab/api.h"

using namespace privlab;
using namespace privlab::game;
using nlohmann::json;

TEST_CASE("game/experiment_runs: scenario 1 of one user is the response's rows of that user") {
  const json request = {{"family", "game"},
                        {"experiment", "scenario1"},
                        {"grid", {{"rows", 3}, {"cols", 3}, {"cell_km", 1}}},
                        {"users", 2},
                        {"seed", 3},
                        {"epsilons", {0.3, 0.9}}};
  const auto outcome = api::solve(request.dump());
  REQUIRE(outcome.exit_code == 0);
  const json rows = json::parse(outcome.json)["rows"];
  // [user, epsilon, mechanism, d_m, cost, adversary_error, bayes_error, achieved_epsilon]
  const auto users = generate_users({3, 3, 1}, 2, PriorShape{}, true, 3);
  REQUIRE(users.size() == 2);
  const Context context{};
  std::size_t i = 0;
  LpTally lps;  // no limit: every LP proven optimal, as in the response
  for (long u = 0; u < 2; ++u)
    for (const auto& r : scenario1_user(users[static_cast<std::size_t>(u)], {0.3, 0.9}, lps, context)) {
      REQUIRE(i < rows.size());
      const json& row = rows[i++];
      CHECK(row[0] == u);
      CHECK(row[1].get<double>() == r.epsilon);
      CHECK(row[2] == mechanism_name(r.mechanism));
      CHECK(row[3].get<double>() == r.d_m);
      CHECK(row[4].get<double>() == r.outcome.cost);
      CHECK(row[5].get<double>() == r.outcome.error);
      CHECK(row[6].get<double>() == r.outcome.bayes);
    }
  CHECK(i == rows.size());
}

TEST_CASE("game/experiment_runs: a per-LP limit stops LPs with their certified gap, counted and said in a note") {
  // 36 cells (solved by decomposition), a spread prior, eps 1.5: far more than 0.1 ms of work.
  json request = {{"family", "game"},
                  {"experiment", "scenario1"},
                  {"grid", {{"rows", 6}, {"cols", 6}, {"cell_km", 1}}},
                  {"users", 1},
                  {"seed", 5},
                  {"prior", {{"hot_cells", 4}, {"spread_km", 0.8}, {"background", 0.1}, {"weights", "dirichlet"}}},
                  {"epsilons", {1.5}}};
  const auto said_unproven = [](const json& response) {
    for (const auto& note : response["notes"])
      if (note.get<std::string>().find("LPs not proven optimal within their time limit") != std::string::npos)
        return true;
    return false;
  };
  const auto exact = api::solve(request.dump());
  REQUIRE(exact.exit_code == 0);
  const json proven = json::parse(exact.json);
  CHECK_FALSE(said_unproven(proven));
  request["budget_seconds"] = 1e-4;
  const auto limited = api::solve(request.dump());
  REQUIRE(limited.exit_code == 0);
  const json stopped = json::parse(limited.json);
  CHECK(said_unproven(stopped));
  // The note names the LP with the largest gap, by user and parameters.
  bool named = false;
  for (const auto& note : stopped["notes"])
    named |= note.get<std::string>().find("the largest certified relative gap of a cost is") != std::string::npos &&
             note.get<std::string>().find(" (user 0, ") != std::string::npos;
  CHECK(named);
  // Row 0 is the DP mechanism at eps 1.5: feasible when stopped, so it cannot cost less than the optimum.
  REQUIRE(stopped["rows"][0][2] == "dp");
  CHECK(stopped["rows"][0][4].get<double>() >= proven["rows"][0][4].get<double>() - 1e-9);

  // The tally itself: the limited design counts as unproven with its gap; the unlimited one not.
  const auto users = generate_users({6, 6, 1}, 1, PriorShape{4, 0.1, 0.8, PlaceWeights::Dirichlet}, true, 5);
  LpTally limited_lps{1e-4}, unlimited_lps;
  const Designed a = limited_lps.design(users[0], MechanismKind::kDp, 1.5, 0);
  const Designed b = unlimited_lps.design(users[0], MechanismKind::kDp, 1.5, 0);
  CHECK(limited_lps.unproven == 1);
  CHECK(limited_lps.worst_gap == a.gap);
  CHECK(limited_lps.worst_lp == "dp at eps 1.5");
  CHECK(a.gap > kExactGap);
  CHECK(unlimited_lps.unproven == 0);
  CHECK(b.gap <= kExactGap);
}

TEST_CASE("game/experiment_runs: Figure 7 ranks by the joint mechanism, stable on ties") {
  std::vector<Scenario3Experiment> e(3);
  e[0].joint = {0.5, 2.0};  // cost 0.5, error 2
  e[1].joint = {0.2, 1.0};
  e[2].joint = {0.5, 1.0};
  e[0].dp = {0.5, 0};          // joint cost = max: equal
  e[1].distortion = {0.1, 0};  // joint cost 0.2 > 0.1 + 1e-7: above
  e[2].dp = {0.5 - 1e-8, 0};   // within 1e-7: equal
  const Scenario3Ranks r = scenario3_ranks(e);
  CHECK(r.by_joint_privacy == std::vector<long>{2, 0, 1});
  CHECK(r.by_joint_cost == std::vector<long>{1, 0, 2});
  CHECK(r.above == 1);
  CHECK(r.equal == 2);
}
