/**
 * @file bind_estimation.cpp
 * @brief privlab.estimation: the typed estimation API (privlab/estimation.h) with numpy arrays.
 *        The dicts are written by the JSON response's writers (estimation/report_json.h).
 */
#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include <optional>

#include "module_parts.h"
#include "estimation/report_json.h"
#include "estimation/request.h"
#include "privlab/estimation.h"

namespace py = pybind11;

namespace privlab::python {

namespace {
/// The names the JSON reader gives to functions without one ("s1", "u1", ...).
std::vector<std::string> default_names(const char* prefix, std::size_t count) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < count; ++i) names.push_back(estimation::default_name(prefix, i));
  return names;
}
}  // namespace

void add_estimation(py::module_& m) {
  py::module_ e =
      m.def_submodule("estimation", "Privacy with estimation guarantees (typed API, privlab/estimation.h).");
  e.def(
      "analyze",
      [](const Matrix& joint) {
        const Joint p = make_joint(joint);
        const estimation::Analysis a = estimation::analyze(p.p);
        return typed_result(estimation::analysis_json(a, estimation::theorem3(p.p, a.pics)));  // the JSON writer
      },
      py::arg("joint"),
      "The chi-square summary of P(S,X) [s][x]: 'pics' (Def. 1-2), 'chi2' (1), 'upper_bound' (Theorem 2's G, "
      "breakpoints [eps, F] as rows), 'lower_bound', 'simple_bound' (12), 'maximal_correlation' (5), 'delta' (7), "
      "'marginals', 'principal_functions' (rows k), 'theorem3' (the audited mapping (51), or None).");
  e.def(
      "design",
      [](const Matrix& joint, const std::vector<Vector>& private_functions, const std::vector<Vector>& useful_functions,
         const py::object& theta, const std::string& objective, const std::vector<long>& order,
         const std::vector<double>& weights, double tolerance) {
        estimation::Formulation1Input in;
        in.joint_sx = make_joint(joint).p;
        in.private_functions = private_functions;
        in.useful_functions = useful_functions;
        if (py::isinstance<py::float_>(theta) || py::isinstance<py::int_>(theta))
          in.theta.assign(private_functions.size(), theta.cast<double>());
        else
          in.theta = theta.cast<std::vector<double>>();
        if (objective != "min" && objective != "sum")
          bad_request("unknown_value", "/objective", "objective must be \"min\" or \"sum\"");
        in.objective = objective == "sum" ? estimation::Objective::kSum : estimation::Objective::kMin;
        in.order = order;
        in.weights = weights;
        in.tolerance = tolerance;
        const estimation::AuditedDesign d = without_gil([&] { return estimation::design(in); });
        return typed_result(estimation::design_json(in, d,
                                                    default_names(estimation::kPrivatePrefix, private_functions.size()),
                                                    default_names(estimation::kUsefulPrefix, useful_functions.size()),
                                                    true));  // the JSON response's "design"
      },
      py::arg("joint"), py::arg("private_functions"), py::arg("useful_functions"), py::arg("theta"),
      py::arg("objective") = "min", py::arg("order") = std::vector<long>{}, py::arg("weights") = std::vector<double>{},
      py::arg("tolerance") = 1e-6,
      "Formulation 1 (20)-(25) for P(S,X) [s][x]: private functions of S, useful functions of X, theta (one number "
      "or one per private function) with mmse(s_i(S)|Y) >= theta_i. Returns {'mechanism' [y][x], 'sigma', "
      "'chi2_sy', 'chi2_xy', 'objective_value', 'objective_upper', 'converged', 'private', 'useful', 'audit', ...}.");
  e.def(
      "measure",
      [](const Matrix& q, const Matrix& joint) {
        return typed_result(estimation::channel_metrics_json(estimation::measure(q, make_joint(joint))));
      },
      py::arg("q"), py::arg("joint"),
      "chi^2(S;Y), chi^2(X;Y) (eq. (1)) and the PICs of P_{S,Y} and P_{X,Y} for a mapping q [y][x] under P(S,X).");
  e.def(
      "chi_square_information",
      [](const Matrix& joint) { return estimation::chi_square_information(make_joint(joint).p); }, py::arg("joint"),
      "chi^2(U;V) of a joint [u][v] from eq. (1).");
}

}  // namespace privlab::python
