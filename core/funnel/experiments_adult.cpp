/**
 * @file experiments_adult.cpp
 * @brief Section VIII-C on the UCI Adult data (Figures 5 and 8): S in {marital-status,
 *        occupation}, X in {education, relationship, sex}; Opt-LIP, GRR, CR and OUE at LIP eps.
 */
#include <cmath>

#include "common/error.h"
#include "funnel/experiments.h"
#include "funnel/explicit_protocols.h"
#include "funnel/optimal_lip.h"
#include "funnel/protocol_metrics.h"
#include "funnel/size_guards.h"
#include "json/json_read.h"
#include "json/json_write.h"
#include "metrics/information.h"
#include "model/adult.h"

namespace privlab::funnel {

namespace jr = json_read;
namespace jw = json_write;

namespace {
constexpr long kMaxOueAlphabet = 20;  // OUE's utility sums over 2^|X| subsets

std::vector<std::string> names_or(const nlohmann::json& request, const std::string& key,
                                  std::vector<std::string> fallback) {
  if (!request.contains(key)) return fallback;
  const auto& v = request.at(key);
  if (!v.is_array() || v.empty() || v.size() > 8) bad_request("invalid_list", "/" + key, key + ": a list of column names");
  std::vector<std::string> out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (!v[i].is_string()) bad_request("invalid_list", jr::child("/" + key, i), "a column name (string)");
    out.push_back(v[i].get<std::string>());
  }
  return out;
}
}  // namespace

nlohmann::json experiment_adult(const nlohmann::json& request, const Context& context) {
  const auto& csv_field = jr::member(request, "data_csv", "");
  if (!csv_field.is_string()) bad_request("invalid_type", "/data_csv", "data_csv: the text of adult.data");
  const std::string& csv = csv_field.get_ref<const std::string&>();
  const auto secrets = names_or(request, "secrets", {"marital-status", "occupation"});
  const auto data = names_or(request, "data", {"education", "relationship", "sex"});
  const auto protocols = names_or(request, "protocols", {"opt-lip", "grr", "cr", "oue"});
  for (std::size_t i = 0; i < protocols.size(); ++i)
    if (protocols[i] != "opt-lip" && protocols[i] != "grr" && protocols[i] != "cr" && protocols[i] != "oue")
      bad_request("invalid_value", jr::child("/protocols", i), "protocols are opt-lip, grr, cr, oue");
  const auto epsilons = epsilons_or(request, {0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0});

  nlohmann::json rows = nlohmann::json::array(), plots = nlohmann::json::array();
  nlohmann::json notes = {"LIP epsilon on the horizontal axis; utility I(X;Y) in nats (Section VIII-C).",
                          "OUE's utility is computed as H(Y) - H(Y|X) over its 2^a outputs (no matrix), so it "
                          "is available for X = education too (the paper could not compute it)."};
  const double total = static_cast<double>(secrets.size() * data.size() * epsilons.size());
  long done = 0;
  // Tabulate and size-check every panel before any protocol is computed.
  std::vector<Matrix> joints;
  for (std::size_t si = 0; si < secrets.size(); ++si)
    for (std::size_t di = 0; di < data.size(); ++di) {
      Matrix joint = adult::tabulate(csv, {secrets[si], data[di]}, "/data_csv").as_matrix(1);
      if (joint.rows() > 64)
        bad_request("too_large", jr::child("/secrets", si), secrets[si] + " has more than 64 categories");
      if (joint.cols() > 64)
        bad_request("too_large", jr::child("/data", di), data[di] + " has more than 64 categories");
      joints.push_back(joint / joint.sum());
    }
  for (std::size_t si = 0; si < secrets.size(); ++si)
    for (std::size_t di = 0; di < data.size(); ++di) {
      const Matrix& joint = joints[si * data.size() + di];
      const std::string panel = "S=" + secrets[si] + ", X=" + data[di];
      const bool oue_ok = joint.cols() <= kMaxOueAlphabet;
      if (!oue_ok) notes.push_back(panel + ": oue skipped (2^|X| outputs, |X| > 20)");
      const Support sup = support_of(joint);
      const bool lip_ok = lip_allowed(sup);
      if (!lip_ok)
        notes.push_back(panel + ": opt-lip skipped (|X| = " + std::to_string(sup.a) + ", |S| = " +
                        std::to_string(sup.c) + " is beyond the vertex-enumeration size guard; the paper "
                        "also reports Opt-LIP failing to finish for large cases)");
      const double hx = metrics::entropy(x_marginal(joint));
      for (double eps : epsilons) {
        context.report(done++ / total, panel + ", eps " + std::to_string(eps));
        for (const std::string& p : protocols) {
          double info = NAN;
          nlohmann::json alpha = nullptr;
          if (p == "opt-lip") {
            if (!lip_ok) continue;
            info = utility(optimal_lip(joint, eps).mechanism, joint);
          } else {
            if (p == "oue" && !oue_ok) continue;
            const Protocol proto = p == "grr" ? Protocol::kGrr : p == "cr" ? Protocol::kCr : Protocol::kOue;
            const Calibration cal = calibrate(proto, Target::kLip, joint, eps);
            alpha = jw::real(cal.alpha);
            info = proto == Protocol::kOue ? oue_utility(x_marginal(joint), cal.alpha)
                                           : utility(protocol_matrix(proto, joint, cal.alpha), joint);
          }
          rows.push_back({panel, secrets[si], data[di], p, eps, info, hx > 0 ? info / hx : 0.0, alpha});
        }
      }
      plots.push_back({{"title", "Adult, " + panel + " (Fig. 5)"}, {"kind", "line"}, {"x", "epsilon"},
                       {"y", "mutual_information"}, {"group", "protocol"}, {"x_label", "LIP epsilon"},
                       {"y_label", "I(X;Y) [nats]"}, {"filter", {{"column", "panel"}, {"value", panel}}}});
      plots.push_back({{"title", "Adult, " + panel + ": alpha of GRR and CR (Fig. 8)"}, {"kind", "line"},
                       {"x", "epsilon"}, {"y", "alpha"}, {"group", "protocol"}, {"x_label", "LIP epsilon"},
                       {"y_label", "alpha"}, {"filter", {{"column", "panel"}, {"value", panel}}}});
    }
  context.report(1.0, "done");
  return {{"experiment", "adult"},
          {"columns", {"panel", "secret", "data", "protocol", "epsilon", "mutual_information", "nmi", "alpha"}},
          {"rows", rows},
          {"plots", plots},
          {"notes", notes}};
}

}  // namespace privlab::funnel
