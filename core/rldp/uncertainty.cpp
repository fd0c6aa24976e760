/**
 * @file uncertainty.cpp
 * @brief Parsing of uncertainty sets, their confidence radius, and the Renyi divergence.
 */
#include "rldp/uncertainty.h"

#include <boost/math/distributions/chi_squared.hpp>
#include <cmath>
#include <limits>

#include "api/json_read.h"
#include "common/error.h"

namespace privlab::rldp {

namespace jr = json_read;

double renyi_radius_from_confidence(double alpha, double confidence, long long n, long num_x) {
  const long dof = std::max(1L, num_x - 1);
  const double q = boost::math::quantile(boost::math::chi_squared(static_cast<double>(dof)), confidence);
  const double nn = static_cast<double>(n);
  if (std::abs(alpha - 1.0) < 1e-12) return q / (2.0 * nn);
  return std::log1p(alpha * (alpha - 1.0) * q / (2.0 * nn)) / (alpha - 1.0);
}

double renyi_divergence(double alpha, const Vector& p, const Vector& q) {
  const double inf = std::numeric_limits<double>::infinity();
  if (std::abs(alpha - 1.0) < 1e-12) {  // Kullback-Leibler
    double d = 0;
    for (long i = 0; i < p.size(); ++i) {
      if (p(i) <= 0) continue;
      if (q(i) <= 0) return inf;
      d += p(i) * std::log(p(i) / q(i));
    }
    return d;
  }
  double sum = 0;
  for (long i = 0; i < p.size(); ++i) {
    if (p(i) <= 0) continue;
    if (q(i) <= 0) {
      if (alpha > 1) return inf;
      continue;  // P^alpha Q^(1-alpha) = 0 for alpha < 1
    }
    sum += std::pow(p(i), alpha) * std::pow(q(i), 1.0 - alpha);
  }
  return std::log(sum) / (alpha - 1.0);
}

UncertaintySet parse_uncertainty(const nlohmann::json& request, long num_x,
                                 std::optional<long long> n) {
  UncertaintySet set;
  const std::string path = "/uncertainty";
  if (!request.contains("uncertainty")) return set;
  const auto& u = request.at("uncertainty");
  if (u.is_string()) {
    const auto s = u.get<std::string>();
    if (s == "point") return set;
    if (s == "simplex") { set.kind = UncertaintySet::Kind::kSimplex; return set; }
    bad_request("unknown_value", path,
                "uncertainty must be \"point\", \"simplex\", {\"alpha\",\"radius\"} or "
                "{\"alpha\",\"confidence\"}");
  }
  if (!u.is_object())
    bad_request("not_an_object", path, "uncertainty must be a string or an object");
  set.kind = UncertaintySet::Kind::kRenyiBall;
  set.alpha = jr::number_or(u, "alpha", path, 1e-6, 1e6, 2.0);
  if (u.contains("radius")) {
    set.radius = jr::number(u, "radius", path, 0, 1e6);
  } else if (u.contains("confidence")) {
    const double c = jr::number(u, "confidence", path, 1e-9, 1 - 1e-12);
    if (!n) bad_request("missing_field", "/n", "n (the sample size) is required with a confidence level");
    set.confidence = c;
    set.n = *n;
    set.radius = renyi_radius_from_confidence(set.alpha, c, *n, num_x);
  } else {
    bad_request("missing_field", jr::child(path, "radius"),
                "a Renyi ball needs \"radius\" or \"confidence\"");
  }
  return set;
}

nlohmann::json to_json(const UncertaintySet& set) {
  switch (set.kind) {
    case UncertaintySet::Kind::kPoint: return {{"kind", "point"}};
    case UncertaintySet::Kind::kSimplex: return {{"kind", "simplex"}};
    default: break;
  }
  nlohmann::json j = {{"kind", "renyi"}, {"alpha", set.alpha}, {"radius", set.radius}};
  if (set.confidence) {
    j["confidence"] = *set.confidence;
    j["n"] = set.n;
  }
  return j;
}

}  // namespace privlab::rldp
