/**
 * @file main.cpp
 * @brief The privlab command-line tool: a thin shell over privlab::api::solve.
 *
 *   privlab solve FILE|-          one request -> one response on stdout (exit 0 / 2 / 3)
 *   privlab bench [--set FILE] [--repeat N] [--out FILE]   median times of a fixed request set
 *   privlab experiment FAMILY NAME [--set k=v]... [--data FILE] [--shard I/N] [--jobs N] [--out DIR]
 *                                 a paper experiment (whole, or share I of N as a part file)
 *   privlab merge --out DIR PART_DIR...   the parts of a sharded experiment -> its files
 *   privlab version
 */
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "bench.h"
#include "experiment.h"
#include "shard_part.h"
#include "privlab/api.h"

namespace {

int usage(std::ostream& os, int code) {
  os << "usage:\n"
        "  privlab solve FILE|-     answer one JSON request (see docs/api.md)\n"
        "  privlab bench [--set FILE|DIR] [--only TEXT] [--repeat N] [--out FILE] [--isolate] [--progress]\n"
        "                           time the benchmark request set, print JSON (--isolate: each item\n"
        "                           in its own process, for its own peak RSS)\n"
        "  privlab experiment FAMILY NAME [--set key=value]... [--request FILE] [--data FILE]\n"
        "                     [--shard I/N] [--jobs N] [--out DIR]\n"
        "                           run a paper experiment on N threads (default: all cores);\n"
        "                           writes NAME.json, NAME.csv, NAME-k.svg, or with --shard the\n"
        "                           part NAME.part-I-of-N.json (skipped when already complete)\n"
        "  privlab merge --out DIR PART_DIR...\n"
        "                           combine the parts into what the unsharded run writes\n"
        "  privlab version\n";
  return code;
}

bool read_all(const std::string& path, std::string& text) {
  std::stringstream buffer;
  if (path == "-") {
    buffer << std::cin.rdbuf();
  } else {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    buffer << in.rdbuf();
  }
  text = buffer.str();
  return true;
}

int run_solve(const std::string& path) {
  std::string request;
  if (!read_all(path, request)) {
    std::cout << R"({"error":{"code":"unreadable_file","message":"cannot read )" << path << R"(","path":""}})"
              << "\n";
    return privlab::api::kBadRequest;
  }
  const auto outcome = privlab::api::solve(request);
  std::cout << outcome.json << "\n";
  return outcome.exit_code;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage(std::cerr, 2);
  const std::string command = argv[1];
  if (command == "solve" && argc == 3) return run_solve(argv[2]);
  if (command == "bench") return privlab::cli::run_bench(argc - 2, argv + 2);
  if (command == "experiment") return privlab::cli::run_experiment(argc - 2, argv + 2);
  if (command == "merge") return privlab::cli::run_merge(argc - 2, argv + 2);
  if (command == "version") {
    std::cout << privlab::api::version() << "\n";
    return 0;
  }
  if (command == "--help" || command == "-h" || command == "help") return usage(std::cout, 0);
  return usage(std::cerr, 2);
}
