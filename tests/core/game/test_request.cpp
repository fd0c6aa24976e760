// Tests of core/game/request.cpp: parsing into GameInputs and the LP size guard.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "common/error.h"
#include "game/request.h"

using namespace privlab;
using namespace privlab::game;
using nlohmann::json;

TEST_CASE("game/parse_game: counts are normalised; euclidean loss is the distance; O = S") {
  const json req = {{"prior", {1, 3}}, {"distance", {{0, 2}, {2, 0}}}, {"utility_loss", "euclidean"}};
  const ParsedGame g = parse_game(req);
  CHECK(g.inputs.prior(1) == doctest::Approx(0.75));
  CHECK(g.inputs.loss(0, 1) == 2);
  CHECK(g.inputs.dp_distance(1, 0) == 2);
  CHECK(g.inputs.obs_distance.has_value());
  CHECK(g.size_field == "/distance");
}

TEST_CASE("game/parse_game: a loss matrix with more observables than secrets") {
  const json req = {
      {"prior", {0.5, 0.5}}, {"distance", {{0, 1}, {1, 0}}}, {"utility_loss", {{0, 1}, {1, 0}, {0.5, 0.5}}}};
  const ParsedGame g = parse_game(req);
  CHECK(g.inputs.num_observables() == 3);
  CHECK(!g.inputs.obs_distance.has_value());
}

TEST_CASE("game/guard_lp_size: refuses beyond the limits, naming the size field") {
  const json req = {{"grid", {{"rows", 8}, {"cols", 8}, {"cell_km", 1}}}, {"prior", {{"hot_cells", 2}}}};
  const ParsedGame g = parse_game(req);
  DesignOptions o;
  o.kind = MechanismKind::kJoint;
  CHECK(!guard_lp_size(g, o, limits()).has_value());  // decomposed: 64 cells fit the page, not counted
  o.decomposition = DesignOptions::Decomposition::kOff;
  try {
    guard_lp_size(g, o, limits());
    FAIL("expected too_large");
  } catch (const Error& e) {
    CHECK(e.code() == "too_large");
    CHECK(e.path() == "/grid");
  }
  CHECK(guard_lp_size(g, o, limits(true)).value().constraints > limits().max_lp_constraints);
  o.approx_threshold = 1.5;  // 8x8 stays too slow even with Appendix C (4160 variables)
  CHECK_THROWS_AS(guard_lp_size(g, o, limits()), Error);
  const ParsedGame g7 =
      parse_game({{"grid", {{"rows", 7}, {"cols", 7}, {"cell_km", 1}}}, {"prior", {{"hot_cells", 2}}}});
  o.approx_threshold.reset();
  CHECK_THROWS_AS(guard_lp_size(g7, o, limits()), Error);  // 75,755 rows
  o.approx_threshold = 1.5;                                // Appendix C brings 7x7 under the browser limits
  CHECK(fits(guard_lp_size(g7, o, limits()).value(), limits()));
  o.approx_threshold.reset();
  o.decomposition = DesignOptions::Decomposition::kAuto;
  const ParsedGame map =
      parse_game({{"grid", {{"rows", 15}, {"cols", 20}, {"cell_km", {0.75, 0.5333}}}}, {"prior", {{"hot_cells", 2}}}});
  CHECK_NOTHROW(guard_lp_size(map, o, limits()));  // the paper's map, decomposed: the page's too
  const ParsedGame g18 =
      parse_game({{"grid", {{"rows", 18}, {"cols", 18}, {"cell_km", 1}}}, {"prior", {{"hot_cells", 2}}}});
  CHECK_THROWS_AS(guard_lp_size(g18, o, limits()), Error);  // 324 cells: the command line's
  CHECK_NOTHROW(guard_lp_size(g18, o, limits(true)));
}
