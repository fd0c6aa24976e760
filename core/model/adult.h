/**
 * @file adult.h
 * @brief Contingency tables from the UCI Adult census file (the papers' real data set).
 *
 * Core does no file I/O: the caller passes the file's text (the build decompresses data/adult.data.gz
 * to build/data/adult.data; the CLI's --data sends it as "data_csv"). Categories are the trimmed cell
 * strings, sorted, so tables are deterministic; the value "?" (missing) is kept as a category,
 * which keeps all 32,561 records as the papers count them.
 */
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "common/linalg.h"

namespace privlab::adult {

/// The 15 column names of adult.data, in file order (e.g. "sex", "race", "native-country").
const std::vector<std::string>& column_names();

struct CategoricalTable {
  std::vector<std::string> attributes;           ///< the requested columns, in request order
  std::vector<std::vector<std::string>> labels;  ///< sorted categories of each attribute
  Vector counts;    ///< counts over the product alphabet, mixed radix, last attribute fastest
  long long n = 0;  ///< records counted

  /// counts as a matrix: rows = product of the first `row_attributes` attributes, columns = rest.
  Matrix as_matrix(std::size_t row_attributes) const;
};

/**
 * Tabulates `attributes` (column names) over the records of `csv`. Blank lines are skipped, and
 * so is a header line (a first line whose age field is not a number).
 * Throws bad_request naming `path` for an unknown column or a malformed record.
 */
CategoricalTable tabulate(std::string_view csv, const std::vector<std::string>& attributes, const std::string& path);

}  // namespace privlab::adult
