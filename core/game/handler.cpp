/**
 * @file handler.cpp
 * @brief family "game" (Shokri, Stackelberg privacy games): parse, guard the LP size, design
 *        (21)/(22)/(23)/(24), audit from the matrix, evaluate; estimate_only; experiments.
 */
#include "game/handler.h"

#include <cmath>
#include <cstdio>

#include "common/arguments.h"
#include "common/error.h"
#include "evaluate/evaluated_mechanism.h"
#include "game/attack.h"
#include "game/audits.h"
#include "game/evaluation.h"
#include "game/design_json.h"
#include "game/experiments.h"
#include "game/request.h"
#include "json/json_read.h"
#include "json/json_write.h"
#include "privlab/game.h"

namespace privlab::game {

namespace jr = json_read;
namespace jw = json_write;

namespace {
nlohmann::json guesses_json(const std::vector<long>& g) { return nlohmann::json(g); }

/// How design() solves these inputs: "decomposition", "cutting_planes" or "full".
std::string method_name(const GameInputs& in, const DesignOptions& opt) {
  if (uses_decomposition(in, opt)) return "decomposition";
  return opt.lazy_dp_rows ? "cutting_planes" : "full";
}

nlohmann::json estimate(const ParsedGame& game, const DesignOptions& opt, const Limits& l) {
  const LpSize size = estimate_lp_size(game.inputs, opt);
  // Decomposed LPs never build the full LP (decomposition.h): they fit by their cell count.
  const bool decomposed = uses_decomposition(game.inputs, opt);
  const bool ok = decomposed ? game.inputs.num_secrets() <= l.max_decomposition_secrets : fits(size, l);
  nlohmann::json out = {{"family", "game"},
                        {"estimate_only", true},
                        {"mechanism_name", mechanism_name(opt.kind)},
                        {"lp", size_json(size)},
                        {"fits", ok},
                        {"limits", limits_json(l)},
                        {"feasibility_threshold", feasibility_threshold(game.inputs.prior, game.inputs.distance)}};
  out["lp"]["work"] = static_cast<double>(size.variables) * static_cast<double>(size.constraints);
  out["lp"]["method"] = method_name(game.inputs, opt);
  if (!ok) out["too_large_field"] = game.size_field;
  return out;
}

/// The LPs (28)-(29) have |O||S| + 1 variables and up to |S|^2 + |O| rows.
void guard_attacks_without_prior(const GameInputs& in) {
  const long m = in.num_observables(), n = in.num_secrets();
  if (m * n > 20000 || n * n + m > 20000)
    bad_request("too_large", "/attacks_without_prior",
                "the LPs (28)-(29) are limited to |O||S| <= 20000 and |S|^2 + |O| <= 20000");
}

nlohmann::json attacks_without_prior(const Matrix& p, const GameInputs& in) {
  nlohmann::json out;
  const auto one = [&](const LpAttack& a) {
    return nlohmann::json{{"objective", a.objective},
                          {"expected_error", attack_error(p, in.prior, in.distance, a.q)},
                          {"attack", jw::matrix(a.q)},
                          {"lp", size_json(a.size)}};
  };
  out["sum"] = one(attack_sum_conditional(p, in.distance));                      // (27)
  out["minmax_secret"] = one(attack_minmax_secret(p, in.distance));              // (28)
  out["minmax_secret_guess"] = one(attack_minmax_secret_guess(p, in.distance));  // (29)
  return out;
}
/// The metrics of a mechanism p [o][s] the response reports, designed or evaluated (one place):
/// measure_json (game/design_json.h), the grid, and the optional adversary_prior /
/// check_attack_lp / attacks_without_prior analyses.
nlohmann::json measure(const Matrix& p, const ParsedGame& game, const nlohmann::json& request,
                       const std::optional<Vector>& adversary_prior, const Evaluation& ev) {
  const GameInputs& in = game.inputs;
  nlohmann::json out = measure_json(p, in, ev);
  if (game.grid)
    out["grid"] = {{"rows", game.grid->rows}, {"cols", game.grid->cols}, {"cell_km", cell_size_json(*game.grid)}};
  if (adversary_prior) {
    const MismatchEvaluation mm = evaluate_mismatch(p, in, *adversary_prior);
    out["adversary_prior"] = {{"attack", guesses_json(mm.attack)},
                              {"adversary_error", mm.error_adversary_prior},
                              {"error_under_design_prior", mm.error_design_prior},
                              {"bayes_error", mm.bayes_error_adversary_prior},
                              {"entropy", mm.adversary_entropy},
                              {"design_entropy", mm.design_entropy}};
  }
  if (flag(request, "check_attack_lp")) {
    const LpAttack lp = optimal_attack_lp(p, in.prior, in.distance);
    out["attack_lp"] = {{"error", lp.objective}, {"lp", size_json(lp.size)}};
  }
  if (flag(request, "attacks_without_prior")) out["attacks_without_prior"] = attacks_without_prior(p, in);
  return out;
}

std::optional<Vector> read_adversary_prior(const nlohmann::json& request, const GameInputs& in) {
  if (!request.contains("adversary_prior")) return std::nullopt;
  return read_distribution(request["adversary_prior"], "/adversary_prior", in.num_secrets());
}

nlohmann::json handle_evaluate(const nlohmann::json& request, const Context& context);
}  // namespace

nlohmann::json limits_json(const Limits& l) {
  return {{"max_secrets", l.max_secrets},
          {"max_observables", l.max_observables},
          {"max_grid_side", l.max_grid_side},
          {"max_lp_constraints", l.max_lp_constraints},
          {"max_lp_nonzeros", l.max_lp_nonzeros},
          {"max_lp_work", l.max_lp_work},
          {"max_decomposition_cells", l.max_decomposition_secrets}};
}

nlohmann::json handle_request(const nlohmann::json& request, const Context& context) {
  if (request.contains("experiment")) return run_experiment(request, context);
  if (evaluated::requested(request)) return handle_evaluate(request, context);
  const ParsedGame game = parse_game(request);
  const GameInputs& in = game.inputs;
  DesignOptions opt = parse_design(request);
  const Limits& lim = limits(flag(request, "allow_large"));
  if (flag(request, "estimate_only")) return estimate(game, opt, lim);
  const std::optional<Vector> adversary_prior = read_adversary_prior(request, in);
  if (flag(request, "attacks_without_prior")) guard_attacks_without_prior(in);
  guard_lp_size(game, opt, lim);

  context.report(0.05, "solving the " + std::string(mechanism_name(opt.kind)) + " LP");
  const std::string method = method_name(in, opt);
  opt.on_round = [&context, &method](long round, long rows, double gap) {
    // The number of rounds is not known in advance: the bar moves by a shrinking step.
    const double fraction = 0.05 + 0.8 * (1 - 1 / (1 + 0.02 * static_cast<double>(round)));
    char gap_text[32];
    std::snprintf(gap_text, sizeof gap_text, "%.2g", gap);  // two digits: a reading, not a result
    context.report(
        fraction, method + ": round " + std::to_string(round) + ", " + std::to_string(rows) + " rows, gap " + gap_text);
  };
  // The typed API's design_audited (privlab/game.h): the LP, then its audits from the matrix.
  const AuditedDesign audited = design_audited(in, opt);
  context.report(0.9, "evaluating");
  nlohmann::json out = measure(audited.design.p, game, request, adversary_prior, audited.evaluation);
  out.update(design_json(audited, opt, in));
  context.report(1.0, "done");
  return out;
}

namespace {
/**
 * {"evaluate":[[..]] ([o][s]: |O| rows, |S| columns), prior, distance | grid, utility_loss,
 * dp_distance?, epsilon?, min_distortion?, compare_optimal?, adversary_prior?, ...}: cost (11),
 * optimal attack (19) and its error (7), Bayes error (25), metric-DP epsilon of a given mechanism.
 * compare_optimal designs, at the request's epsilon and/or min_distortion when given ("dp",
 * "distortion" or "joint"), else at the matrix's own epsilon ("dp") or, when that is infinite,
 * at its adversary error ("distortion"), and reports cost (given) / cost (optimal).
 */
nlohmann::json handle_evaluate(const nlohmann::json& request, const Context& context) {
  const ParsedGame game = parse_game(request);
  const GameInputs& in = game.inputs;
  const long n = in.num_secrets(), m = in.num_observables();
  const Matrix p = evaluated::read(request,
                                   {{n},
                                    "the prior (|S| = " + std::to_string(n) + " secrets)",
                                    1024,
                                    m,
                                    "the utility loss (|O| = " + std::to_string(m) + " observables)"},
                                   "mechanism");
  const std::optional<Vector> adversary_prior = read_adversary_prior(request, in);
  if (flag(request, "attacks_without_prior")) guard_attacks_without_prior(in);
  const bool compare = evaluated::compare_requested(request);
  std::optional<double> epsilon, min_distortion;
  if (request.contains("epsilon")) epsilon = jr::number(request, "epsilon", "", 0, arguments::kMaxEpsilon);
  if (request.contains("min_distortion")) min_distortion = jr::number(request, "min_distortion", "", 0, 1e12);

  context.report(0.0, "evaluating");
  const Evaluation ev = evaluate(p, in);
  nlohmann::json out = measure(p, game, request, adversary_prior, ev);
  evaluated::describe(out, p, {"metric-dp (evaluated)", ev.epsilon, ev.epsilon});
  if (compare) {
    context.report(0.3, "optimal design");
    // The level: the request's epsilon and/or min_distortion, else the matrix's own epsilon or,
    // when that is infinite, its adversary error.
    evaluated::Comparison how{{{"mechanism", "dp"}}, "epsilon", 50, "cost", "cost_ratio"};
    double level = ev.epsilon;
    if (epsilon && min_distortion) {
      how.design = {{"mechanism", "joint"}, {"min_distortion", *min_distortion}};
      level = *epsilon;
    } else if (epsilon) {
      level = *epsilon;
    } else if (min_distortion || !std::isfinite(ev.epsilon) || ev.epsilon > 50) {
      how = {{{"mechanism", "distortion"}}, "min_distortion", 1e12, "cost", "cost_ratio"};
      level = min_distortion ? *min_distortion : ev.adversary_error;
    }
    const nlohmann::json cmp = evaluated::compare(request, how, level, ev.cost, &handle_request);
    out["comparison"] = cmp;
  }
  context.report(1.0, "done");
  return out;
}
}  // namespace

}  // namespace privlab::game
