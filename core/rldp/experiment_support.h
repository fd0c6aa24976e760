/**
 * @file experiment_support.h
 * @brief Internal helpers of the rldp experiments (experiments.cpp, experiments_data.cpp).
 */
#pragma once
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/joint.h"
#include "rldp/evaluation.h"
#include "rldp/mechanisms.h"
#include "common/context.h"
#include "common/experiment_units.h"
#include "rldp/uncertainty.h"

namespace privlab::rldp::experiment {

/// Robust epsilon in experiments: at most this many exact (y, s1, s2) evaluations.
constexpr long kRobustPairs = 300;

/// Notes of an experiment, each once.
struct Notes {
  std::set<std::string> seen;
  nlohmann::json list = nlohmann::json::array();
  void add(const std::string& s) { if (seen.insert(s).second) list.push_back(s); }
};

struct Trial {
  Evaluation hat, truth;
  double robust = 0;
  bool robust_exact = true;
};

/// Designs, audits and evaluates one mechanism; nothing (with a note) when it is skipped.
std::optional<Trial> run_one(const std::string& name, const JointDistribution& hat,
                             const JointDistribution* truth, double eps, const UncertaintySet& set,
                             const DesignOptions& options, Notes& notes);

double quantile(std::vector<double> v, double q);
double mean(const std::vector<double>& v);
/// NaN -> null, infinity -> "Infinity".
nlohmann::json num(double v);
/// The Renyi ball of a confidence level (eq. (9) generalised).
UncertaintySet ball(double alpha, double confidence, long long n, long num_x);
nlohmann::json plot(const std::string& title, const std::string& kind, const std::string& x,
                    const std::string& y, const nlohmann::json& group, const std::string& xl,
                    const std::string& yl);

units::Plan adult_experiment(const nlohmann::json& r);
nlohmann::json curve_experiment(const nlohmann::json& r, const Context& context);

}  // namespace privlab::rldp::experiment
