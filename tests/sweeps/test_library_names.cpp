// The library's other entry points name their own arguments and option members, not the
// `linkphy` options a C++ caller never typed (link_eval.hpp "Names in errors"; the CLI prints the
// options: sweeps/cli/option_names.hpp).
#include <catch2/catch.hpp>

#include "../error_where.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/crossover_study.hpp>
#include <linkphy/sweeps/plot.hpp>
#include <linkphy/sweeps/sweep_runner.hpp>
#include <linkphy/transceivers/com_table.hpp>

#include <functional>
#include <string>

using namespace linkphy::sweeps;

using linkphy::test::where_of;

TEST_CASE("sweep options are named SweepOptions.FIELD", "[sweep][bad_input][names]") {
  SweepOptions shard;
  shard.shard_index = 3;
  shard.shard_count = 2;
  CHECK(where_of([&] { check_sweep_options(shard); }) == "SweepOptions.shard");
  SweepOptions threads;
  threads.threads = 0;
  CHECK(where_of([&] { check_sweep_options(threads); }) == "SweepOptions.threads 0");
  SweepOptions resume;
  resume.resume = true; // without an output file
  CHECK(where_of([&] { check_sweep_options(resume); }) == "SweepOptions.resume");
}

TEST_CASE("render_plot, read_crossover_study and find_com_table name their arguments",
          "[plot][crossover][bad_input][names]") {
  PlotSpec spec;
  spec.series.push_back({"s", {1.0}, {1.0}});
  CHECK(where_of([&] { (void)gnuplot_script(spec, "out.pdf"); }) == "render_plot output 'out.pdf'");
  CHECK(where_of([] {
          (void)read_crossover_study(default_crossover_study(), {"laminate=x.toml"});
        }) == "read_crossover_study catalogs 'laminate=x.toml'");
  CHECK(where_of([] { (void)linkphy::transceivers::find_com_table("no-such-table"); }) ==
        "find_com_table 'no-such-table'");
}
