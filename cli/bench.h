/**
 * @file bench.h
 * @brief `privlab bench`: median wall time of each request in a benchmark set (JSON).
 */
#pragma once

namespace privlab::cli {
/// argv after "bench": [--set FILE] [--repeat N] [--out FILE]. Prints the JSON report.
int run_bench(int argc, char** argv);
}  // namespace privlab::cli
