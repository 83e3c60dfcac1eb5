// Plots rendered by gnuplot (Debian package gnuplot-nox): a PlotSpec (series of x/y points with
// axis labels and log scales) becomes a generated gnuplot script run in a child process; the
// terminal is chosen by the output's extension (.svg → svg, .png → pngcairo). The output file is
// written to a temporary sibling and renamed on success, so an error leaves no file.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace linkphy::sweeps {

struct PlotSeries {
  std::string title;                 ///< legend entry (shown literally, no enhanced-text markup)
  std::vector<double> x, y;          ///< same length; non-finite points are skipped
  std::string style = "linespoints"; ///< gnuplot style: lines, points, linespoints
  int point_type = 7;                ///< gnuplot pointtype
  double point_size = 1.0;           ///< gnuplot pointsize
};

struct PlotSpec {
  std::string title;
  std::string xlabel, ylabel;            ///< with units, e.g. "distance (m)"
  bool logx = false, logy = false;       ///< logarithmic axes (data > 0 on them)
  std::string key = "outside right top"; ///< gnuplot `set key` placement
  std::vector<PlotSeries> series;        ///< at least one with a point
  int width_px = 900, height_px = 560;   ///< image size, pixels (> 0)
};

/// The gnuplot script that draws `spec` into `output` (terminal from the extension).
std::string gnuplot_script(const PlotSpec &spec, const std::filesystem::path &output);

/// Renders `spec` to `output` (.svg or .png). The gnuplot program is `gnuplot` on PATH, or the
/// environment variable LINKPHY_GNUPLOT when set. Throws InputError for another extension, a plot
/// without points, a missing gnuplot (naming the Debian package gnuplot-nox), or a gnuplot failure
/// (its first error line).
void render_plot(const PlotSpec &spec, const std::filesystem::path &output);

} // namespace linkphy::sweeps
