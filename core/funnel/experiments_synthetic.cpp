/**
 * @file experiments_synthetic.cpp
 * @brief Section VIII-A (optimal LDP vs LIP on uniform-random p(s,x)) and VIII-D/E (GRR vs CR on
 *        Jeffreys-drawn p(s,x)), the JSON edge: read the parameters, call funnel/experiment_runs.h,
 *        write rows, plots and notes; the dispatcher of the experiments.
 */
#include <cmath>

#include "common/error.h"
#include "common/work_budget.h"
#include "json/experiment_units.h"
#include "funnel/experiment_runs.h"
#include "funnel/experiments.h"
#include "funnel/size_guards.h"
#include "json/json_read.h"
#include "json/json_write.h"

namespace privlab::funnel {

namespace jr = json_read;
namespace jw = json_write;

long integer_or(const nlohmann::json& request, const std::string& key, long lo, long hi, long fallback) {
  const double v = jr::number_or(request, key, "", lo, hi, static_cast<double>(fallback));
  if (v != std::floor(v)) bad_request("not_integer", "/" + key, key + " must be an integer");
  return static_cast<long>(v);
}

std::vector<double> epsilons_or(const nlohmann::json& request, std::vector<double> fallback) {
  if (!request.contains("epsilons")) return fallback;
  const Vector v = jr::vector(request.at("epsilons"), "/epsilons", 64);
  std::vector<double> out;
  for (long i = 0; i < v.size(); ++i) {
    if (v(i) < 0 || v(i) > 50)
      bad_request("out_of_range", jr::child("/epsilons", static_cast<std::size_t>(i)), "epsilon must be in [0, 50]");
    out.push_back(v(i));
  }
  return out;
}

std::uint64_t seed_of(const nlohmann::json& request) {
  // 0 .. 2^53 as a double: `long` is 32 bits in the WASM build.
  const double v = jr::number_or(request, "seed", "", 0, 9007199254740992.0, 1);
  if (v != std::floor(v)) bad_request("not_integer", "/seed", "seed must be an integer");
  return static_cast<std::uint64_t>(v);
}

bool allow_large(const nlohmann::json& request) {
  if (!request.contains("allow_large")) return false;
  if (!request["allow_large"].is_boolean()) bad_request("not_a_boolean", "/allow_large", "expected true or false");
  return request["allow_large"].get<bool>();
}

nlohmann::json run_experiment(const nlohmann::json& request, const Context& context) {
  const auto name = jr::one_of(request, "experiment", "", {"ldp-vs-lip", "adult", "grr-vs-cr"});
  // ldp-vs-lip: one unit per distribution; adult and grr-vs-cr run whole (one unit).
  if (name == "ldp-vs-lip") return units::answer(request, experiment_ldp_vs_lip(request), context);
  return units::answer(request,
                       units::whole(name,
                                    [&request, name](const Context& c) {
                                      if (name == "adult") return experiment_adult(request, c);
                                      return experiment_grr_vs_cr(request, c);
                                    }),
                       context);
}

// Section VIII-A: c = 2, a = 5, 10 distributions with p(s,x) ~ U[0,1] normalised,
// eps in {0.5, 1, 1.5, 2}; Figure 3(a) eps-LDP vs eps-LIP, 3(b) eps/2-LDP vs eps-LIP.
units::Plan experiment_ldp_vs_lip(const nlohmann::json& request) {
  const long a = integer_or(request, "a", 2, 5, 5);
  const long c = integer_or(request, "c", 2, 10, 2);
  const long trials = integer_or(request, "trials", 1, 100, 10);
  const auto epsilons = epsilons_or(request, {0.5, 1.0, 1.5, 2.0});
  if (!ldp_allowed({a, c}, /*loose=*/true))
    bad_request("too_large", "/a", "Gamma is enumerated for a <= 3 (c <= 10), a = 4 (c <= 3), a = 5 (c = 2)");
  // Work estimate (issue 28): two enumerations of Gamma per (distribution, eps), timed in the
  // README's size guards (a = 3: ~0.05 s per c; a = 4, c = 2: 0.15 s, c = 3: ~4 s; a = 5: 1-4 s).
  const double gamma_seconds = a <= 2   ? 5e-3
                               : a == 3 ? 0.05 * static_cast<double>(c)
                               : a == 4 ? 0.15 * std::pow(static_cast<double>(c) / 2, 8)
                                        : 2.5;
  work::guard(2 * gamma_seconds * static_cast<double>(trials) * static_cast<double>(epsilons.size()),
              allow_large(request), "/trials", std::to_string(trials) + " distributions, a = " + std::to_string(a));
  const std::uint64_t seed = seed_of(request);
  units::Plan plan;
  plan.name = "ldp-vs-lip";
  plan.count = trials;  // one unit per distribution t, drawn from its own seed
  plan.run = [=](long t, const Context& context) {
    nlohmann::json rows = nlohmann::json::array();
    for (const LdpVsLipRow& r :
         ldp_vs_lip_distribution(a, c, epsilons, units::unit_seed(seed, static_cast<std::uint64_t>(t)), t, context))
      rows.push_back({t, r.epsilon, r.method, r.mutual_information, r.vertices, r.dimension});
    return rows;
  };
  plan.assemble = [a, c](const std::vector<nlohmann::json>& units) -> nlohmann::json {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& u : units)
      for (const auto& row : u) rows.push_back(row);
    return {{"experiment", "ldp-vs-lip"},
            {"columns", {"trial", "epsilon", "method", "mutual_information", "vertices", "dimension"}},
            {"rows", rows},
            {"plots",
             {{{"title", "Utility of the optimal protocols (Fig. 3)"},
               {"kind", "scatter"},
               {"x", "epsilon"},
               {"y", "mutual_information"},
               {"group", "method"},
               {"x_label", "epsilon"},
               {"y_label", "I(X;Y) [nats]"}},
              {{"title", "Vertices enumerated (time proxy, Fig. 3)"},
               {"kind", "scatter"},
               {"x", "epsilon"},
               {"y", "vertices"},
               {"group", "method"},
               {"x_label", "epsilon"},
               {"y_label", "vertices of Delta / Gamma"}}}},
            {"notes",
             {"p(s,x) drawn uniformly from [0,1] and normalised (Section VIII-A); a = " + std::to_string(a) +
                  ", c = " + std::to_string(c) + ".",
              "Core has no clock: the paper's computing time is replaced by the number of vertices enumerated "
              "(Delta has dimension a-1, Gamma a(a-1)); the CLI times the whole request.",
              "eps-LDP implies eps-LIP, so opt-ldp <= opt-lip; eps-LIP implies 2eps-LDP, so opt-lip <= opt-ldp at 2eps "
              "(Fig. 3(b) compares eps/2-LDP with eps-LIP).",
              "Distribution t is drawn from its own seed (unit_seed(seed, t)): one unit per distribution."}}};
  };
  return plan;
}

// Sections VIII-D and VIII-E: 100 distributions per (a, c) from the Jeffreys prior
// (Dirichlet(1/2) on S x X); alpha_GRR and alpha_CR solve (29) = eps and (33) = eps;
// I(X;Y)/H(X) of each (Figure 6), and alpha difference vs utility difference (Figure 7).
nlohmann::json experiment_grr_vs_cr(const nlohmann::json& request, const Context& context) {
  std::vector<std::pair<long, long>> sizes{{2, 2},  {5, 2},  {10, 2}, {2, 5},  {5, 5},
                                           {10, 5}, {2, 10}, {5, 10}, {10, 10}};
  if (request.contains("sizes")) {
    const auto& v = request.at("sizes");
    if (!v.is_array() || v.empty() || v.size() > 16)
      bad_request("invalid_sizes", "/sizes", "sizes: a list of [a, c] pairs");
    sizes.clear();
    for (std::size_t i = 0; i < v.size(); ++i) {
      const Vector pair = jr::vector(v[i], jr::child("/sizes", i), 2);
      if (pair.size() != 2 || pair(0) < 2 || pair(1) < 2 || pair(0) > 64 || pair(1) > 64 ||
          pair(0) != std::floor(pair(0)) || pair(1) != std::floor(pair(1)))
        bad_request("invalid_sizes", jr::child("/sizes", i), "each size is [a, c] with integers 2 <= a, c <= 64");
      sizes.emplace_back(static_cast<long>(pair(0)), static_cast<long>(pair(1)));
    }
  }
  const long trials = integer_or(request, "trials", 1, 1000, 100);
  const auto epsilons = epsilons_or(request, {0.25, 0.5, 1.0, 1.5, 2.0, 3.0});
  // Work estimate (issue 28): ~1e-6 s per a^2 c per (distribution, eps): the defaults (sum a^2 c
  // = 2193, 100 trials, 6 eps) take 0.8 s (docs/api.md).
  double units_of_work = 0;
  for (const auto& [sa, sc] : sizes) units_of_work += static_cast<double>(sa * sa * sc);
  work::guard(1e-6 * units_of_work * static_cast<double>(trials) * static_cast<double>(epsilons.size()),
              allow_large(request), "/trials", std::to_string(trials) + " distributions per size");
  random::Engine rng(seed_of(request));
  nlohmann::json rows = nlohmann::json::array();
  nlohmann::json notes = {
      "p(s,x) ~ Dirichlet(1/2) on S x X (Jeffreys prior), Marsaglia-Tsang gamma variates "
      "on raw mt19937_64 output (common/random.h: identical natively and in WASM).",
      "nmi = I(X;Y)/H(X); alpha = inf when even the deterministic protocol meets eps.",
      "alpha_cr_minus_grr is null when both alphas are Infinity (the difference is undefined)."};
  for (const GrrVsCrSize& size : grr_vs_cr(sizes, trials, epsilons, rng, context)) {
    const std::string label = "a=" + std::to_string(size.a) + ",c=" + std::to_string(size.c);
    for (const GrrVsCrRow& r : size.rows) {
      // Infinity - Infinity has no value: the cell is null (see the note), never "NaN".
      const bool both_infinite = std::isinf(r.alpha_grr) && std::isinf(r.alpha_cr);
      rows.push_back({label, r.a, r.c, r.trial, r.epsilon, r.nmi_grr, r.nmi_cr, jw::real(r.alpha_grr),
                      jw::real(r.alpha_cr), r.nmi_cr - r.nmi_grr,
                      both_infinite ? nlohmann::json(nullptr) : jw::real(r.alpha_cr - r.alpha_grr)});
    }
    if (size.correlation)
      notes.push_back(label + ": Pearson correlation of (alpha_CR - alpha_GRR) and (nmi_CR - nmi_GRR) at eps = " +
                      std::to_string(epsilons.back()) + ": " + std::to_string(*size.correlation) +
                      " (Figure 7; the paper reports 0.97-0.99 at a = c = 5)");
  }
  context.report(1.0, "done");
  return {{"experiment", "grr-vs-cr"},
          {"columns",
           {"size", "a", "c", "trial", "epsilon", "nmi_grr", "nmi_cr", "alpha_grr", "alpha_cr", "nmi_cr_minus_grr",
            "alpha_cr_minus_grr"}},
          {"rows", rows},
          {"plots",
           {{{"title", "GRR: I(X;Y)/H(X), mean and spread over distributions (Fig. 6)"},
             {"kind", "band"},
             {"x", "epsilon"},
             {"y", "nmi_grr"},
             {"group", "size"},
             {"x_label", "LIP epsilon"},
             {"y_label", "I(X;Y)/H(X)"}},
            {{"title", "CR: I(X;Y)/H(X), mean and spread over distributions (Fig. 6)"},
             {"kind", "band"},
             {"x", "epsilon"},
             {"y", "nmi_cr"},
             {"group", "size"},
             {"x_label", "LIP epsilon"},
             {"y_label", "I(X;Y)/H(X)"}},
            {{"title", "Difference in alpha vs difference in utility (Fig. 7)"},
             {"kind", "scatter"},
             {"x", "alpha_cr_minus_grr"},
             {"y", "nmi_cr_minus_grr"},
             {"group", "size"},
             {"x_label", "alpha_CR - alpha_GRR"},
             {"y_label", "nmi_CR - nmi_GRR"}}}},
          {"notes", notes}};
}

}  // namespace privlab::funnel
