// The library's other entry points name their own arguments and option members, not the
// `linkphy` options a C++ caller never typed (link_eval.hpp "Names in errors"; the CLI prints the
// options: sweeps/cli/option_names.hpp).
#include <catch2/catch.hpp>

#include "../error_where.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/crossover_study.hpp>
#include <linkphy/sweeps/field_names.hpp>
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

TEST_CASE("library names become a file's keys: 'key' at a place, 'the key' inside a sentence",
          "[sweep][names]") {
  const std::vector<FieldName> keys{{"LinkRequest.rate", "rate"},
                                    {"LinkRequest.modulation", "modulation"},
                                    {"LinkRequest.sets", "set"}};
  CHECK(with_key_names("LinkRequest.rate: bad; or give LinkRequest.modulation", keys) ==
        "key 'rate': bad; or give the key 'modulation'");
  CHECK(with_key_names("at 100G: LinkRequest.sets 'awg=99': out of range", keys) ==
        "at 100G: key 'set' 'awg=99': out of range");
  // Whole names only; other text unchanged.
  CHECK(with_key_names("LinkRequest.search_threads, LinkRequest.rates", keys) ==
        "LinkRequest.search_threads, LinkRequest.rates");
  CHECK(rename_fields("LinkRequest.sets 'k=v'", {{"LinkRequest.sets", "--set"}}) == "--set 'k=v'");
  // A sweep point's error at the key's place in the spec.
  linkphy::ParamSet point("spec.toml");
  point.set("rate", "7 Gb/s", "spec.toml:8");
  const linkphy::InputError e("LinkRequest.rate",
                              "needs a modulation: or give LinkRequest.modulation");
  const linkphy::InputError s = in_spec_keys(e, point, keys);
  CHECK(s.where() == "spec.toml:8: key 'rate'");
  CHECK(s.detail() == "needs a modulation: or give the key 'modulation'");
  point.set("set", "serdes.foo=1", "spec.toml:9");
  CHECK(in_spec_keys(linkphy::InputError("LinkRequest.sets 'serdes.foo=1': key 'foo'", "unknown"),
                     point, keys)
            .where() == "spec.toml:9: key 'set' 'serdes.foo=1': key 'foo'");
}
