// Every crossover plot kind rendered by gnuplot to SVG in a scratch directory, checked to be
// well-formed XML (tests/sweeps/test_plot_xml.hpp) and to carry its series titles and axis labels;
// a PNG has the PNG signature; bad input leaves no file.
#include <catch2/catch.hpp>

#include "test_plot_xml.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/crossover_plots.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdlib.h>
#include <unistd.h>

using namespace linkphy;
using namespace linkphy::sweeps;
namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string &tag) {
  std::string tmpl = (fs::temp_directory_path() / ("linkphy-plot-" + tag + "-XXXXXX")).string();
  REQUIRE(::mkdtemp(tmpl.data()) != nullptr);
  return tmpl;
}

std::string slurp(const fs::path &p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<CrossoverRow> rows() {
  std::vector<CrossoverRow> r;
  const double gbps[] = {25.78125, 53.125, 106.25, 212.5, 425};
  const char *names[] = {"25G", "50G", "100G", "200G", "400G"};
  for (int i = 0; i < 5; ++i) {
    CrossoverRow x;
    x.rate = names[i];
    x.lane_rate_gbps = gbps[i];
    x.crossover_m = 5.0 / (1 << i);
    x.copper_tech = "dac";
    x.optical_tech = "pcb";
    r.push_back(x);
  }
  return r;
}

std::vector<MapPoint> points() {
  std::vector<MapPoint> p;
  for (const char *rate : {"25G", "100G"})
    for (double d : {0.5, 1.0, 2.0, 4.0, 8.0})
      for (const char *tech : {"dac", "pcb"}) {
        MapPoint m;
        m.rate = rate;
        m.lane_rate_gbps = rate[0] == '2' ? 25.78125 : 106.25;
        m.distance_m = d;
        m.tech = tech;
        m.family = tech[0] == 'd' ? Family::copper : Family::optical;
        m.point.closes = m.family == Family::optical || d < 3;
        m.point.ber_pre_fec = m.family == Family::optical ? 1e-9 : 1e-8 * d * d;
        m.point.ber_post_fec = 1e-20;
        m.point.energy_pj_per_bit = m.family == Family::optical ? 8 : 2 + 1.5 * d;
        p.push_back(m);
      }
  return p;
}

void check_svg(const fs::path &file, const std::vector<std::string> &needles) {
  REQUIRE(fs::exists(file));
  const std::string svg = slurp(file);
  INFO(file.string());
  CHECK(linkphy::test::xml_wellformed(svg).empty());
  CHECK(svg.find("<svg") != std::string::npos);
  for (const auto &n : needles) {
    INFO("expected text: " << n);
    CHECK(svg.find(n) != std::string::npos);
  }
}

} // namespace

TEST_CASE("the XML check itself rejects malformed documents", "[plot]") {
  using linkphy::test::xml_wellformed;
  CHECK(xml_wellformed("<?xml version=\"1.0\"?><a x=\"1\"><b/>t &amp; u</a>").empty());
  CHECK_FALSE(xml_wellformed("<a><b></a></b>").empty());
  CHECK_FALSE(xml_wellformed("<a x=1></a>").empty());
  CHECK_FALSE(xml_wellformed("<a>fish & chips</a>").empty());
  CHECK_FALSE(xml_wellformed("<a></a><b></b>").empty());
  CHECK_FALSE(xml_wellformed("<a>").empty());
}

TEST_CASE("each crossover plot kind renders to well-formed SVG with its series", "[plot]") {
  const auto dir = scratch("kinds");
  const auto r = rows();
  const auto p = points();
  std::vector<MapCell> cells;
  for (std::size_t i = 0; i < p.size(); i += 2) {
    MapCell c;
    c.rate = p[i].rate;
    c.lane_rate_gbps = p[i].lane_rate_gbps;
    c.distance_m = p[i].distance_m;
    const bool cu = p[i].point.closes && p[i].point.energy_pj_per_bit < 8;
    c.best_tech = cu ? "dac" : "pcb";
    c.family = cu ? Family::copper : Family::optical;
    c.closes = true;
    cells.push_back(c);
  }
  render_plot(crossover_plot(r), dir / "crossover.svg");
  check_svg(dir / "crossover.svg",
            {"crossover (feasible)", "lane rate (Gb/s)", "crossover distance (m)"});
  render_plot(map_plot(cells, r), dir / "map.svg");
  check_svg(dir / "map.svg", {"dac (copper)", "pcb (optical)", "crossover (feasible)",
                              "distance (m)", "lane rate (Gb/s)"});
  render_plot(energy_plot(p, "25G"), dir / "energy.svg");
  check_svg(dir / "energy.svg", {"dac (copper)", "pcb (optical)", "energy (pJ/bit)"});
  render_plot(ber_plot(p, "100G"), dir / "ber.svg");
  check_svg(dir / "ber.svg", {"dac (copper)", "pcb (optical)", "pre-FEC BER"});
  // Nothing but the four plots is left (no temporary script, error log or partial file).
  int files = 0;
  for ([[maybe_unused]] const auto &e : fs::directory_iterator(dir))
    ++files;
  CHECK(files == 4);
  fs::remove_all(dir);
}

TEST_CASE("a PNG plot has the PNG signature", "[plot]") {
  const auto dir = scratch("png");
  render_plot(crossover_plot(rows()), dir / "crossover.png");
  const std::string png = slurp(dir / "crossover.png");
  REQUIRE(png.size() > 8);
  CHECK(png.substr(1, 3) == "PNG"); // PNG spec §5.2: 89 50 4E 47 0D 0A 1A 0A
  fs::remove_all(dir);
}

TEST_CASE("plot errors are one InputError and leave no file", "[plot]") {
  const auto dir = scratch("bad");
  CHECK_THROWS_WITH(render_plot(crossover_plot(rows()), dir / "x.pdf"),
                    Catch::Contains("accepted: .svg, .png"));
  PlotSpec empty = crossover_plot({});
  CHECK_THROWS_WITH(render_plot(empty, dir / "empty.svg"), Catch::Contains("no point"));
  ::setenv("LINKPHY_GNUPLOT", "/nonexistent/gnuplot", 1);
  CHECK_THROWS_WITH(render_plot(crossover_plot(rows()), dir / "nognuplot.svg"),
                    Catch::Contains("gnuplot-nox"));
  ::unsetenv("LINKPHY_GNUPLOT");
  CHECK(fs::is_empty(dir));
  fs::remove_all(dir);
}
