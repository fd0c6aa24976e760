/**
 * @file experiment_runs.cpp
 * @brief The funnel experiments' computations (Section VIII): the designs and utilities of each
 *        row, typed. The JSON of the rows, plots and notes is in funnel/experiments_*.cpp.
 */
#include "funnel/experiment_runs.h"

#include <cmath>

#include "common/random.h"
#include "funnel/explicit_protocols.h"
#include "funnel/optimal_ldp.h"
#include "funnel/optimal_lip.h"
#include "funnel/protocol_metrics.h"
#include "funnel/size_guards.h"
#include "metrics/information.h"

namespace privlab::funnel {

namespace {
constexpr long kMaxOueAlphabet = 20;  // OUE's utility sums over 2^|X| subsets

double pearson(const std::vector<double>& u, const std::vector<double>& v) {
  const double n = static_cast<double>(u.size());
  double mu = 0, mv = 0;
  for (std::size_t i = 0; i < u.size(); ++i) {
    mu += u[i] / n;
    mv += v[i] / n;
  }
  double suv = 0, suu = 0, svv = 0;
  for (std::size_t i = 0; i < u.size(); ++i) {
    suv += (u[i] - mu) * (v[i] - mv);
    suu += (u[i] - mu) * (u[i] - mu);
    svv += (v[i] - mv) * (v[i] - mv);
  }
  return suu > 0 && svv > 0 ? suv / std::sqrt(suu * svv) : 0.0;
}
}  // namespace

std::vector<LdpVsLipRow> ldp_vs_lip_distribution(long a, long c, const std::vector<double>& epsilons,
                                                 std::uint64_t seed, long trial, const Context& context) {
  random::Engine rng(seed);
  Matrix joint(c, a);
  for (long i = 0; i < joint.size(); ++i) joint.data()[i] = random::uniform01(rng);
  joint /= joint.sum();
  std::vector<LdpVsLipRow> rows;
  double done = 0;
  for (double eps : epsilons) {
    context.report(done++ / static_cast<double>(epsilons.size()),
                   "distribution " + std::to_string(trial + 1) + ", eps " + std::to_string(eps));
    const OptimalLip lip_opt = optimal_lip(joint, eps);
    const OptimalLdp ldp_opt = optimal_ldp(joint, eps);
    const OptimalLdp ldp_half = optimal_ldp(joint, eps / 2);
    rows.push_back({eps, "opt-lip", utility(lip_opt.mechanism, joint), lip_opt.vertices.rows(), a - 1});
    rows.push_back({eps, "opt-ldp", ldp_opt.utility, ldp_opt.vertices, a * (a - 1)});
    rows.push_back({eps, "opt-ldp(eps/2)", ldp_half.utility, ldp_half.vertices, a * (a - 1)});
  }
  return rows;
}

std::vector<GrrVsCrSize> grr_vs_cr(const std::vector<std::pair<long, long>>& sizes, long trials,
                                   const std::vector<double>& epsilons, random::Engine& rng, const Context& context) {
  std::vector<GrrVsCrSize> out;
  long done = 0;
  const double total = static_cast<double>(sizes.size() * trials);
  for (auto [a, c] : sizes) {
    GrrVsCrSize size{a, c, {}, std::nullopt};
    const std::string label = "a=" + std::to_string(a) + ",c=" + std::to_string(c);
    std::vector<double> dalpha, dnmi;
    for (long t = 0; t < trials; ++t) {
      context.report(done++ / total, label + ", distribution " + std::to_string(t + 1));
      const Vector flat = random::dirichlet(rng, a * c, 0.5);
      Matrix joint(c, a);
      for (long s = 0; s < c; ++s)
        for (long x = 0; x < a; ++x) joint(s, x) = flat(s * a + x);
      const Vector ps = s_marginal(joint);
      if ((ps.array() <= 0).any()) continue;  // CR needs every p_s > 0 (probability ~0)
      const double hx = metrics::entropy(x_marginal(joint));
      for (double eps : epsilons) {
        const Calibration g = calibrate(Protocol::kGrr, Target::kLip, joint, eps);  // (29) = eps
        const Calibration r = calibrate(Protocol::kCr, Target::kLip, joint, eps);   // (33) = eps
        const double ng = utility(grr_matrix(a, g.alpha), joint) / hx;
        const double nc = utility(cr_matrix(joint, r.alpha), joint) / hx;
        size.rows.push_back({a, c, t, eps, ng, nc, g.alpha, r.alpha});
        if (std::isfinite(g.alpha) && std::isfinite(r.alpha) && eps == epsilons.back()) {
          dalpha.push_back(r.alpha - g.alpha);
          dnmi.push_back(nc - ng);
        }
      }
    }
    if (dalpha.size() > 2) size.correlation = pearson(dalpha, dnmi);
    out.push_back(std::move(size));
  }
  return out;
}

AdultPanel adult_panel(const Matrix& joint, const std::vector<std::string>& protocols,
                       const std::vector<double>& epsilons, const std::string& panel, long& done, double total,
                       const Context& context) {
  AdultPanel out;
  const bool oue_ok = joint.cols() <= kMaxOueAlphabet;
  const Support sup = support_of(joint);
  const bool lip_ok = lip_allowed(sup);
  out.oue_skipped = !oue_ok;
  out.opt_lip_skipped = !lip_ok;
  out.support_x = sup.a;
  out.support_s = sup.c;
  const double hx = metrics::entropy(x_marginal(joint));
  for (double eps : epsilons) {
    context.report(done++ / total, panel + ", eps " + std::to_string(eps));
    for (const std::string& p : protocols) {
      AdultRow row{p, eps, NAN, 0.0, std::nullopt};
      if (p == "opt-lip") {
        if (!lip_ok) continue;
        row.mutual_information = utility(optimal_lip(joint, eps).mechanism, joint);  // Theorem 3
      } else {
        if (p == "oue" && !oue_ok) continue;
        const Protocol proto = p == "grr" ? Protocol::kGrr : p == "cr" ? Protocol::kCr : Protocol::kOue;
        const Calibration cal = calibrate(proto, Target::kLip, joint, eps);
        row.alpha = cal.alpha;
        row.mutual_information = proto == Protocol::kOue ? oue_utility(x_marginal(joint), cal.alpha)
                                                         : utility(protocol_matrix(proto, joint, cal.alpha), joint);
      }
      row.nmi = hx > 0 ? row.mutual_information / hx : 0.0;
      out.rows.push_back(row);
    }
  }
  return out;
}

}  // namespace privlab::funnel
