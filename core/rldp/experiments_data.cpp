/**
 * @file experiments_data.cpp
 * @brief Experiments on given data: the Adult census pairs (Figure 2, Sec. 8.1) and the
 *        epsilon sweep of one joint ("curve").
 */
#include <algorithm>
#include <cmath>
#include <memory>

#include "common/error.h"
#include "common/work_budget.h"
#include "json/json_read.h"
#include "json/json_write.h"
#include "model/adult.h"
#include "model/joint_json.h"
#include "model/request_fields.h"
#include "rldp/evaluation_json.h"
#include "rldp/experiment_support.h"
#include "rldp/mechanisms.h"
#include "rldp/uncertainty_json.h"

namespace privlab::rldp::experiment {

namespace jr = json_read;

/// Figure 2: Adult census pairs (S, U); P-hat from the file, n = number of records. One unit per
/// (pair, epsilon), pair-major: the pairs are tabulated once here (request errors surface before
/// any unit runs), and every unit designs its mechanisms for one epsilon.
units::Plan adult_experiment(const nlohmann::json& r) {
  const auto& csv_v = jr::member(r, "data_csv", "");
  if (!csv_v.is_string()) bad_request("not_a_string", "/data_csv", "data_csv is the text of adult.data");
  const std::string csv = csv_v.get<std::string>();
  std::vector<std::pair<std::string, std::string>> pairs{
      {"sex", "race"}, {"race", "sex"}, {"occupation", "education"}, {"native-country", "relationship"}};
  if (r.contains("pairs")) {
    const auto& pv = r.at("pairs");
    if (!pv.is_array() || pv.empty()) bad_request("not_an_array", "/pairs", "pairs is [[S, U], ...]");
    pairs.clear();
    for (std::size_t i = 0; i < pv.size(); ++i) {
      const auto& e = pv[i];
      if (!e.is_array() || e.size() != 2 || !e[0].is_string() || !e[1].is_string())
        bad_request("bad_pair", jr::child("/pairs", i), "each pair is [\"S column\", \"U column\"]");
      pairs.emplace_back(e[0].get<std::string>(), e[1].get<std::string>());
    }
  }
  const auto eps = read_numbers(r, "epsilons", "", 0, 50, 64, {0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 2.5, 3.0});
  const double conf = jr::number_or(r, "confidence", "", 1e-6, 1 - 1e-9, 0.95);
  const double alpha = jr::number_or(r, "alpha", "", 0.01, 100, 2.0);
  const auto mechs = read_mechanisms(r, "", mechanism_names());
  DesignOptions options;
  options.same_s_rows = read_bool(r, "same_s_rows", "", true);
  options.allow_large = read_bool(r, "allow_large", "", false);

  struct Pair {
    std::string label, plot_title;
    JointDistribution hat;
    UncertaintySet set;
  };
  auto tabulated = std::make_shared<std::vector<Pair>>();
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const auto& [sa, ua] = pairs[i];
    const auto table = adult::tabulate(csv, {sa, ua}, jr::child("/pairs", i));
    const Matrix counts = table.as_matrix(1);
    if (counts.size() > 256) bad_request("too_large", jr::child("/pairs", i), "|S||U| is at most 256");
    const JointDistribution hat = joint_from_matrix(counts / counts.sum());
    const std::string label = sa + "/" + ua;
    tabulated->push_back({label,
                          "Adult " + label + " (|S| = " + std::to_string(hat.num_s()) +
                              ", |U| = " + std::to_string(hat.num_u()) + ", n = " + std::to_string(table.n) + ")",
                          hat, ball(alpha, conf, table.n, hat.num_x())});
  }

  // Work guard (common/work_budget.h): pairs x epsilons x the designs of each pair's size. The
  // paper's four pairs at the eight default epsilons estimate ~69 s (20-22 s measured natively):
  // a command-line run ("allow_large": true); one pair at a few epsilons fits the browser.
  double seconds = 0;
  long largest = 0;
  for (const auto& pair : *tabulated) {
    const long ns = pair.hat.num_s(), nu = pair.hat.num_u();
    largest = std::max(largest, ns * nu);
    for (const auto& m : mechs) seconds += static_cast<double>(eps.size()) * design_seconds(m, ns, nu, options);
  }
  work::guard(seconds, options.allow_large, "/pairs",
              std::to_string(pairs.size() * eps.size() * mechs.size()) + " designs (" + std::to_string(pairs.size()) +
                  " pairs x " + std::to_string(eps.size()) + " epsilons x " + std::to_string(mechs.size()) +
                  " mechanisms; the largest |S||U| is " + std::to_string(largest) + ")");

  units::Plan plan;
  plan.name = "adult";
  plan.count = static_cast<long>(pairs.size() * eps.size());
  plan.run = [=](long u, const Context& context) {
    const Pair& pair = (*tabulated)[static_cast<std::size_t>(u) / eps.size()];
    const double e = eps[static_cast<std::size_t>(u) % eps.size()];
    context.report(0, pair.label + ", epsilon " + std::to_string(e));
    Notes notes;
    std::vector<std::pair<std::string, Trial>> trials;
    for (const auto& m : mechs)
      if (auto t = run_one(m, pair.hat, nullptr, e, pair.set, options, notes)) trials.emplace_back(m, std::move(*t));
    const auto find = [&](const std::string& name) -> Trial* {
      for (auto& [m, t] : trials)
        if (m == name && t.optimality) return &t;
      return nullptr;
    };
    if (Trial* polyopt = find("polyopt"), *nr = find("nr"); polyopt && nr)
      bound_polyopt_by_nr(*polyopt->optimality, *nr->optimality);
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& [m, t] : trials) {
      // PolyOpt/NR: the proven upper bound on LP (46)'s optimum (I(X;Y) in nats; for PolyOpt the
      // lesser of its own and NR's) and its gap, null where none is proven or for the other
      // mechanisms; stopped = the time budget ended column generation.
      const auto& o = t.optimality;
      const auto opt = [](const std::optional<double>& x) { return x ? nlohmann::json(*x) : nlohmann::json(nullptr); };
      rows.push_back({pair.label, e, m, t.hat.nmi, t.hat.mutual_information, num(t.robust), t.robust_exact,
                      pair.label + ": " + m, o ? opt(o->upper_bound) : nlohmann::json(nullptr),
                      o ? opt(o->gap) : nlohmann::json(nullptr),
                      o ? nlohmann::json(o->stopped) : nlohmann::json(nullptr)});
    }
    return nlohmann::json{{"rows", rows}, {"notes", notes.list}};
  };
  plan.assemble = [tabulated](const std::vector<nlohmann::json>& results) -> nlohmann::json {
    Notes notes;
    nlohmann::json rows = nlohmann::json::array(), plots = nlohmann::json::array();
    for (const auto& result : results) {
      for (const auto& row : result["rows"]) rows.push_back(row);
      for (const auto& n : result["notes"]) notes.add(n.get<std::string>());
    }
    for (const auto& pair : *tabulated) {
      auto pl = plot(pair.plot_title, "line", "epsilon", "nmi", "mechanism", "epsilon", "NMI");
      pl["filter"] = {{"column", "pair"}, {"value", pair.label}};
      plots.push_back(pl);
    }
    return {{"experiment", "adult"},
            {"columns",
             {"pair", "epsilon", "mechanism", "nmi", "mutual_information", "robust_epsilon", "robust_epsilon_exact",
              "series", "upper_bound", "gap", "stopped"}},
            {"rows", rows},
            {"plots", plots},
            {"notes", notes.list}};
  };
  return plan;
}

/// All mechanisms against epsilon for one joint (the page's utility-vs-epsilon chart).
nlohmann::json curve_experiment(const nlohmann::json& r, const Context& context) {
  const JointLimits limits{64, 64, 256};
  const JointDistribution hat = parse_joint(jr::member(r, "joint", ""), "/joint", limits);
  const auto n = sample_size(r, hat);
  const UncertaintySet set = parse_uncertainty(r, hat.num_x(), n);
  const auto truth = true_joint(r, hat, limits);
  const auto eps = read_numbers(r, "epsilons", "", 0, 50, 64, {0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 2.5, 3.0});
  const auto mechs = read_mechanisms(r, "", mechanism_names());
  DesignOptions options;
  options.same_s_rows = read_bool(r, "same_s_rows", "", true);
  options.allow_large = read_bool(r, "allow_large", "", false);
  Notes notes;
  nlohmann::json rows = nlohmann::json::array();
  for (std::size_t i = 0; i < eps.size(); ++i) {
    context.report(static_cast<double>(i) / static_cast<double>(eps.size()), "epsilon " + std::to_string(eps[i]));
    for (const auto& m : mechs)
      if (auto t = run_one(m, hat, truth ? &*truth : nullptr, eps[i], set, options, notes))
        rows.push_back({eps[i], m, t->hat.nmi, t->hat.mutual_information, num(t->hat.epsilon), num(t->robust),
                        t->robust_exact, truth ? num(t->truth.nmi) : nlohmann::json(nullptr),
                        truth ? num(t->truth.epsilon) : nlohmann::json(nullptr)});
  }
  context.report(1.0, "done");
  return {{"experiment", "curve"},
          {"columns",
           {"epsilon", "mechanism", "nmi", "mutual_information", "epsilon_hat", "robust_epsilon",
            "robust_epsilon_exact", "true_nmi", "true_epsilon"}},
          {"rows", rows},
          {"plots",
           {plot("NMI under P-hat vs epsilon", "line", "epsilon", "nmi", "mechanism", "epsilon", "NMI"),
            plot("Robust epsilon over F vs designed epsilon", "line", "epsilon", "robust_epsilon", "mechanism",
                 "designed epsilon", "robust epsilon")}},
          {"notes", notes.list}};
}
}  // namespace privlab::rldp::experiment
