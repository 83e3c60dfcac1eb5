// Plots rendered by gnuplot (Debian package gnuplot-nox): a PlotSpec (series of x/y points with
// axis labels and log scales) becomes a generated gnuplot script run in a child process; the
// terminal is chosen by the output's extension (.svg → svg, .png → pngcairo). The output file is
// written to a temporary sibling and renamed on success, so an error leaves no file.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace linkphy::sweeps {

/// Nothing here is checked by linkphy: values go into the gnuplot script as they are, and
/// gnuplot's own error becomes render_plot's InputError "gnuplot failed: ...".
struct PlotSeries {
  std::string title; ///< legend entry (shown literally, no enhanced-text markup)
  /// Same length (not checked: points past the shorter are ignored); non-finite points, and
  /// points ≤ 0 on a log axis, are skipped.
  std::vector<double> x, y;
  std::string style = "linespoints"; ///< gnuplot style: lines, points, linespoints (written as is)
  int point_type = 7;                ///< gnuplot pointtype (1 to 14 meaningful)
  double point_size = 1.0;           ///< gnuplot pointsize, > 0 meaningful
};

struct PlotSpec {
  std::string title;
  std::string xlabel, ylabel;            ///< with units, e.g. "distance (m)"
  bool logx = false, logy = false;       ///< logarithmic axes (data > 0 on them)
  std::string key = "outside right top"; ///< gnuplot `set key` placement (written as is)
  /// At least one series with a drawable point (InputError "... has no point to draw" otherwise).
  std::vector<PlotSeries> series;
  /// Image size, pixels (> 0 meaningful; not checked here: gnuplot refuses what it cannot draw).
  int width_px = 900, height_px = 560;
};

/// The gnuplot script that draws `spec` into `output` (terminal from the extension: .svg or .png,
/// InputError otherwise; InputError when no series has a drawable point).
std::string gnuplot_script(const PlotSpec &spec, const std::filesystem::path &output);

/// Renders `spec` to `output` (.svg or .png). The gnuplot program is `gnuplot` on PATH, or the
/// environment variable LINKPHY_GNUPLOT when set. Throws InputError for another extension, a plot
/// without points, a missing gnuplot (naming the Debian package gnuplot-nox), or a gnuplot failure
/// (its first error line); where() "render_plot output 'PATH'" (gnuplot_script the same).
void render_plot(const PlotSpec &spec, const std::filesystem::path &output);

} // namespace linkphy::sweeps
