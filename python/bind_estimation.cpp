/**
 * @file bind_estimation.cpp
 * @brief privlab.estimation: the typed estimation API (privlab/estimation.h) with numpy arrays.
 *        The dict keys are the JSON response's names.
 */
#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include <optional>

#include "module_parts.h"
#include "privlab/estimation.h"

namespace py = pybind11;

namespace privlab::python {

namespace {
/// Breakpoints [(eps, F), ...] as an n x 2 array.
Matrix curve(const estimation::Breakpoints& b) {
  Matrix out(static_cast<long>(b.size()), 2);
  for (std::size_t k = 0; k < b.size(); ++k) out.row(static_cast<long>(k)) << b[k].first, b[k].second;
  return out;
}

py::object theorem3_dict(const std::optional<estimation::AuditedTheorem3>& t3) {
  if (!t3) return py::none();
  const estimation::Theorem3& t = t3->mapping;
  return py::dict(py::arg("mechanism") = t.mechanism, py::arg("px_min") = t.px_min,
                  py::arg("lambda_min") = t.lambda_min, py::arg("chi2_x") = t.chi2_x, py::arg("chi2_s") = t.chi2_s,
                  py::arg("audit") = audit_dict(t3->audit));
}

py::dict design_dict(const estimation::AuditedDesign& d) {
  const estimation::Formulation1Result& r = d.result;
  py::list privates, usefuls, audits;
  for (const auto& p : r.privates)
    privates.append(py::dict(py::arg("projection_norm") = p.projection_norm, py::arg("mmse") = p.mmse,
                             py::arg("mmse_projected") = p.mmse_projected,
                             py::arg("mmse_projected_formula") = p.mmse_projected_formula,
                             py::arg("projected") = p.projected));
  for (const auto& u : r.usefuls)
    usefuls.append(
        py::dict(py::arg("in_basis") = u.in_basis, py::arg("mmse") = u.mmse, py::arg("mmse_formula") = u.mmse_formula));
  for (const auto& a : d.audits) audits.append(audit_dict(a));
  py::dict out;
  out["mechanism"] = r.mechanism;
  out["p_xy"] = r.p_xy;
  out["basis"] = Matrix(r.basis.transpose());  // row k = f_k(x), as in the JSON response
  out["n_prime"] = r.n_prime;
  out["sigma"] = r.sigma;
  out["chi2_sy"] = r.chi2_sy;
  out["chi2_xy"] = r.chi2_xy;
  out["objective_value"] = r.objective;
  out["objective_upper"] = r.objective_upper;
  out["gap"] = r.objective_upper - r.objective;
  out["converged"] = r.converged;
  out["iterations"] = r.iterations;
  out["private"] = privates;
  out["useful"] = usefuls;
  out["audit"] = audits;
  if (!r.lp_failure.empty()) out["lp_failure"] = r.lp_failure;
  return out;
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
        py::dict out;
        out["pics"] = a.pics.pics;
        out["chi2"] = a.pics.chi2();
        out["upper_bound"] = curve(a.upper_bound);
        out["lower_bound"] = curve(a.lower_bound);
        out["simple_bound"] = curve(a.simple_bound);
        out["maximal_correlation"] = a.maximal_correlation;
        out["delta"] = a.delta;
        out["marginals"] = py::dict(py::arg("s") = a.pics.pu, py::arg("x") = a.pics.pv);
        out["principal_functions"] =
            py::dict(py::arg("s") = Matrix(a.pics.f.transpose()), py::arg("x") = Matrix(a.pics.g.transpose()));
        out["theorem3"] = theorem3_dict(estimation::theorem3(p.p, a.pics));
        return out;
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
        return design_dict(d);
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
        const estimation::ChannelMetrics c = estimation::measure(q, make_joint(joint));
        return py::dict(py::arg("chi2_sy") = c.chi2_sy, py::arg("chi2_xy") = c.chi2_xy, py::arg("pics_sy") = c.pics_sy,
                        py::arg("pics_xy") = c.pics_xy, py::arg("maximal_correlation_sy") = c.maximal_correlation_sy,
                        py::arg("maximal_correlation_xy") = c.maximal_correlation_xy);
      },
      py::arg("q"), py::arg("joint"),
      "chi^2(S;Y), chi^2(X;Y) (eq. (1)) and the PICs of P_{S,Y} and P_{X,Y} for a mapping q [y][x] under P(S,X).");
  e.def(
      "chi_square_information",
      [](const Matrix& joint) { return estimation::chi_square_information(make_joint(joint).p); }, py::arg("joint"),
      "chi^2(U;V) of a joint [u][v] from eq. (1).");
}

}  // namespace privlab::python
