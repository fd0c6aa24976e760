// Issue 24, C++ half: every quoted misuse of the typed API, over several seeded shapes and cells,
// must throw privlab::Error of kind bad_request whose path names the argument (and the cell for a
// bad value), before any computation; never a number. One JSON line per case on stdout:
// {"case","ok","outcome","seconds","detail"}. Exit 1 when a case fails.
//   verify_issue24 SEED
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "privlab/estimation.h"
#include "privlab/funnel.h"
#include "privlab/game.h"
#include "privlab/metrics.h"
#include "privlab/model.h"
#include "privlab/rldp.h"
#include "privlab/rldp_mse.h"

using namespace privlab;

namespace {
const double kNan = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();
int failures = 0;

std::string escaped(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) >= 0x20) out += c;
  }
  return out;
}

/// f must throw a bad_request privlab::Error whose path starts with `prefix` (equals `exact` when given).
void expect(const std::string& name, const std::function<void()>& f, const std::string& prefix, const std::string& exact = "") {
  const auto t0 = std::chrono::steady_clock::now();
  std::string outcome = "returned a value", detail;
  bool ok = false;
  try {
    f();
  } catch (const Error& e) {
    outcome = "privlab::Error";
    ok = e.kind() == ErrorKind::kBadRequest && e.path().rfind(prefix, 0) == 0 && (exact.empty() || e.path() == exact);
    detail = std::string(e.code()) + " at " + e.path();
  } catch (const std::exception& e) {
    outcome = "other exception";
    detail = e.what();
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!ok) ++failures;
  std::printf("{\"case\":\"%s\",\"ok\":%s,\"outcome\":\"%s\",\"seconds\":%.6g,\"detail\":\"%s\"}\n", escaped(name).c_str(),
              ok ? "true" : "false", outcome.c_str(), seconds, escaped(ok ? "" : detail).c_str());
}

Matrix random_stochastic(std::mt19937_64& rng, long rows, long cols) {
  std::uniform_real_distribution<double> u(0.05, 1.0);
  Matrix q(rows, cols);
  for (long c = 0; c < cols; ++c) {
    for (long r = 0; r < rows; ++r) q(r, c) = u(rng);
    q.col(c) /= q.col(c).sum();
  }
  return q;
}

Matrix random_joint(std::mt19937_64& rng, long rows, long cols) {
  Matrix p = random_stochastic(rng, rows * cols, 1);
  return Eigen::Map<Matrix>(p.data(), rows, cols);  // column-major reshape; any distribution will do
}

std::string cell(const std::string& arg, long r, long c) { return arg + "/" + std::to_string(r) + "/" + std::to_string(c); }
std::string dims(const Matrix& m) { return std::to_string(m.rows()) + "x" + std::to_string(m.cols()); }
}  // namespace

int main(int argc, char** argv) {
  std::mt19937_64 rng(argc > 1 ? std::stoull(argv[1]) : 1);
  const long shapes[][2] = {{2, 2}, {2, 3}, {3, 2}, {3, 4}, {4, 3}};
  for (const auto& sh : shapes) {
    const long ns = sh[0], nu = sh[1];
    const Matrix p = random_joint(rng, ns, nu);
    const Joint joint = make_joint(p);
    const Matrix q = random_stochastic(rng, 2 + static_cast<long>(rng() % 3), ns * nu);
    const std::string shape = " (P " + dims(p) + ", Q " + dims(q) + ")";
    const long r = static_cast<long>(rng() % q.rows()), c = static_cast<long>(rng() % q.cols());
    for (const auto& [kind, value] : std::vector<std::pair<std::string, double>>{{"NaN", kNan}, {"inf", kInf}, {"negative", -0.3}}) {
      Matrix bad = q;
      bad(r, c) = value;
      expect("rldp::measure q " + kind + shape, [&] { rldp::measure(bad, joint); }, "/q", cell("/q", r, c));
      expect("metrics::ldp_epsilon q " + kind + shape, [&] { metrics::ldp_epsilon(bad); }, "/q", cell("/q", r, c));
      expect("metrics::realized_epsilon q " + kind + shape, [&] { metrics::realized_epsilon(bad, joint); }, "/q", cell("/q", r, c));
      expect("metrics::simplex_rldp_epsilon q " + kind + shape, [&] { metrics::simplex_rldp_epsilon(bad, ns, nu); }, "/q");
      expect("rldp_mse::measure q " + kind + shape, [&] { rldp_mse::measure(bad, joint, rldp_mse::chi2_ball(joint, 0.05)); }, "/q");
      Matrix badp = p;
      const long pr = static_cast<long>(rng() % ns), pc = static_cast<long>(rng() % nu);
      badp(pr, pc) = value;
      expect("make_joint " + kind + shape, [&] { make_joint(badp); }, "/joint", cell("/joint", pr, pc));
      expect("estimation::analyze " + kind + shape, [&] { estimation::analyze(badp); }, "/joint", cell("/joint", pr, pc));
      expect("rldp::design epsilon " + kind + shape, [&] { rldp::design(joint, rldp::Mechanism::kGrr, value); }, "/epsilon");
      Vector px = Vector::Constant(ns * nu, 1.0 / (ns * nu));
      px(0) = value;
      expect("metrics::mutual_information px " + kind + shape, [&] { metrics::mutual_information(px, q); }, "/px");
    }
    for (const auto& [label, bad] : std::vector<std::pair<std::string, Matrix>>{
             {"all-NaN", Matrix::Constant(q.rows(), q.cols(), kNan)}, {"all-ones", Matrix::Ones(q.rows(), q.cols())}, {"negative", Matrix(-q)}}) {
      expect("rldp::measure " + label + " q (issue 24 repro)" + shape, [&] { rldp::measure(bad, joint); }, "/q");
      if (label == "all-ones") {  // documented: metrics read any finite non-negative matrix (arguments::measurable)
        const bool zero = metrics::ldp_epsilon(bad) == 0.0;
        if (!zero) ++failures;
        std::printf("{\"case\":\"metrics::ldp_epsilon all-ones%s: a measurable matrix\",\"ok\":%s,\"outcome\":\"returned 0 "
                    "(documented: measurable, not a mechanism)\",\"seconds\":0,\"detail\":\"\"}\n",
                    escaped(shape).c_str(), zero ? "true" : "false");
        continue;
      }
      expect("metrics::ldp_epsilon " + label + shape, [&] { metrics::ldp_epsilon(bad); }, "/q");
    }
    for (long n : {ns * nu - 1, ns * nu + 1}) {
      expect("metrics::mutual_information px of " + std::to_string(n) + " vs q " + dims(q),
             [&] { metrics::mutual_information(Vector::Constant(n, 1.0 / n), q); }, "/px");
    }
    expect("metrics::realized_epsilon q with one column too few" + shape,
           [&] { metrics::realized_epsilon(random_stochastic(rng, q.rows(), q.cols() - 1), joint); }, "/q");
    expect("metrics::simplex_rldp_epsilon |S| + 1" + shape, [&] { metrics::simplex_rldp_epsilon(q, ns + 1, nu); }, "/q");
    expect("rldp::measure swapped (joint, q)" + shape, [&] { rldp::measure(p, make_joint(q / q.sum())); }, "/q");
    // funnel / estimation: q [y][x] on P(S,X)
    const long nx = nu + 1;
    const Matrix fp = random_joint(rng, ns, nx);
    const Joint fj = make_joint(fp);
    const Matrix fq = random_stochastic(rng, 2 + static_cast<long>(rng() % 3), nx);
    Matrix fbad = fq;
    fbad(0, nx - 1) = kNan;
    expect("funnel::measure q NaN" + shape, [&] { funnel::measure(fbad, fj); }, "/q", cell("/q", 0, nx - 1));
    expect("estimation::measure q NaN" + shape, [&] { estimation::measure(fbad, fj); }, "/q", cell("/q", 0, nx - 1));
    expect("funnel::measure q with |X| - 1 columns" + shape, [&] { funnel::measure(fq.leftCols(nx - 1), fj); }, "/q");
    expect("estimation::measure q with |X| + 1 columns" + shape,
           [&] { estimation::measure(random_stochastic(rng, fq.rows(), nx + 1), fj); }, "/q");
    expect("funnel::measure swapped (joint as q)" + shape, [&] { funnel::measure(fp, make_joint(fq / fq.sum())); }, "/q");
    // game: sizes, values, required levels
    const long cells = ns + nu;
    const Matrix g = random_stochastic(rng, cells, cells);
    const Vector prior = random_stochastic(rng, cells, 1).col(0);
    Matrix d(cells, cells);
    for (long i = 0; i < cells; ++i)
      for (long j = 0; j < cells; ++j) d(i, j) = std::abs(double(i - j));
    expect("game::optimal_attack prior of |S|+1 (" + std::to_string(cells) + " cells)",
           [&] { game::optimal_attack(g, Vector::Constant(cells + 1, 1.0 / (cells + 1)), d); }, "/prior");
    expect("game::optimal_attack distance of |S|+1", [&] { game::optimal_attack(g, prior, Matrix::Ones(cells + 1, cells + 1)); }, "/distance");
    expect("game::optimal_attack p with |S|+2 columns",
           [&] { game::optimal_attack(random_stochastic(rng, 3, cells + 2), prior, d); }, "/");
    Matrix gbad = g;
    gbad(1, 0) = kNan;
    expect("game::bayes_attack p NaN", [&] { game::bayes_attack(gbad, prior); }, "/p", "/p/1/0");
    Matrix dbad = d;
    dbad(0, 1) = kInf;
    expect("game::make_inputs distance inf", [&] { game::make_inputs(prior, dbad); }, "/distance", "/distance/0/1");
    const game::GameInputs in = game::make_inputs(prior, d);
    game::DesignOptions dp;
    dp.kind = game::MechanismKind::kDp;
    expect("game::design dp without epsilon", [&] { game::design(in, dp); }, "/epsilon");
    expect("game::design_audited dp without epsilon", [&] { game::design_audited(in, dp); }, "/epsilon");
    game::DesignOptions joint_kind;
    joint_kind.epsilon = 0.5;
    expect("game::design joint without min_distortion", [&] { game::design(in, joint_kind); }, "/min_distortion");
    dp.epsilon = 0.5;
    dp.dp_threshold = kNan;
    expect("game::design dp_threshold NaN", [&] { game::design(in, dp); }, "/dp_threshold");
    game::GameInputs wrong = in;
    wrong.loss = Matrix::Ones(cells + 1, cells + 1);
    expect("game::evaluate loss of the wrong size", [&] { game::evaluate(g, wrong); }, "/utility_loss");
    // rldp uncertainty built by hand
    rldp::UncertaintySet ball = rldp::renyi_ball(2, 0.1);
    ball.radius = -1;
    expect("rldp::measure a ball of radius -1" + shape, [&] { rldp::measure(q, joint, ball); }, "/uncertainty/radius");
    expect("rldp::renyi_ball alpha NaN", [&] { rldp::renyi_ball(kNan, 0.1); }, "/uncertainty/alpha");
  }
  return failures ? 1 : 0;
}
