/**
 * @file request.cpp
 * @brief Validated reading of Formulation 1 requests (errors name the JSON pointer).
 */
#include "estimation/request.h"

#include <cmath>

#include "common/error.h"
#include "json/json_read.h"

namespace privlab::estimation {

namespace jr = json_read;
using Json = nlohmann::json;

/// A list of functions: each entry an array of |alphabet| numbers or {"name", "values"}.
std::string default_name(const std::string& prefix, std::size_t index) { return prefix + std::to_string(index + 1); }

Functions read_functions(const Json& req, const std::string& key, long size, long max_count, const std::string& prefix,
                         const std::string& base) {
  Functions out;
  const std::string path = jr::child(base, key);
  const Json& list = jr::member(req, key, base);
  if (!list.is_array() || list.empty()) bad_request("not_a_list", path, "expected a non-empty array of functions");
  if (static_cast<long>(list.size()) > max_count)
    bad_request("too_large", path, "at most " + std::to_string(max_count) + " functions");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string p = jr::child(path, i);
    const Json* values = &list[i];
    std::string name = default_name(prefix, i);
    std::string vpath = p;
    if (list[i].is_object()) {
      values = &jr::member(list[i], "values", p);
      vpath = jr::child(p, "values");
      if (list[i].contains("name")) {
        if (!list[i]["name"].is_string()) bad_request("not_a_string", jr::child(p, "name"), "expected a name");
        name = list[i]["name"].get<std::string>();
      }
    }
    const Vector v = jr::vector(*values, vpath, size);
    if (v.size() != size)
      bad_request("shape_mismatch", vpath,
                  "expected " + std::to_string(size) + " values (one per symbol), got " + std::to_string(v.size()));
    out.values.push_back(v);
    out.names.push_back(name);
  }
  return out;
}

namespace {
std::vector<double> read_theta(const Json& req, std::size_t m) {
  if (!req.contains("theta")) bad_request("missing_field", "/theta", "'theta' is required with private_functions");
  const Json& t = req["theta"];
  if (t.is_number()) return std::vector<double>(m, jr::number(req, "theta", "", 0, 1));
  const Vector v = jr::vector(t, "/theta", kMaxPrivate);
  if (static_cast<std::size_t>(v.size()) != m)
    bad_request("shape_mismatch", "/theta", "one theta per private function");
  std::vector<double> out(m);
  for (std::size_t i = 0; i < m; ++i) {
    if (v(i) < 0 || v(i) > 1) bad_request("out_of_range", jr::child("/theta", i), "theta must lie in [0,1]");
    out[i] = v(i);
  }
  return out;
}

}  // namespace

Formulation1Input read_design(const Json& req, const JointDistribution& joint, Functions& priv, Functions& useful) {
  Formulation1Input in;
  in.joint_sx = joint.p;
  const long nx_support = (joint.p.colwise().sum().array() > 0).count();
  if (nx_support > kMaxDesignX)
    bad_request("too_large", "/joint",
                "Formulation 1 is limited to |X| <= " + std::to_string(kMaxDesignX) + " symbols");
  if (!req.contains("useful_functions"))
    bad_request("missing_field", "/useful_functions", "Formulation 1 needs useful functions");
  priv = read_functions(req, "private_functions", joint.num_s(), kMaxPrivate, kPrivatePrefix);
  useful = read_functions(req, "useful_functions", joint.num_u(), kMaxUseful, kUsefulPrefix);
  const Vector ps = joint.p.rowwise().sum(), px = joint.p.colwise().sum().transpose();
  for (std::size_t i = 0; i < priv.values.size(); ++i)
    normalise_function(priv.values[i], ps, jr::child("/private_functions", i));
  for (std::size_t j = 0; j < useful.values.size(); ++j)
    normalise_function(useful.values[j], px, jr::child("/useful_functions", j));
  in.private_functions = priv.values;
  in.useful_functions = useful.values;
  in.theta = read_theta(req, priv.values.size());
  in.objective = req.contains("objective") && jr::one_of(req, "objective", "", {"min", "sum"}) == "sum"
                     ? Objective::kSum
                     : Objective::kMin;
  const long n = useful.values.size();
  if (req.contains("order")) {
    const Vector o = jr::vector(req["order"], "/order", n);
    std::vector<bool> seen(n, false);
    for (long k = 0; k < o.size(); ++k) {
      const std::string p = jr::child("/order", k);
      if (o(k) != std::floor(o(k)) || o(k) < 0 || o(k) >= n || seen[static_cast<long>(o(k))])
        bad_request("not_a_permutation", p, "'order' must list each useful-function index once");
      seen[static_cast<long>(o(k))] = true;
      in.order.push_back(static_cast<long>(o(k)));
    }
    if (static_cast<long>(in.order.size()) != n)
      bad_request("not_a_permutation", "/order", "'order' must list every useful function");
  }
  if (req.contains("weights")) {
    const Vector w = jr::vector(req["weights"], "/weights", n);
    if (w.size() != n) bad_request("shape_mismatch", "/weights", "one weight per useful function");
    for (long k = 0; k < n; ++k) {
      if (w(k) < 0) bad_request("out_of_range", jr::child("/weights", k), "weights must be >= 0");
      in.weights.push_back(w(k));
    }
  }
  in.tolerance = jr::number_or(req, "tolerance", "", 1e-8, 1e-2, 1e-6);
  return in;
}

}  // namespace privlab::estimation
