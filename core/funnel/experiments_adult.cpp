/**
 * @file experiments_adult.cpp
 * @brief Section VIII-C on the UCI Adult data (Figures 5 and 8): S in {marital-status,
 *        occupation}, X in {education, relationship, sex}; Opt-LIP, GRR, CR and OUE at LIP eps.
 *        The JSON edge: read the parameters and the CSV, call adult_panel
 *        (funnel/experiment_runs.h), write rows, plots and notes.
 */
#include "common/error.h"
#include "funnel/experiment_runs.h"
#include "funnel/experiments.h"
#include "json/json_read.h"
#include "json/json_write.h"
#include "model/adult.h"

namespace privlab::funnel {

namespace jr = json_read;
namespace jw = json_write;

namespace {
std::vector<std::string> names_or(const nlohmann::json& request, const std::string& key,
                                  std::vector<std::string> fallback) {
  if (!request.contains(key)) return fallback;
  const auto& v = request.at(key);
  if (!v.is_array() || v.empty() || v.size() > 8)
    bad_request("invalid_list", "/" + key, key + ": a list of column names");
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
      const AdultPanel result = adult_panel(joint, protocols, epsilons, panel, done, total, context);
      if (result.oue_skipped) notes.push_back(panel + ": oue skipped (2^|X| outputs, |X| > 20)");
      if (result.opt_lip_skipped)
        notes.push_back(panel + ": opt-lip skipped (|X| = " + std::to_string(result.support_x) +
                        ", |S| = " + std::to_string(result.support_s) +
                        " is beyond the vertex-enumeration size guard; the paper "
                        "also reports Opt-LIP failing to finish for large cases)");
      for (const AdultRow& r : result.rows)
        rows.push_back({panel, secrets[si], data[di], r.protocol, r.epsilon, r.mutual_information, r.nmi,
                        r.alpha ? jw::real(*r.alpha) : nlohmann::json(nullptr)});
      plots.push_back({{"title", "Adult, " + panel + " (Fig. 5)"},
                       {"kind", "line"},
                       {"x", "epsilon"},
                       {"y", "mutual_information"},
                       {"group", "protocol"},
                       {"x_label", "LIP epsilon"},
                       {"y_label", "I(X;Y) [nats]"},
                       {"filter", {{"column", "panel"}, {"value", panel}}}});
      plots.push_back({{"title", "Adult, " + panel + ": alpha of GRR and CR (Fig. 8)"},
                       {"kind", "line"},
                       {"x", "epsilon"},
                       {"y", "alpha"},
                       {"group", "protocol"},
                       {"x_label", "LIP epsilon"},
                       {"y_label", "alpha"},
                       {"filter", {{"column", "panel"}, {"value", panel}}}});
    }
  context.report(1.0, "done");
  return {{"experiment", "adult"},
          {"columns", {"panel", "secret", "data", "protocol", "epsilon", "mutual_information", "nmi", "alpha"}},
          {"rows", rows},
          {"plots", plots},
          {"notes", notes}};
}

}  // namespace privlab::funnel
