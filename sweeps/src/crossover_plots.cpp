// Plot specs of the crossover study (crossover_plots.hpp).
#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/crossover_plots.hpp>

#include <algorithm>
#include <cmath>

namespace linkphy::sweeps {
namespace {

PlotSeries &series_for(PlotSpec &p, const std::string &title) {
  for (auto &s : p.series)
    if (s.title == title)
      return s;
  p.series.push_back({});
  p.series.back().title = title;
  return p.series.back();
}

// Point types cycled per series so that series differ in shape, not only colour.
void vary_points(PlotSpec &p) {
  const int types[] = {7, 5, 9, 11, 13, 4, 6, 8, 10, 12};
  for (std::size_t i = 0; i < p.series.size(); ++i)
    p.series[i].point_type = types[i % 10];
}

} // namespace

CrossoverPlotKind parse_plot_kind(const std::string &text, const std::string &where) {
  if (text == "crossover")
    return CrossoverPlotKind::crossover;
  if (text == "map")
    return CrossoverPlotKind::map;
  if (text == "energy")
    return CrossoverPlotKind::energy;
  if (text == "ber")
    return CrossoverPlotKind::ber;
  throw InputError(where,
                   "unknown plot kind '" + text + "'; accepted: crossover, map, energy, ber");
}

std::string to_string(CrossoverPlotKind k) {
  switch (k) {
  case CrossoverPlotKind::crossover:
    return "crossover";
  case CrossoverPlotKind::map:
    return "map";
  case CrossoverPlotKind::energy:
    return "energy";
  case CrossoverPlotKind::ber:
    return "ber";
  }
  return "?";
}

PlotSpec crossover_plot(const std::vector<CrossoverRow> &rows) {
  PlotSpec p;
  p.title = "Copper to optics crossover distance vs lane rate";
  p.xlabel = "lane rate (Gb/s)";
  p.ylabel = "crossover distance (m)";
  p.logx = p.logy = true;
  for (const auto &r : rows) {
    auto &s = series_for(p, "crossover (" + to_string(r.criterion) + ")");
    s.x.push_back(r.lane_rate_gbps);
    s.y.push_back(r.crossover_m);
  }
  vary_points(p);
  return p;
}

PlotSpec map_plot(const std::vector<MapCell> &cells, const std::vector<CrossoverRow> &rows) {
  PlotSpec p;
  p.title = "Best technology per (distance, lane rate)";
  p.xlabel = "distance (m)";
  p.ylabel = "lane rate (Gb/s)";
  p.logx = p.logy = true;
  for (const auto &c : cells) {
    auto &s = series_for(p, c.closes ? c.best_tech + " (" + to_string(c.family) + ")"
                                     : std::string("none closes"));
    s.style = "points";
    s.point_size = 1.6;
    s.x.push_back(c.distance_m);
    s.y.push_back(c.lane_rate_gbps);
  }
  vary_points(p);
  if (!rows.empty()) {
    PlotSeries line;
    line.title = "crossover (" + to_string(rows.front().criterion) + ")";
    line.style = "linespoints";
    line.point_type = 2;
    for (const auto &r : rows) {
      line.x.push_back(r.crossover_m);
      line.y.push_back(r.lane_rate_gbps);
    }
    p.series.push_back(line);
  }
  return p;
}

PlotSpec energy_plot(const std::vector<MapPoint> &points, const std::string &rate) {
  PlotSpec p;
  p.title = "Energy per bit vs distance at " + rate + " (links that close)";
  p.xlabel = "distance (m)";
  p.ylabel = "energy (pJ/bit)";
  p.logx = true;
  for (const auto &m : points) {
    if (m.rate != rate)
      continue;
    auto &s = series_for(p, m.tech + " (" + to_string(m.family) + ")");
    s.x.push_back(m.distance_m);
    s.y.push_back(m.point.closes ? m.point.energy_pj_per_bit : std::nan(""));
  }
  vary_points(p);
  return p;
}

PlotSpec ber_plot(const std::vector<MapPoint> &points, const std::string &rate) {
  PlotSpec p;
  p.title = "Pre-FEC BER vs distance at " + rate;
  p.xlabel = "distance (m)";
  p.ylabel = "pre-FEC BER";
  p.logx = p.logy = true;
  for (const auto &m : points) {
    if (m.rate != rate)
      continue;
    auto &s = series_for(p, m.tech + " (" + to_string(m.family) + ")");
    s.x.push_back(m.distance_m);
    // BERs below 1e-30 are clipped there so a log axis can show them.
    s.y.push_back(m.point.in_range ? std::max(m.point.ber_pre_fec, 1e-30) : std::nan(""));
  }
  vary_points(p);
  return p;
}

} // namespace linkphy::sweeps
