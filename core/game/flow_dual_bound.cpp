/**
 * @file flow_dual_bound.cpp
 * @brief The flow form of the dual of (22) on a few negative cells, by column generation,
 *        certified outside the solver (flow_dual_bound.h).
 */
#include "game/flow_dual_bound.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <unordered_map>
#include <utility>

#include "solvers/lp_columns.h"

namespace privlab::game::decomposition {

namespace {

/// Flow columns added per round: the best payer of each (o, k) whose reduced cost is below
/// -kEnter, most negative first, at most this many.
constexpr size_t kFlowsPerRound = 20000;
/// Flows dearer than this are left out: they move little and, with the LP's tolerances, a flow
/// of -1e-8 at a price of 4e5 broke a residual by 7e-3 in a prototype.
constexpr double kMaxPrice = 1e3;
/// The column generation first prices flows up to this, then up to kMaxPrice: on map instance 03
/// (eps 0.9, 17 cells) the LP up to 1e3 ran more than 11 minutes, up to 1e2 it ended in 42 s with
/// most of the bound; on the small test grids the flows between 1e2 and 1e3 close the last gaps.
constexpr double kFirstPrice = 1e2;

/// A row of the mechanism is used when an entry exceeds this (the rest is the solver's noise).
constexpr double kUsed = 1e-6;

/// The rows of the mechanism it reports (an entry above kUsed).
std::vector<long> used_rows(const Matrix& mechanism) {
  std::vector<long> used;
  for (long o = 0; o < mechanism.rows(); ++o)
    if (mechanism.row(o).maxCoeff() > kUsed) used.push_back(o);
  return used;
}

/// One flow: cell k in N receives mu at the price F(k,u) mu charged to cell u, for observable o.
struct Flow {
  long o, k, u;
};

/// e^{-eps d_eps(o,u)} off the diagonal, 1 on it: the rate at which o collects u's residual.
double collect_rate(const Problem& pb, long o, long u) { return o == u ? 1.0 : pb.inverse_factor(o, u); }

/// The LP's rows: o's collection row, then (o, i) for the i-th cell of N, then payer rows.
struct FlowLp {
  const Problem& pb;
  const std::vector<long>& cells;
  std::vector<long> index_in_n;             ///< -1 off N
  std::unordered_map<long, int> payer_row;  ///< o * n + u -> row, u off N
  std::vector<Flow> flows;                  ///< column n + j is flows[j]
  lp::ColumnLp lp;

  FlowLp(const Problem& p, const std::vector<long>& n_cells, const lp::LinearProgram& start)
      : pb(p), cells(n_cells), index_in_n(p.n, -1), lp(start) {
    for (size_t i = 0; i < cells.size(); ++i) index_in_n[cells[i]] = static_cast<long>(i);
  }
  int cell_row(long o, long i) const { return static_cast<int>(pb.n + o * static_cast<long>(cells.size()) + i); }
  /// The row r_o(u) >= 0 of a payer u != o (created with its first flow); -1 for u = o.
  int residual_row(long o, long u) {
    if (u == o) return -1;
    if (index_in_n[u] >= 0) return cell_row(o, index_in_n[u]);
    const auto [it, fresh] = payer_row.try_emplace(o * pb.n + u, -1);
    if (fresh) it->second = lp.add_row({{{static_cast<int>(u), 1.0}}, 0.0, lp::kInf});
    return it->second;
  }
  void add(const Flow& f) {
    const double price = pb.factor(f.k, f.u);
    std::vector<std::pair<int, double>> coeffs{{cell_row(f.o, index_in_n[f.k]), 1.0}};
    if (const int r = residual_row(f.o, f.u); r >= 0) coeffs.emplace_back(r, -price);
    // o collects k's inflow and loses what u pays: (22)'s dual row of o, the collection.
    const double collected = collect_rate(pb, f.o, f.k) - collect_rate(pb, f.o, f.u) * price;
    if (collected != 0) coeffs.emplace_back(static_cast<int>(f.o), collected);
    lp.add_column(0.0, 0.0, lp::kInf, coeffs);
    flows.push_back(f);
  }
};

lp::LinearProgram starting_lp(const Problem& pb, const std::vector<long>& cells) {
  const long n = pb.n, k = static_cast<long>(cells.size());
  lp::LinearProgram prog;
  prog.objective = Vector::Ones(n);
  prog.lower = Vector::Zero(n);
  prog.upper = Vector::Constant(n, lp::kInf);
  for (long c : cells) prog.lower(c) = -lp::kInf;
  for (long o = 0; o < n; ++o) {  // o's collection: sum_u rate(o,u) b(u) + flows >= pi(o)
    lp::Row row;
    for (long u = 0; u < n; ++u)
      if (const double rate = collect_rate(pb, o, u); rate > 0) row.coeffs.emplace_back(static_cast<int>(u), rate);
    row.lower = pb.in.prior(o);
    prog.add_row(std::move(row));
  }
  for (long o = 0; o < n; ++o)  // r_o(c) >= 0 for c in N (free for c = o: o collects instead)
    for (long i = 0; i < k; ++i)
      prog.add_row({{{static_cast<int>(cells[i]), 1.0}}, cells[i] == o ? -lp::kInf : 0.0, lp::kInf});
  return prog;
}

/// Makes (b, mu) feasible outside the solver and returns the proven bound sum pi - sum b': every
/// residual and collection is recomputed in long double with an error bound, then b is raised by
/// the one delta that restores every row (residuals rise by delta, collections by delta times
/// their rates' sum, which is >= 1).
double certified_bound(const Problem& pb, const std::vector<long>& index_in_n, const std::vector<Flow>& flows,
                       const Vector& x) {
  const long n = pb.n;
  const long double ulp = 0x1.0p-52L;
  std::vector<long double> b(n);
  for (long u = 0; u < n; ++u) b[u] = index_in_n[u] >= 0 ? x(u) : std::max(0.0, x(u));
  std::vector<std::vector<std::pair<long, double>>> by_observable(n);  // (flow index, mu)
  for (size_t j = 0; j < flows.size(); ++j)
    if (const double mu = x(n + static_cast<long>(j)); mu > 0) by_observable[flows[j].o].emplace_back(j, mu);
  long double delta = 0;
  std::vector<long double> r(n), err(n);
  for (long o = 0; o < n; ++o) {
    for (long u = 0; u < n; ++u) {
      r[u] = b[u];
      err[u] = std::abs(b[u]);
    }
    for (const auto& [j, mu] : by_observable[o]) {
      const Flow& f = flows[j];
      const long double paid = static_cast<long double>(pb.factor(f.k, f.u)) * mu;
      r[f.k] += mu;
      err[f.k] += mu;
      r[f.u] -= paid;
      err[f.u] += paid;
    }
    // |rounding| <= (terms + 2) ulp sum |terms|; a flow count bounds the terms of every cell.
    const long double rel = (static_cast<long double>(by_observable[o].size()) + 4) * ulp;
    long double collected = 0, collected_err = 0, rates = 0;
    for (long u = 0; u < n; ++u) {
      const long double low = r[u] - rel * err[u];
      if (u != o) delta = std::max(delta, -low);
      const long double rate = collect_rate(pb, o, u);
      collected += rate * low;
      collected_err += rate * std::abs(low);
      rates += rate;
    }
    collected -= (n + 4) * ulp * collected_err;
    const long double short_by = static_cast<long double>(pb.in.prior(o)) - collected;
    if (short_by > 0) delta = std::max(delta, short_by / (rates * (1 - (n + 4) * ulp)));
  }
  delta *= 1 + 1e-12L;
  long double total = 0, mass = 0;
  for (long u = 0; u < n; ++u) {
    total += b[u] + delta;
    mass += pb.in.prior(u);
  }
  const long double slack = (n + 4) * ulp;
  return static_cast<double>(mass * (1 - slack) - total - slack * (std::abs(total) + n * delta));
}

}  // namespace

std::vector<long> flow_dual_cells(const Problem& pb, const Matrix& mechanism, double tol) {
  const long n = pb.n;
  const std::vector<long> used = used_rows(mechanism);
  std::vector<long> cells;
  for (long k = 0; k < n; ++k) {
    bool tight_everywhere = !used.empty();
    for (long o : used) {
      if (o == k) continue;  // o collects its own shortfall: no flow into k is needed for o
      bool tight = false;
      const double at_k = mechanism(o, k);
      for (long t = 0; t < n && !tight; ++t)
        tight = t != k && std::isfinite(pb.factor(k, t)) && at_k >= (1 - tol) * pb.factor(k, t) * mechanism(o, t);
      if (!tight) {
        tight_everywhere = false;
        break;
      }
    }
    if (tight_everywhere) cells.push_back(k);
  }
  return cells;
}

std::optional<FlowDualBound> flow_dual_bound(const Problem& pb, const Matrix& mechanism, double time_limit,
                                             long max_cells) {
  if (!pb.packing || mechanism.rows() != pb.n || mechanism.cols() != pb.n) return std::nullopt;
  const auto start = std::chrono::steady_clock::now();
  const long n = pb.n;
  FlowDualBound out;
  out.cells = flow_dual_cells(pb, mechanism);
  const long nc = static_cast<long>(out.cells.size());
  if (nc == 0 || nc > max_cells) return std::nullopt;
  FlowLp flp(pb, out.cells, starting_lp(pb, out.cells));
  flp.lp.set_tolerance(kTolerance);
  // Flows paid by the reported cells (on small grids the optimal b is positive there only) at
  // prices in (low, high]: the first LP's, then the dearer tier's at once (added by pricing one
  // per (o, k) and round, instance 04 took 2015 rounds).
  const std::vector<long> used = used_rows(mechanism);
  const auto add_reported = [&](double low, double high) {
    for (long o = 0; o < n; ++o)
      for (long k : out.cells)
        if (k != o)
          for (long u : used)
            if (u != k && pb.factor(k, u) > low && pb.factor(k, u) <= high) flp.add(Flow{o, k, u});
  };
  add_reported(-1.0, kFirstPrice);
  Matrix y_residual(n, n);  // the dual of r_o(u) >= 0 (0 for rows not in the LP)
  Vector last_x;
  double max_price = kFirstPrice;
  while (true) {
    if (time_limit > 0) {
      const double left = time_limit - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (left <= 0) break;
      flp.lp.set_time_limit(left);
    }
    const lp::Solution sol = flp.lp.solve();
    ++out.rounds;
    if (sol.status != lp::Status::kOptimal) break;
    last_x = sol.x;
    const Vector& y = sol.row_duals;
    y_residual.setZero();
    for (long o = 0; o < n; ++o)
      for (long i = 0; i < nc; ++i) y_residual(o, out.cells[i]) = y(flp.cell_row(o, i));
    for (const auto& [key, row] : flp.payer_row) y_residual(key / n, key % n) = y(row);
    // Pricing every flow (o, k, u) up to max_price: its reduced cost is -(y_k + y_o rate(o,k) -
    // F(k,u) (y_u + y_o rate(o,u))) with y_o the collection's dual and y_k, y_u the residual rows'.
    std::vector<std::pair<double, Flow>> entering;
    for (long o = 0; o < n; ++o)
      for (long k : out.cells) {
        if (k == o) continue;
        const double gain = y_residual(o, k) + y(o) * collect_rate(pb, o, k);
        double best = kEnter;
        long best_u = -1;
        for (long u = 0; u < n; ++u) {
          if (u == k || !(pb.factor(k, u) <= max_price)) continue;
          const double value = gain - pb.factor(k, u) * (y_residual(o, u) + y(o) * collect_rate(pb, o, u));
          if (value > best) {
            best = value;
            best_u = u;
          }
        }
        if (best_u >= 0) entering.push_back({-best, Flow{o, k, best_u}});
      }
    if (entering.empty()) {
      if (max_price >= kMaxPrice) break;
      max_price = kMaxPrice;  // none enters below kFirstPrice: the dearer tier joins
      add_reported(kFirstPrice, kMaxPrice);
      continue;
    }
    const size_t take = std::min(entering.size(), kFlowsPerRound);
    std::partial_sort(entering.begin(), entering.begin() + static_cast<long>(take), entering.end(),
                      [](const auto& a, const auto& b) { return a.first < b.first; });
    for (size_t j = 0; j < take; ++j) flp.add(entering[j].second);
  }
  // Any solution is certified as it is (the bound needs feasibility, not optimality).
  if (last_x.size() == 0) return std::nullopt;
  const long solved = last_x.size(), columns = n + static_cast<long>(flp.flows.size());
  last_x.conservativeResize(columns);
  last_x.tail(columns - solved).setZero();  // flows added after the last solve
  out.lower_bound = certified_bound(pb, flp.index_in_n, flp.flows, last_x);
  out.flows = static_cast<long>(flp.flows.size());
  out.rows = n + n * nc + static_cast<long>(flp.payer_row.size());
  return out;
}

}  // namespace privlab::game::decomposition
