/**
 * @file mechanisms_json.cpp
 * @brief An RLDP design's details as JSON.
 */
#include "rldp/mechanisms_json.h"

#include "json/json_write.h"

namespace privlab::rldp {

namespace jw = json_write;

nlohmann::json to_json(const DesignDetails& d) {
  nlohmann::json j = nlohmann::json::object();
  if (d.vertices) j["vertices"] = *d.vertices;
  if (d.constraints) j["constraints"] = *d.constraints;
  if (d.lp_utility) j["lp_utility"] = *d.lp_utility;
  if (d.optimality) {
    const Optimality& o = *d.optimality;
    nlohmann::json oj = {{"method", o.method}, {"status", o.status}, {"columns", o.columns}, {"rounds", o.rounds}};
    oj["upper_bound"] = o.upper_bound ? nlohmann::json(*o.upper_bound) : nlohmann::json(nullptr);
    oj["gap"] = o.gap ? nlohmann::json(*o.gap) : nlohmann::json(nullptr);
    if (o.stopped) oj["stopped"] = true;
    j["optimality"] = oj;
  }
  if (d.ir) {
    j["d"] = d.ir->d;
    j["epsilon1"] = d.ir->eps1;
    j["epsilon2"] = d.ir->eps2;
    j["delta2"] = jw::real(d.ir->delta2);
  }
  if (d.rad) j["rad"] = jw::vector(*d.rad);
  if (d.rad_exact) j["rad_exact"] = *d.rad_exact;
  if (d.same_s_rows) j["same_s_rows"] = *d.same_s_rows;
  if (d.lower) j["lower"] = jw::matrix(*d.lower);
  if (d.repair_base) j["repair_base"] = *d.repair_base;
  if (d.repair) {
    nlohmann::json r = {{"reason", d.repair->reason}, {"note", d.repair->note}};
    if (d.repair->uniform_weight) r["uniform_weight"] = *d.repair->uniform_weight;
    if (d.repair->polyopt_radius) r["polyopt_radius"] = *d.repair->polyopt_radius;
    j["repair"] = r;
  }
  return j;
}

}  // namespace privlab::rldp
