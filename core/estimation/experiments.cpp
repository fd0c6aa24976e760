/**
 * @file experiments.cpp
 * @brief Section 7.1 (Figure 3), Section 7.2 (Figure 4) and the Theorem 6 robustness check.
 */
#include "estimation/experiments.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <sstream>

#include "common/error.h"
#include "common/experiment_units.h"
#include "estimation/pics.h"
#include "estimation/report_json.h"
#include "estimation/request.h"
#include "estimation/robustness.h"
#include "estimation/tradeoff.h"
#include "json/json_read.h"
#include "json/json_write.h"
#include "model/adult.h"
#include "model/joint.h"
#include "model/joint_json.h"

namespace privlab::estimation {

namespace jr = json_read;
namespace jw = json_write;
using Json = nlohmann::json;

Matrix parity_bits_joint(double p1, double p2, double e1, double e2) {
  Matrix j(4, 4);
  for (long s = 0; s < 4; ++s)
    for (long x = 0; x < 4; ++x) {
      const long s1 = s / 2, s2 = s % 2, x1 = x / 2, x2 = x % 2;
      const double ps = (s1 ? p1 : 1 - p1) * (s2 ? p2 : 1 - p2);
      j(s, x) = ps * (x1 == s1 ? 1 - e1 : e1) * (x2 == s2 ? 1 - e2 : e2);
    }
  return j;
}

Formulation1Input parity_bits_input(const Matrix& joint, double theta, Objective objective) {
  Formulation1Input in;
  in.joint_sx = joint;
  Vector s1(4), u1(4), u2(4);
  for (long v = 0; v < 4; ++v) {
    const double b1 = v / 2 ? 1 : -1, b2 = v % 2 ? 1 : -1;
    s1(v) = b1;       // s_1(S) = S_1
    u1(v) = b1 * b2;  // u_1(X) = X_1 X_2
    u2(v) = b2;       // u_2(X) = X_2
  }
  in.private_functions = {s1};
  in.useful_functions = {u1, u2};
  in.theta = {theta};
  in.objective = objective;
  return in;
}

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
  const std::string name =
      req.contains("objective") ? jr::one_of(req, "objective", "", {"min", "sum"}) : fallback;
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
  const Analysis analysis = analyze(joint);
  const PicDecomposition& pics = analysis.pics;
  const Breakpoints& up = analysis.upper_bound;
  Json rows = Json::array();
  add_curve(rows, "upper bound G (Theorem 2)", up);
  add_curve(rows, "lower bound (Theorem 2)", analysis.lower_bound);
  add_curve(rows, "simple bound (12)", analysis.simple_bound);
  std::vector<std::pair<double, double>> points{{0.0, 0.0}, {pics.chi2(), 3.0}};
  double worst_gap = 0;
  for (long k = 0; k < steps; ++k) {
    const double theta = static_cast<double>(k) / (steps - 1);
    auto in = parity_bits_input(joint, theta, obj);
    in.tolerance = tol;
    const Formulation1Result r = design(in).result;  // audits every design
    rows.push_back({"Formulation 1", theta, r.chi2_sy, r.chi2_xy});
    points.emplace_back(r.chi2_sy, r.chi2_xy);
    worst_gap = std::max(worst_gap, evaluate(up, r.chi2_sy) - r.chi2_xy);
    ctx.report(static_cast<double>(k + 1) / steps, "Formulation 1 over theta");
  }
  if (const auto t3 = theorem3(joint, pics)) {  // audited
    rows.push_back({"Theorem 3", nullptr, t3->mapping.chi2_s, t3->mapping.chi2_x});
    points.emplace_back(t3->mapping.chi2_s, t3->mapping.chi2_x);
  }
  add_curve(rows, "concave hull of designs (lower bound on F)", concave_hull(points));
  std::ostringstream gap;
  gap << "largest distance of a Formulation 1 point below the upper bound: " << worst_gap;
  Json out = summary_json(analysis);
  out.update({{"experiment", "parity-bits"},
              {"joint", jw::matrix(joint)},
              {"columns", {"series", "theta", "chi2_SY", "chi2_XY"}},
              {"rows", rows},
              {"plots",
               {{{"title", "Figure 3: chi-square privacy-utility trade-off (parity bits)"},
                 {"kind", "line"}, {"x", "chi2_SY"}, {"y", "chi2_XY"}, {"group", "series"},
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
      req.contains("order") ? jr::one_of(req, "order", "", {"income-first", "education-first"})
                            : "income-first";
  ctx.report(0.0, "tabulating the Adult data");
  const auto table = adult::tabulate(csv.get<std::string>(), {"sex", "race", "education-num", "income"},
                                     "/data_csv");
  const Matrix joint = table.as_matrix(2) / static_cast<double>(table.n);
  const auto& sex = table.labels[0];
  const auto& race = table.labels[1];
  const auto& edu = table.labels[2];
  const auto& income = table.labels[3];
  const long ns = joint.rows(), nx = joint.cols();
  // Private functions (on S = sex x race, race fastest): Gender, each Race.
  Formulation1Input in;
  in.joint_sx = joint;
  std::vector<std::string> pnames, unames;
  for (std::size_t a = 0; a < sex.size(); ++a)
    if (sex[a] == "Male") {
      Vector h = Vector::Zero(ns);
      for (std::size_t r = 0; r < race.size(); ++r) h(a * race.size() + r) = 1;
      in.private_functions.push_back(h);
      pnames.push_back("Gender: Male");
    }
  for (std::size_t r = 0; r < race.size(); ++r) {
    Vector h = Vector::Zero(ns);
    for (std::size_t a = 0; a < sex.size(); ++a) h(a * race.size() + r) = 1;
    in.private_functions.push_back(h);
    pnames.push_back("Race: " + race[r]);
  }
  // Useful functions (on X = education-num x income, income fastest): Income, Education = k.
  auto income_fn = [&]() {
    Vector h = Vector::Zero(nx);
    for (std::size_t e = 0; e < edu.size(); ++e)
      for (std::size_t i = 0; i < income.size(); ++i)
        if (income[i].find('>') != std::string::npos) h(e * income.size() + i) = 1;
    return h;
  };
  std::vector<std::pair<int, std::size_t>> years;  // numeric education years, label index
  for (std::size_t e = 0; e < edu.size(); ++e) years.emplace_back(std::stoi(edu[e]), e);
  std::sort(years.begin(), years.end());
  if (order_name == "income-first") {
    in.useful_functions.push_back(income_fn());
    unames.push_back("Income >50K");
  }
  for (const auto& [y, e] : years) {
    Vector h = Vector::Zero(nx);
    for (std::size_t i = 0; i < income.size(); ++i) h(e * income.size() + i) = 1;
    in.useful_functions.push_back(h);
    unames.push_back("Education years: " + std::to_string(y));
  }
  if (order_name == "education-first") {
    in.useful_functions.push_back(income_fn());
    unames.push_back("Income >50K");
  }
  in.tolerance = tol;

  const Analysis analysis = analyze(joint);
  Json rows = Json::array(), designs = Json::array();
  // cells[step][function] = (mmse under obj = min, under obj = sum); functions in input order.
  std::vector<std::string> fnames;
  for (const auto& n : pnames) fnames.push_back(n);
  for (const auto& n : unames) fnames.push_back(n);
  std::vector<std::vector<std::pair<Json, Json>>> cells(steps,
                                                        std::vector<std::pair<Json, Json>>(fnames.size()));
  long done = 0;
  const long total = steps * static_cast<long>(objectives.size());
  for (long k = 0; k < steps; ++k) {
    const double theta = static_cast<double>(k) / (steps - 1);
    for (const auto& oname : objectives) {
      in.objective = oname == "min" ? Objective::kMin : Objective::kSum;
      in.theta.assign(in.private_functions.size(), theta);
      const Formulation1Result r = design(in).result;  // audits every design
      designs.push_back({{"theta", theta}, {"objective", oname}, {"chi2_sy", r.chi2_sy},
                         {"chi2_xy", r.chi2_xy}, {"converged", r.converged},
                         {"gap", r.objective_upper - r.objective}});
      for (std::size_t i = 0; i < r.privates.size(); ++i) {
        auto& c = cells[k][i];
        (oname == "min" ? c.first : c.second) = r.privates[i].mmse;
      }
      for (std::size_t j = 0; j < r.usefuls.size(); ++j) {
        auto& c = cells[k][pnames.size() + j];
        (oname == "min" ? c.first : c.second) = r.usefuls[j].mmse;
      }
      ctx.report(static_cast<double>(++done) / total, "Formulation 1 over theta (" + oname + ")");
    }
  }
  for (long k = 0; k < steps; ++k)
    for (std::size_t f = 0; f < fnames.size(); ++f)
      rows.push_back({static_cast<double>(k) / (steps - 1), fnames[f],
                      f < pnames.size() ? "private" : "useful", cells[k][f].first,
                      cells[k][f].second});
  Json out = summary_json(analysis);
  out.update(
      {{"experiment", "adult"},
       {"records", table.n},
       {"labels", {{"s", {"sex", "race"}}, {"x", {"education-num", "income"}}}},
       {"columns", {"theta", "function", "role", "mmse_min", "mmse_sum"}},
       {"rows", rows},
       {"designs", designs},
       {"plots",
        {{{"title", "Figure 4 (left): MMSE per function, obj = min sigma"}, {"kind", "line"},
          {"x", "theta"}, {"y", "mmse_min"}, {"group", "function"}, {"x_label", "theta"},
          {"y_label", "mmse(f | Y)"}},
         {{"title", "Figure 4 (right): MMSE per function, obj = sum sigma"}, {"kind", "line"},
          {"x", "theta"}, {"y", "mmse_sum"}, {"group", "function"}, {"x_label", "theta"},
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
    what = "Formulation 1 on the parity-bits example (Section 7.1) with theta = " +
           std::to_string(theta);
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
  std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
  Json rows = Json::array();
  Json notes = Json::array();
  long done = 0, skipped = 0;
  for (auto n : ns) {
    const Theorem6 bound = theorem6_bound(truth, n, beta);
    long within = 0;
    for (long t = 0; t < trials; ++t) {
      const Matrix hat = sample_empirical(truth, n, rng);
      Formulation1Input in = design;
      in.joint_sx = hat;
      Formulation1Result r;
      try {
        r = solve_formulation1(in);  // W designed on P-hat (Fig. 2, training)
      } catch (const Error&) {  // a function constant on a tiny sample: nothing to design
        ++skipped;
        continue;
      }
      const auto [hs, hx] = chi2_of_mechanism(hat, r.mechanism);
      const auto [ts, tx] = chi2_of_mechanism(truth, r.mechanism);  // testing on P
      const double gs = std::abs(ts - hs), gx = std::abs(tx - hx);
      const auto [ls, lx] = lemma5_bounds(truth, hat);
      rows.push_back({n, t, "gap chi2(S;Y)", gs});
      rows.push_back({n, t, "gap chi2(X;Y)", gx});
      rows.push_back({n, t, "Lemma 5 bound, S", jw::real(ls)});
      rows.push_back({n, t, "Lemma 5 bound, X", jw::real(lx)});
      if (gs <= bound.bound_s && gx <= bound.bound_x) ++within;
      ctx.report(static_cast<double>(++done) / (trials * static_cast<double>(ns.size())),
                 "sampling and designing");
    }
    std::ostringstream msg;
    if (std::isfinite(bound.bound_s) && std::isfinite(bound.bound_x)) {
      rows.push_back({n, nullptr, "Theorem 6 bound (43), S", bound.bound_s});
      rows.push_back({n, nullptr, "Theorem 6 bound (44), X", bound.bound_x});
      msg << "n = " << n << ": " << within << "/" << trials
          << " trials within both Theorem 6 bounds (guaranteed probability >= " << 1 - beta << ")";
    } else {
      msg << "n = " << n << ": Theorem 6 is vacuous (m_S or m_X = 0 at this n)";
    }
    notes.push_back(msg.str());
  }
  if (skipped)
    notes.push_back(std::to_string(skipped) + " trials skipped: a function was constant on the sample");
  notes.push_back("Design: " + what + "; gaps are |chi2 under P - chi2 under P-hat|; the Lemma 5 "
                  "rows are 4/m ||P - P-hat||_1 for the realized sample (a deterministic bound).");
  Json out = summary_json(analyze(truth));
  out.update({{"experiment", "robustness"},
              {"columns", {"n", "trial", "series", "value"}},
              {"rows", rows},
              {"plots",
               {{{"title", "Section 6: realized chi-square gap against n, with Theorem 6"},
                 {"kind", "scatter"}, {"x", "n"}, {"y", "value"}, {"group", "series"},
                 {"x_label", "n (samples)"}, {"y_label", "gap"},
                 {"log_x", true}, {"log_y", true}}}},  // hints: gaps and bounds span decades
              {"notes", notes}});
  return out;
}

}  // namespace

Json run_experiment(const Json& request, const Context& context) {
  const std::string name =
      jr::one_of(request, "experiment", "", {"parity-bits", "adult", "robustness"});
  // Not split finer yet: the whole experiment is one unit (common/experiment_units.h).
  return units::answer(request, units::whole(name, [&request, name](const Context& c) {
    if (name == "parity-bits") return parity_bits(request, c);
    if (name == "adult") return adult(request, c);
    return robustness(request, c);
  }), context);
}

}  // namespace privlab::estimation
