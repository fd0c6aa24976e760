/**
 * @file svg_plot.cpp
 * @brief A small, dependency-free SVG chart writer for experiment results.
 */
#include "svg_plot.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <sstream>
#include <vector>

namespace privlab::cli {

namespace {
const char* kPalette[] = {"#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000"};
constexpr double kW = 640, kH = 400, kLeft = 70, kRight = 160, kTop = 40, kBottom = 55;

struct Point {
  double x, y, lo, hi;
};

std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else if (c == '"')
      out += "&quot;";
    else
      out += c;
  }
  return out;
}

int column(const nlohmann::json& experiment, const nlohmann::json& plot, const char* key) {
  if (!plot.contains(key) || !plot[key].is_string()) return -1;
  const auto& cols = experiment["columns"];
  for (std::size_t i = 0; i < cols.size(); ++i)
    if (cols[i] == plot[key]) return static_cast<int>(i);
  return -1;
}

/// The plot's "filter" {"column", "value"} (one panel of a multi-panel experiment, e.g. one pair
/// of the Adult data): whether `row` belongs to it, as the page's response view decides. Every
/// row belongs when there is no filter.
bool in_filter(const nlohmann::json& experiment, const nlohmann::json& plot, const nlohmann::json& row) {
  if (!plot.contains("filter") || !plot["filter"].is_object()) return true;
  const auto& filter = plot["filter"];
  const int col = column(experiment, filter, "column");
  return col >= 0 && col < static_cast<int>(row.size()) && filter.contains("value") && row[col] == filter["value"];
}

bool number(const nlohmann::json& row, int col, double& out) {
  if (col < 0 || col >= static_cast<int>(row.size()) || !row[col].is_number()) return false;
  out = row[col].get<double>();
  return std::isfinite(out);
}

std::vector<double> ticks(double lo, double hi) {
  const double span = hi - lo, raw = span / 5, mag = std::pow(10, std::floor(std::log10(raw)));
  const double step = raw / mag < 2 ? 2 * mag : raw / mag < 5 ? 5 * mag : 10 * mag;
  std::vector<double> t;
  for (double v = std::ceil(lo / step) * step; v <= hi + 1e-9 * span; v += step)
    t.push_back(std::abs(v) < 1e-12 * step ? 0 : v);
  return t;
}
/// Ticks of a log axis: 1, 2 and 5 times the powers of ten inside [lo, hi] (lo > 0).
std::vector<double> log_ticks(double lo, double hi) {
  std::vector<double> t;
  for (double p = std::pow(10, std::floor(std::log10(lo))); p <= hi; p *= 10)
    for (double m : {1.0, 2.0, 5.0})
      if (m * p >= lo * (1 - 1e-12) && m * p <= hi * (1 + 1e-12)) t.push_back(m * p);
  return t;
}
}  // namespace

std::string svg_plot(const nlohmann::json& experiment, const nlohmann::json& plot) {
  const int cx = column(experiment, plot, "x"), cy = column(experiment, plot, "y");
  const int cg = column(experiment, plot, "group"), clo = column(experiment, plot, "y_low"),
            chi = column(experiment, plot, "y_high");
  const std::string kind = plot.value("kind", "line");
  std::map<std::string, std::vector<Point>> series;
  std::vector<std::string> order;
  // "box": core computed [x, min, q1, median, q3, max] per x ("boxes"); drawn as one series.
  std::vector<std::array<double, 6>> boxes;
  if (kind == "box" && plot.contains("boxes") && plot["boxes"].is_array())
    for (const auto& b : plot["boxes"]) {
      std::array<double, 6> v{};
      bool ok = b.is_array() && b.size() == 6;
      for (std::size_t i = 0; ok && i < 6; ++i) ok = number(b, static_cast<int>(i), v[i]);
      if (!ok) continue;
      boxes.push_back(v);
      if (!series.count("")) order.push_back("");
      series[""].push_back({v[0], v[3], v[1], v[5]});
    }
  for (const auto& row : experiment["rows"]) {
    if (kind == "box") break;
    if (!in_filter(experiment, plot, row)) continue;
    Point p{};
    if (!number(row, cx, p.x) || !number(row, cy, p.y)) continue;
    p.lo = p.hi = p.y;
    if (kind == "band") {
      number(row, clo, p.lo);
      number(row, chi, p.hi);
    }
    std::string g = cg >= 0 ? (row[cg].is_string() ? row[cg].get<std::string>() : row[cg].dump()) : "";
    if (!series.count(g)) order.push_back(g);
    series[g].push_back(p);
  }
  double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
  for (auto& [g, pts] : series) {
    if (kind != "scatter") std::sort(pts.begin(), pts.end(), [](const Point& a, const Point& b) { return a.x < b.x; });
    for (const auto& p : pts) {
      x0 = std::min(x0, p.x);
      x1 = std::max(x1, p.x);
      y0 = std::min({y0, p.y, p.lo});
      y1 = std::max({y1, p.y, p.hi});
    }
  }
  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << kW << "\" height=\"" << kH
      << "\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      << "<text x=\"" << kW / 2 << "\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">"
      << escape(plot.value("title", "")) << "</text>\n";
  if (series.empty()) {
    svg << "<text x=\"" << kW / 2 << "\" y=\"" << kH / 2 << "\" text-anchor=\"middle\">no numeric data</text></svg>\n";
    return svg.str();
  }
  // "log_x": the plot asks for a log x axis (x spanning decades); honoured when every x > 0.
  const bool log_x = plot.value("log_x", false) && x0 > 0;
  const auto u = [&](double v) { return log_x ? std::log10(v) : v; };
  double u0 = u(x0), u1 = u(x1);
  if (u1 <= u0) {
    u0 -= 0.5;
    u1 += 0.5;
  }
  if (log_x || kind == "box") {
    const double m = (kind == "box" ? 0.15 : 0.04) * (u1 - u0);
    u0 -= m;
    u1 += m;
  }
  if (y1 <= y0) {
    y0 -= 0.5;
    y1 += 0.5;
  }
  const double pad = 0.05 * (y1 - y0);
  y0 -= pad;
  y1 += pad;
  const double pw = kW - kLeft - kRight, ph = kH - kTop - kBottom;
  auto X = [&](double v) { return kLeft + (u(v) - u0) / (u1 - u0) * pw; };
  auto Y = [&](double v) { return kTop + ph - (v - y0) / (y1 - y0) * ph; };
  svg << "<rect x=\"" << kLeft << "\" y=\"" << kTop << "\" width=\"" << pw << "\" height=\"" << ph
      << "\" fill=\"none\" stroke=\"#888\"/>\n";
  for (double t : log_x ? log_ticks(x0, x1) : ticks(u0, u1))
    svg << "<line x1=\"" << X(t) << "\" x2=\"" << X(t) << "\" y1=\"" << kTop + ph << "\" y2=\"" << kTop + ph + 5
        << "\" stroke=\"#888\"/><text x=\"" << X(t) << "\" y=\"" << kTop + ph + 18 << "\" text-anchor=\"middle\">" << t
        << "</text>\n";
  for (double t : ticks(y0, y1))
    svg << "<line x1=\"" << kLeft - 5 << "\" x2=\"" << kLeft << "\" y1=\"" << Y(t) << "\" y2=\"" << Y(t)
        << "\" stroke=\"#888\"/><text x=\"" << kLeft - 8 << "\" y=\"" << Y(t) + 4 << "\" text-anchor=\"end\">" << t
        << "</text>\n";
  svg << "<text x=\"" << kLeft + pw / 2 << "\" y=\"" << kH - 12 << "\" text-anchor=\"middle\">"
      << escape(plot.value("x_label", plot.value("x", ""))) << "</text>\n"
      << "<text transform=\"translate(16 " << kTop + ph / 2 << ") rotate(-90)\" text-anchor=\"middle\">"
      << escape(plot.value("y_label", plot.value("y", ""))) << "</text>\n";
  if (kind == "box") {
    double spacing = pw / 4;
    for (std::size_t i = 1; i < boxes.size(); ++i) spacing = std::min(spacing, X(boxes[i][0]) - X(boxes[i - 1][0]));
    const double half = std::max(3.0, 0.3 * spacing);
    for (const auto& b : boxes) {
      const double cxp = X(b[0]);
      svg << "<line x1=\"" << cxp << "\" x2=\"" << cxp << "\" y1=\"" << Y(b[1]) << "\" y2=\"" << Y(b[5])
          << "\" stroke=\"" << kPalette[0] << "\"/>\n"
          << "<rect x=\"" << cxp - half << "\" y=\"" << Y(b[4]) << "\" width=\"" << 2 * half << "\" height=\""
          << std::max(0.5, Y(b[2]) - Y(b[4])) << "\" fill=\"#dbe9f5\" stroke=\"" << kPalette[0] << "\"/>\n"
          << "<line x1=\"" << cxp - half << "\" x2=\"" << cxp + half << "\" y1=\"" << Y(b[3]) << "\" y2=\"" << Y(b[3])
          << "\" stroke=\"" << kPalette[3] << "\" stroke-width=\"2\"/>\n";
      for (int e : {1, 5})
        svg << "<line x1=\"" << cxp - half / 2 << "\" x2=\"" << cxp + half / 2 << "\" y1=\"" << Y(b[e]) << "\" y2=\""
            << Y(b[e]) << "\" stroke=\"" << kPalette[0] << "\"/>\n";
    }
    svg << "</svg>\n";
    return svg.str();
  }
  for (std::size_t k = 0; k < order.size(); ++k) {
    const auto& pts = series[order[k]];
    const char* colour = kPalette[k % 8];
    if (kind == "band") {
      svg << "<polygon fill=\"" << colour << "\" fill-opacity=\"0.18\" points=\"";
      for (const auto& p : pts) svg << X(p.x) << "," << Y(p.hi) << " ";
      for (auto it = pts.rbegin(); it != pts.rend(); ++it) svg << X(it->x) << "," << Y(it->lo) << " ";
      svg << "\"/>\n";
    }
    if (kind == "scatter") {
      for (const auto& p : pts)
        svg << "<circle cx=\"" << X(p.x) << "\" cy=\"" << Y(p.y) << "\" r=\"3\" fill=\"" << colour
            << "\" fill-opacity=\"0.75\"/>\n";
    } else {
      svg << "<polyline fill=\"none\" stroke-width=\"2\" stroke=\"" << colour << "\" points=\"";
      for (const auto& p : pts) svg << X(p.x) << "," << Y(p.y) << " ";
      svg << "\"/>\n";
    }
    if (!order[k].empty())
      svg << "<rect x=\"" << kW - kRight + 12 << "\" y=\"" << kTop + 18 * k << "\" width=\"12\" height=\"12\" fill=\""
          << colour << "\"/><text x=\"" << kW - kRight + 30 << "\" y=\"" << kTop + 18 * k + 10 << "\">"
          << escape(order[k]) << "</text>\n";
  }
  svg << "</svg>\n";
  return svg.str();
}

}  // namespace privlab::cli
