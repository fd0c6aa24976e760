/**
 * @file experiment_runs.h
 * @brief The computations of the RLDP paper's experiments [rldp Section 8], typed and without
 *        JSON: one designed, audited and evaluated mechanism per trial, the synthetic instances
 *        (P* ~ Dirichlet, P-hat from n samples) and the statistics of the figures. The JSON edge
 *        (experiments.cpp, experiments_data.cpp, experiment_support.h) reads the parameters and
 *        writes units, rows, plots and notes.
 */
#pragma once
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/context.h"
#include "common/quantile.h"
#include "model/joint.h"
#include "privlab/rldp_options.h"
#include "rldp/evaluation.h"
#include "rldp/polyopt.h"
#include "rldp/uncertainty.h"

namespace privlab::rldp::experiment {

/// Robust epsilon in experiments: at most this many exact (y, s1, s2) evaluations.
constexpr long kRobustPairs = 300;

/// Notes of an experiment, each once, in the order first seen.
struct Notes {
  std::set<std::string> seen;
  std::vector<std::string> list;
  void add(const std::string& s) {
    if (seen.insert(s).second) list.push_back(s);
  }
};

struct Trial {
  Evaluation hat, truth;
  double robust = 0;
  bool robust_exact = true;
  std::optional<Optimality> optimality;  ///< PolyOpt/NR: how LP (46) was solved (polyopt.h)
};

/// Designs, audits and evaluates one mechanism; nothing (with a note) when it is skipped.
std::optional<Trial> run_one(const std::string& name, const JointDistribution& hat, const JointDistribution* truth,
                             double eps, const UncertaintySet& set, const DesignOptions& options, Notes& notes);

/// NR's LP (46) runs over a superset of PolyOpt's Gamma-hat (a PolyOpt row is eps-private under
/// P-hat, which lies in F) with the same objective, so NR's proven bound on its optimum also bounds
/// PolyOpt's (same P-hat, same eps). Lowers `polyopt`'s upper_bound and gap to it when tighter.
void bound_polyopt_by_nr(Optimality& polyopt, const Optimality& nr);

/// The mean (NaN for no values).
double mean(const std::vector<double>& v);
/// The Renyi ball of a confidence level (eq. (9) generalised).
UncertaintySet ball(double alpha, double confidence, long long n, long num_x);

/// The synthetic setting of Sections 8.2-8.5.
struct SyntheticParams {
  long k = 100, ns = 2, nu = 5;
  long long n = 32561;
  double prior = 0.5, alpha = 2;
  std::uint64_t seed = 1;
  DesignOptions options;
};

/// One trial of a synthetic instance: (eps, confidence, mechanism) and whether P* lies in F.
struct SyntheticTrial {
  double epsilon = 0, confidence = 0;
  std::string mechanism;
  Trial trial;
  bool truth_in_set = false;
};
/// Instance k (drawn with `seed`: P* ~ Dirichlet(prior), P-hat from n samples): every mechanism
/// at every (confidence, eps), in (confidence, eps, mechanism) order; skipped ones noted.
std::vector<SyntheticTrial> synthetic_instance(const SyntheticParams& p, std::uint64_t seed, long k,
                                               const std::vector<double>& epsilons,
                                               const std::vector<double>& confidences,
                                               const std::vector<std::string>& mechanisms, Notes& notes,
                                               const Context& context);

}  // namespace privlab::rldp::experiment
