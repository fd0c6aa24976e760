/**
 * @file experiments.cpp
 * @brief Section 7.1 (Figure 3), Section 7.2 (Figure 4) and the Theorem 6 robustness check,
 *        the JSON edge: read the parameters, call estimation/experiment_runs.h, write rows,
 *        plots and notes.
 */
#include "estimation/experiments.h"

#include <cmath>
#include <sstream>

#include "common/error.h"
#include "json/experiment_units.h"
#include "estimation/experiment_runs.h"
#include "estimation/report_json.h"
#include "estimation/request.h"
#include "json/json_read.h"
#include "json/json_write.h"
#include "model/adult.h"
#include "model/joint.h"
#include "model/joint_json.h"

namespace privlab::estimation {

namespace jr = json_read;
namespace jw = json_write;
using Json = nlohmann::json;

namespace {

struct ParityParams {
  double p1, p2, e1, e2;
};

ParityParams parity_params(const Json& req) {
  ParityParams p{0.45, 0.4, 0.2, 0.15};
  if (req.contains("p")) {
    const Vector v = jr::vector(req["p"], "/p", 2);
    if (v.size() != 2 || (v.array() <= 0).any() || (v.array() >= 1).any())
      bad_request("out_of_range", "/p", "'p' must be two probabilities in (0,1)");
    p.p1 = v(0);
    p.p2 = v(1);
  }
  if (req.contains("crossover")) {
    const Vector v = jr::vector(req["crossover"], "/crossover", 2);
    if (v.size() != 2 || (v.array() < 0).any() || (v.array() >= 0.5).any())
      bad_request("out_of_range", "/crossover", "'crossover' must be two values in [0, 0.5)");
    p.e1 = v(0);
    p.e2 = v(1);
  }
  return p;
}

Objective read_objective(const Json& req, const char* fallback) {
  const std::string name = req.contains("objective") ? jr::one_of(req, "objective", "", {"min", "sum"}) : fallback;
  return name == "min" ? Objective::kMin : Objective::kSum;
}

long read_steps(const Json& req, long fallback, long hi) {
  if (!req.contains("theta_steps")) return fallback;
  const long v = jr::positive_integer(req, "theta_steps", "", hi);
  if (v < 2) bad_request("out_of_range", "/theta_steps", "'theta_steps' must be at least 2");
  return v;
}

void add_curve(Json& rows, const std::string& series, const Breakpoints& curve) {
  for (const auto& [e, f] : curve) rows.push_back({series, nullptr, e, f});
}

// Section 7.1, Figure 3: Formulation 1 (sum objective) over a theta sweep against the bounds.
Json parity_bits(const Json& req, const Context& ctx) {
  const auto pp = parity_params(req);
  const Objective obj = read_objective(req, "sum");
  const long steps = read_steps(req, 21, 201);
  const double tol = jr::number_or(req, "tolerance", "", 1e-8, 1e-2, 1e-6);
  const Matrix joint = parity_bits_joint(pp.p1, pp.p2, pp.e1, pp.e2);
  const ParityBitsRun run = parity_bits_run(joint, obj, steps, tol, ctx);
  Json rows = Json::array();
  add_curve(rows, "upper bound G (Theorem 2)", run.analysis.upper_bound);
  add_curve(rows, "lower bound (Theorem 2)", run.analysis.lower_bound);
  add_curve(rows, "simple bound (12)", run.analysis.simple_bound);
  for (const auto& [theta, r] : run.designs) rows.push_back({"Formulation 1", theta, r.chi2_sy, r.chi2_xy});
  if (run.theorem3) rows.push_back({"Theorem 3", nullptr, run.theorem3->mapping.chi2_s, run.theorem3->mapping.chi2_x});
  add_curve(rows, "concave hull of designs (lower bound on F)", run.hull);
  std::ostringstream gap;
  gap << "largest distance of a Formulation 1 point below the upper bound: " << run.worst_gap;
  Json out = summary_json(run.analysis);
  out.update({{"experiment", "parity-bits"},
              {"joint", jw::matrix(joint)},
              {"columns", {"series", "theta", "chi2_SY", "chi2_XY"}},
              {"rows", rows},
              {"plots",
               {{{"title", "Figure 3: chi-square privacy-utility trade-off (parity bits)"},
                 {"kind", "line"},
                 {"x", "chi2_SY"},
                 {"y", "chi2_XY"},
                 {"group", "series"},
                 {"x_label", "privacy leakage chi^2(S;Y)"},
                 {"y_label", "utility chi^2(X;Y)"}}}},
              {"notes",
               {"Section 7.1: S = (S1,S2) independent with P(S1=1), P(S2=1) = p; X = S through "
                "BSC(crossover). Private s1 = S1, useful u1 = X1 X2, u2 = X2 (basis in this order).",
                std::string("Formulation 1 with obj = ") + (obj == Objective::kSum ? "sum" : "min") +
                    " of sigma; theta from 0 to 1 in " + std::to_string(steps) + " steps.",
                gap.str(),
                "F lies between the upper bound and the concave hull of the achievable points "
                "(Lemma 2: time sharing)."}}});
  return out;
}

// Section 7.2, Figure 4: S = (Gender, Race), X = (Education years, Income), indicators.
Json adult(const Json& req, const Context& ctx) {
  const Json& csv = jr::member(req, "data_csv", "");
  if (!csv.is_string()) bad_request("not_a_string", "/data_csv", "expected the CSV text");
  const long steps = read_steps(req, 11, 51);
  const double tol = jr::number_or(req, "tolerance", "", 1e-8, 1e-2, 1e-6);
  std::vector<std::string> objectives{"min", "sum"};
  if (req.contains("objective")) objectives = {jr::one_of(req, "objective", "", {"min", "sum"})};
  const std::string order_name =
      req.contains("order") ? jr::one_of(req, "order", "", {"income-first", "education-first"}) : "income-first";
  ctx.report(0.0, "tabulating the Adult data");
  const auto table = adult::tabulate(csv.get<std::string>(), {"sex", "race", "education-num", "income"}, "/data_csv");
  const AdultDesign design = adult_design(table, order_name == "income-first", tol);
  const auto& pnames = design.private_names;
  const auto& unames = design.useful_names;
  const Analysis analysis = analyze(design.input.joint_sx);
  std::vector<Objective> objs;
  for (const auto& oname : objectives) objs.push_back(oname == "min" ? Objective::kMin : Objective::kSum);
  Json rows = Json::array(), designs = Json::array();
  // cells[step][function] = (mmse under obj = min, under obj = sum); functions in input order.
  std::vector<std::string> fnames;
  for (const auto& n : pnames) fnames.push_back(n);
  for (const auto& n : unames) fnames.push_back(n);
  std::vector<std::vector<std::pair<Json, Json>>> cells(steps, std::vector<std::pair<Json, Json>>(fnames.size()));
  const std::vector<AdultStep> sweep = adult_sweep(design, steps, objs, ctx);
  for (std::size_t step = 0; step < sweep.size(); ++step) {
    const AdultStep& a = sweep[step];
    const Formulation1Result& r = a.result;
    const bool min = a.objective == Objective::kMin;
    const std::size_t k = step / objs.size();
    designs.push_back({{"theta", a.theta},
                       {"objective", min ? "min" : "sum"},
                       {"chi2_sy", r.chi2_sy},
                       {"chi2_xy", r.chi2_xy},
                       {"converged", r.converged},
                       {"gap", r.objective_upper - r.objective}});
    for (std::size_t i = 0; i < r.privates.size(); ++i)
      (min ? cells[k][i].first : cells[k][i].second) = r.privates[i].mmse;
    for (std::size_t j = 0; j < r.usefuls.size(); ++j) {
      auto& c = cells[k][pnames.size() + j];
      (min ? c.first : c.second) = r.usefuls[j].mmse;
    }
  }
  for (long k = 0; k < steps; ++k)
    for (std::size_t f = 0; f < fnames.size(); ++f)
      rows.push_back({static_cast<double>(k) / (steps - 1), fnames[f], f < pnames.size() ? "private" : "useful",
                      cells[k][f].first, cells[k][f].second});
  Json out = summary_json(analysis);
  out.update({{"experiment", "adult"},
              {"records", table.n},
              {"labels", {{"s", {"sex", "race"}}, {"x", {"education-num", "income"}}}},
              {"columns", {"theta", "function", "role", "mmse_min", "mmse_sum"}},
              {"rows", rows},
              {"designs", designs},
              {"plots",
               {{{"title", "Figure 4 (left): MMSE per function, obj = min sigma"},
                 {"kind", "line"},
                 {"x", "theta"},
                 {"y", "mmse_min"},
                 {"group", "function"},
                 {"x_label", "theta"},
                 {"y_label", "mmse(f | Y)"}},
                {{"title", "Figure 4 (right): MMSE per function, obj = sum sigma"},
                 {"kind", "line"},
                 {"x", "theta"},
                 {"y", "mmse_sum"},
                 {"group", "function"},
                 {"x_label", "theta"},
                 {"y_label", "mmse(f | Y)"}}}},
              {"notes",
               {"Section 7.2: S = (sex, race), X = (education-num, income) from the Adult data; private "
                "functions: indicators of Gender = Male and of each race; useful: Income >50K and each "
                "education year (the dependent last indicator leaves the QR basis but is reported).",
                "Basis order: " + order_name + "; the same theta for every private function.",
                "Every MMSE is measured from the designed mechanism; every design passed its audit."}}});
  return out;
}

// Section 6: design on P-hat from n samples, evaluate on P; the gap against Theorem 6.
Json robustness(const Json& req, const Context& ctx) {
  // The true P and the design: the request's joint and Formulation 1 fields when given,
  // otherwise Section 7.1's example with theta (default 0.5) on s_1.
  const bool custom = req.contains("joint");
  Matrix truth;
  Formulation1Input design;
  std::string what;
  if (custom) {
    const JointDistribution joint = parse_joint(req["joint"], "/joint", {16, 16, 256});
    Functions priv, useful;
    design = read_design(req, joint, priv, useful);
    truth = joint.p;
    what = "Formulation 1 with the request's functions on its joint";
  } else {
    const auto pp = parity_params(req);
    const double theta = jr::number_or(req, "theta", "", 0, 1, 0.5);
    truth = parity_bits_joint(pp.p1, pp.p2, pp.e1, pp.e2);
    design = parity_bits_input(truth, theta, read_objective(req, "sum"));
    what = "Formulation 1 on the parity-bits example (Section 7.1) with theta = " + std::to_string(theta);
  }
  const double beta = jr::number_or(req, "beta", "", 1e-9, 0.5, 0.05);
  const long trials = req.contains("trials") ? jr::positive_integer(req, "trials", "", 200) : 20;
  std::vector<long long> ns{100, 300, 1000, 3000, 10000, 30000, 100000};
  if (req.contains("n_values")) {
    const Vector v = jr::vector(req["n_values"], "/n_values", 12);
    ns.clear();
    for (long i = 0; i < v.size(); ++i) {
      if (v(i) != std::floor(v(i)) || v(i) < 10 || v(i) > 1e6)
        bad_request("out_of_range", jr::child("/n_values", i), "n must be a whole number in [10, 1e6]");
      ns.push_back(static_cast<long long>(v(i)));
    }
  }
  double draws = 0;
  for (auto n : ns) draws += static_cast<double>(n) * trials;
  if (draws > 2e7) bad_request("too_large", "/trials", "trials x sum(n_values) exceeds 2e7 draws");
  const auto seed = req.contains("seed") ? jr::positive_integer(req, "seed", "", 1LL << 53) : 1;
  const RobustnessRun run = robustness_run(truth, design, ns, trials, beta, static_cast<std::uint64_t>(seed), ctx);
  Json rows = Json::array();
  Json notes = Json::array();
  for (const RobustnessAtN& at : run.per_n) {
    const long long n = at.n;
    for (const RobustnessTrial& t : at.trials) {
      rows.push_back({n, t.trial, "gap chi2(S;Y)", t.gap_s});
      rows.push_back({n, t.trial, "gap chi2(X;Y)", t.gap_x});
      rows.push_back({n, t.trial, "Lemma 5 bound, S", jw::real(t.lemma5_s)});
      rows.push_back({n, t.trial, "Lemma 5 bound, X", jw::real(t.lemma5_x)});
    }
    std::ostringstream msg;
    if (std::isfinite(at.bound.bound_s) && std::isfinite(at.bound.bound_x)) {
      rows.push_back({n, nullptr, "Theorem 6 bound (43), S", at.bound.bound_s});
      rows.push_back({n, nullptr, "Theorem 6 bound (44), X", at.bound.bound_x});
      msg << "n = " << n << ": " << at.within << "/" << trials
          << " trials within both Theorem 6 bounds (guaranteed probability >= " << 1 - beta << ")";
    } else {
      msg << "n = " << n << ": Theorem 6 is vacuous (m_S or m_X = 0 at this n)";
    }
    notes.push_back(msg.str());
  }
  if (run.skipped)
    notes.push_back(std::to_string(run.skipped) + " trials skipped: a function was constant on the sample");
  notes.push_back("Design: " + what +
                  "; gaps are |chi2 under P - chi2 under P-hat|; the Lemma 5 "
                  "rows are 4/m ||P - P-hat||_1 for the realized sample (a deterministic bound).");
  Json out = summary_json(analyze(truth));
  out.update({{"experiment", "robustness"},
              {"columns", {"n", "trial", "series", "value"}},
              {"rows", rows},
              {"plots",
               {{{"title", "Section 6: realized chi-square gap against n, with Theorem 6"},
                 {"kind", "scatter"},
                 {"x", "n"},
                 {"y", "value"},
                 {"group", "series"},
                 {"x_label", "n (samples)"},
                 {"y_label", "gap"},
                 {"log_x", true},
                 {"log_y", true}}}},  // hints: gaps and bounds span decades
              {"notes", notes}});
  return out;
}

}  // namespace

Json run_experiment(const Json& request, const Context& context) {
  const std::string name = jr::one_of(request, "experiment", "", {"parity-bits", "adult", "robustness"});
  // Not split finer yet: the whole experiment is one unit (json/experiment_units.h).
  return units::answer(request,
                       units::whole(name,
                                    [&request, name](const Context& c) {
                                      if (name == "parity-bits") return parity_bits(request, c);
                                      if (name == "adult") return adult(request, c);
                                      return robustness(request, c);
                                    }),
                       context);
}

}  // namespace privlab::estimation
