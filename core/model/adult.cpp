/**
 * @file adult.cpp
 * @brief Parsing adult.data text into contingency tables.
 */
#include "model/adult.h"

#include <algorithm>
#include <map>

#include "common/error.h"

namespace privlab::adult {

namespace {
std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> split_fields(std::string_view line) {
  std::vector<std::string_view> fields;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = line.find(',', start);
    fields.push_back(trim(line.substr(start, comma == std::string_view::npos ? line.npos : comma - start)));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return fields;
}
}  // namespace

const std::vector<std::string>& column_names() {
  static const std::vector<std::string> names{
      "age",          "workclass", "fnlwgt", "education",    "education-num", "marital-status", "occupation",
      "relationship", "race",      "sex",    "capital-gain", "capital-loss",  "hours-per-week", "native-country",
      "income"};
  return names;
}

Matrix CategoricalTable::as_matrix(std::size_t row_attributes) const {
  long rows = 1, cols = 1;
  for (std::size_t k = 0; k < labels.size(); ++k)
    (k < row_attributes ? rows : cols) *= static_cast<long>(labels[k].size());
  Matrix m(rows, cols);
  for (long r = 0; r < rows; ++r)
    for (long c = 0; c < cols; ++c) m(r, c) = counts(r * cols + c);
  return m;
}

CategoricalTable tabulate(std::string_view csv, const std::vector<std::string>& attributes, const std::string& path) {
  const auto& names = column_names();
  std::vector<std::size_t> columns;
  for (const auto& a : attributes) {
    const auto it = std::find(names.begin(), names.end(), a);
    if (it == names.end()) bad_request("unknown_column", path, "the Adult data has no column '" + a + "'");
    columns.push_back(static_cast<std::size_t>(it - names.begin()));
  }
  // First pass: the records' values; categories collected per attribute.
  std::vector<std::vector<std::string>> records;
  std::vector<std::map<std::string, long>> categories(attributes.size());
  std::size_t line_start = 0;
  long line_number = 0;
  while (line_start < csv.size()) {
    std::size_t end = csv.find('\n', line_start);
    if (end == std::string_view::npos) end = csv.size();
    const std::string_view line = trim(csv.substr(line_start, end - line_start));
    line_start = end + 1;
    ++line_number;
    if (line.empty()) continue;
    const auto fields = split_fields(line);
    if (fields.size() != names.size())
      bad_request("malformed_data", path,
                  "line " + std::to_string(line_number) + " has " + std::to_string(fields.size()) +
                      " fields, expected " + std::to_string(names.size()));
    // A header line (the shipped file starts with "age, workclass, ...") has a non-numeric age.
    if (records.empty() && !fields[0].empty() && fields[0].find_first_not_of("0123456789") != std::string_view::npos)
      continue;
    std::vector<std::string> values;
    for (std::size_t k = 0; k < columns.size(); ++k) {
      values.emplace_back(fields[columns[k]]);
      categories[k].emplace(values.back(), 0);
    }
    records.push_back(std::move(values));
  }
  if (records.empty()) bad_request("malformed_data", path, "the data has no records");

  CategoricalTable table;
  table.attributes = attributes;
  long size = 1;
  for (auto& cat : categories) {  // std::map iterates sorted: assign indices in label order
    std::vector<std::string> labels;
    for (auto& [label, index] : cat) {
      index = static_cast<long>(labels.size());
      labels.push_back(label);
    }
    size *= static_cast<long>(labels.size());
    table.labels.push_back(std::move(labels));
  }
  table.counts = Vector::Zero(size);
  for (const auto& values : records) {
    long index = 0;
    for (std::size_t k = 0; k < values.size(); ++k)
      index = index * static_cast<long>(table.labels[k].size()) + categories[k].at(values[k]);
    table.counts(index) += 1;
  }
  table.n = static_cast<long long>(records.size());
  return table;
}

}  // namespace privlab::adult
