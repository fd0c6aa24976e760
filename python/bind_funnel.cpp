/**
 * @file bind_funnel.cpp
 * @brief privlab.funnel: the typed funnel API (privlab/funnel.h) with numpy arrays. The dicts
 *        are written by the JSON response's writers (funnel/design_json.h).
 */
#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include "module_parts.h"
#include "funnel/design_json.h"
#include "privlab/funnel.h"

namespace py = pybind11;

namespace privlab::python {

namespace {
funnel::Target target_from(const std::string& metric) {
  if (metric == "lip") return funnel::Target::kLip;
  if (metric == "ldp") return funnel::Target::kLdp;
  bad_request("unknown_value", "/metric", "metric must be \"lip\" or \"ldp\"");
}

}  // namespace

void add_funnel(py::module_& m) {
  py::module_ f =
      m.def_submodule("funnel", "The privacy funnel with LDP/LIP guarantees (typed API, privlab/funnel.h).");
  f.def("mechanism_names", [] {
    std::vector<std::string> names;
    for (auto mech : {funnel::Mechanism::kOptLdp, funnel::Mechanism::kOptLip, funnel::Mechanism::kGrr,
                      funnel::Mechanism::kOue, funnel::Mechanism::kCr, funnel::Mechanism::kSrlipProduct})
      names.push_back(funnel::mechanism_name(mech));
    return names;
  });
  f.def(
      "design",
      [](const Matrix& joint, const std::string& mechanism, double epsilon, const std::string& metric,
         const std::vector<long>& attributes) {
        const Joint p = make_joint(joint);
        const funnel::Mechanism mech = funnel::mechanism_from_name(mechanism);
        const funnel::Target target = target_from(metric);
        const funnel::Design d = without_gil([&] { return funnel::design(p, mech, epsilon, target, attributes); });
        return typed_result(funnel::design_json(d, mech, epsilon, target, p.p));  // the JSON response's writer
      },
      py::arg("joint"), py::arg("mechanism"), py::arg("epsilon"), py::arg("metric") = "lip",
      py::arg("attributes") = std::vector<long>{},
      "Designs 'opt-lip' (Theorem 3), 'opt-ldp' (Theorem 2), 'grr' | 'oue' | 'cr' (calibrated to metric 'lip' or "
      "'ldp') or 'srlip-product' (Section VI, needs attributes) for the joint p(s,x) [s][x] at epsilon. Returns "
      "{'mechanism' [y][x] ([y][s*|X|+x] for cr), 'audit', 'mutual_information', 'nmi', 'entropy_x', 'leakage', "
      "'lip', 'ldp', 'ldp_input', 'srlip'?, 'polytope'?, 'alpha'?, 'output_sets'?, 'per_attribute'?}.");
  f.def(
      "measure",
      [](const Matrix& q, const Matrix& joint, const std::vector<long>& attributes) {
        return typed_result(funnel::metrics_json(funnel::measure(q, make_joint(joint), attributes)));
      },
      py::arg("q"), py::arg("joint"), py::arg("attributes") = std::vector<long>{},
      "Utility I(X;Y), leakage I(S;Y), LIP (27), LDP (1), LDP of the input (2) and, with attributes, SRLIP (22) "
      "of a protocol q [y][x] under the joint [s][x].");
}

}  // namespace privlab::python
