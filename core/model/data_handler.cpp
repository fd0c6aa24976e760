/**
 * @file data_handler.cpp
 * @brief family "data": Adult contingency tables through core/model/adult.
 */
#include "model/data_handler.h"

#include "common/error.h"
#include "json/json_read.h"
#include "json/json_write.h"
#include "model/adult.h"

namespace privlab::data {

nlohmann::json handle_request(const nlohmann::json& request, const Context& /*context*/) {
  const auto& list = json_read::member(request, "tabulate", "");
  if (!list.is_array() || list.empty() || list.size() > 4)
    bad_request("not_an_array", "/tabulate", "tabulate must list 1 to 4 column names");
  std::vector<std::string> attributes;
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (!list[i].is_string()) bad_request("not_a_string", json_read::child("/tabulate", i), "a column name");
    attributes.push_back(list[i].get<std::string>());
  }
  const double rows = json_read::number_or(request, "row_attributes", "", 0, static_cast<double>(attributes.size()), 1);
  const auto& csv = json_read::member(request, "data_csv", "");
  if (!csv.is_string()) bad_request("not_a_string", "/data_csv", "data_csv must be the text of adult.data");
  const auto table = adult::tabulate(csv.get_ref<const std::string&>(), attributes, "/data_csv");
  return {{"family", "data"},
          {"attributes", attributes},
          {"labels", table.labels},
          {"counts", json_write::matrix(table.as_matrix(static_cast<std::size_t>(rows)))},
          {"n", table.n}};
}

}  // namespace privlab::data
