/**
 * @file experiment_support.cpp
 * @brief Numbers and plot descriptions of the rldp experiments' JSON, and the seconds of one
 *        design for their work estimates.
 */
#include "rldp/experiment_support.h"

#include <algorithm>
#include <cmath>

#include "json/json_write.h"
#include "rldp/polyopt.h"

namespace privlab::rldp::experiment {

namespace jw = json_write;

nlohmann::json num(double v) { return std::isnan(v) ? nlohmann::json(nullptr) : jw::real(v); }

nlohmann::json plot(const std::string& title, const std::string& kind, const std::string& x, const std::string& y,
                    const nlohmann::json& group, const std::string& xl, const std::string& yl) {
  return {{"title", title}, {"kind", kind}, {"x", x}, {"y", y}, {"group", group}, {"x_label", xl}, {"y_label", yl}};
}

double design_seconds(const std::string& mechanism, long ns, long nu, const DesignOptions& options) {
  const long x = ns * nu;
  // The robust epsilon of the designed mechanism (and a closed-form design): ~1 ms up to |X| ~ 10,
  // then like |X|^2; on the Adult pairs (2026-11-27, native, CPU per design and measurement):
  // GRR 0.56 s, IR 0.38 s, SRR 0.30 s at |X| = 240, 0.2-0.3 s at |X| = 252 (one robust epsilon
  // per distinct row segment since issue 28). Was 1e-3 |X|^2 / 16 (3.6 s at 240) before that.
  const double measure = std::max(1e-3, 1e-5 * static_cast<double>(x * x));
  // Above the vertex-enumeration sizes both solve by column generation within its time budget
  // (10 s, 100 s with allow_large: polyopt.h), the most a design can cost there.
  const double column_generation = options.allow_large ? 100.0 : 10.0;
  if (x > (options.allow_large ? kMaxPolyOptXLarge : kMaxPolyOptX)) return measure;
  if (mechanism == "polyopt") {
    constexpr double kPolyOpt[] = {1e-3, 1e-3, 1e-3, 1e-3, 1e-3, 1e-3, 2e-3, 5e-3, 1.5e-2, 0.1, 0.8, 4, 20};
    return measure + (x <= 12 ? std::min(kPolyOpt[x], column_generation) : column_generation);
  }
  if (mechanism == "nr") {
    double units = 1;
    for (long s = 1; s <= ns; ++s) units *= static_cast<double>(s * nu);  // |S|! |U|^|S|
    return measure + std::min(2.5e-4 * units, column_generation);
  }
  return measure;  // grr, srr, ir
}

}  // namespace privlab::rldp::experiment
