// The crossover study's plots (plot.hpp): crossover distance vs lane rate (log-log), the
// technology map, energy per bit vs distance per technology, BER vs distance per technology.
#pragma once

#include <linkphy/sweeps/crossover.hpp>
#include <linkphy/sweeps/plot.hpp>

#include <string>
#include <vector>

namespace linkphy::sweeps {

enum class CrossoverPlotKind { crossover, map, energy, ber };
/// "crossover" | "map" | "energy" | "ber"; InputError naming `where` otherwise.
CrossoverPlotKind parse_plot_kind(const std::string &text, const std::string &where);
std::string to_string(CrossoverPlotKind k);

/// Crossover distance (m) vs lane rate (Gb/s), log-log, one series per criterion present.
PlotSpec crossover_plot(const std::vector<CrossoverRow> &rows);
/// Best technology per (distance, rate) cell: one point series per winning technology, plus the
/// crossover line when `rows` is not empty.
PlotSpec map_plot(const std::vector<MapCell> &cells, const std::vector<CrossoverRow> &rows);
/// Energy per bit (pJ/bit) vs distance at lane rate `rate`, one series per technology (points
/// that close only).
PlotSpec energy_plot(const std::vector<MapPoint> &points, const std::string &rate);
/// Pre-FEC BER vs distance at lane rate `rate`, one series per technology, with the pre-FEC BER
/// limit of nothing (the plot shows where each technology's BER climbs).
PlotSpec ber_plot(const std::vector<MapPoint> &points, const std::string &rate);

} // namespace linkphy::sweeps
