// A planner's study against the installed package (find_package(linkphy)), written from the
// README and the installed headers: units, one link, a reach, a channel's response on the
// study's own grid, a plan from the installed example, a user catalog entry, bad input. argv[1]
// is the installed data folder (PREFIX/share/linkphy) the library must read its catalogs from,
// argv[2] a scratch folder; the study runs from anywhere (its working directory is not the tree).
#include <linkphy/channels/specs.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/network_ops.hpp>
#include <linkphy/phy/params.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/phy/units.hpp>
#include <linkphy/sweeps/channel_kinds.hpp>
#include <linkphy/sweeps/link_eval.hpp>
#include <linkphy/sweeps/plan.hpp>
#include <linkphy/sweeps/technology.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {
int failures = 0;
void check(bool ok, const std::string &what) {
  std::cout << (ok ? "ok   " : "FAIL ") << what << "\n";
  if (!ok)
    ++failures;
}
bool under(const fs::path &p, const fs::path &root) {
  const auto a = fs::weakly_canonical(p).string(), b = fs::weakly_canonical(root).string();
  return a.rfind(b, 0) == 0;
}
double il_db(const linkphy::Network &n, std::size_t k) {
  return -20.0 * std::log10(std::abs(n.at(k, 1, 0)));
}
} // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    std::cerr << "usage: consumer PREFIX/share/linkphy SCRATCH\n";
    return 2;
  }
  const fs::path data(argv[1]), scratch(argv[2]);
  namespace ls = linkphy::sweeps;

  const linkphy::Length l = linkphy::parse_length("6 in");
  const linkphy::Dbm p = linkphy::Dbm(-3.0) + linkphy::Db(1.0);
  check(std::abs(l.value() - 0.1524) < 1e-12 && p.value() == -2.0, "units: 6 in, dBm + dB");

  // The catalogs come from the installed prefix, not from the tree the package was built in.
  check(under(linkphy::data_root(), data), "data_root() " + linkphy::data_root().string());
  check(under(ls::sweeps_data_dir(), data), "sweeps_data_dir() " + ls::sweeps_data_dir().string());

  // (a) one link; (b) its reach, both at the analytic tier (fast; the statistical tier is
  // tested in the tree).
  ls::LinkRequest req;
  req.tech = "dac";
  req.length_m = 2;
  req.rate = "100G";
  req.fidelity = ls::Fidelity::analytic;
  const ls::LinkReport r = ls::evaluate_link(req);
  check(r.summary.feasible && r.summary.il_nyquist_db > 10 && r.power && r.power->power_w > 0,
        "dac 2 m 100G closes, IL " + std::to_string(r.summary.il_nyquist_db) + " dB");
  const ls::ReachResult reach = ls::find_reach(req);
  check(reach.length_m > 2 && reach.length_m < 10, "dac 100G reach");

  // (c) a channel on the study's own grid: twinax then stripline, cascaded.
  const ls::ChannelContext ctx{linkphy::channels::ChannelCatalogs::builtin()};
  const std::vector<double> f{1e9, 13.28125e9, 26.5625e9};
  const auto twinax = ls::make_channel_stage("twinax:awg=26,length=2m", ctx);
  const auto strip =
      ls::make_channel_stage("stripline:material=megtron7,width=5mil,height=5mil,length=6in", ctx);
  const std::vector<linkphy::Network> chain{twinax.electrical->network(f, {}),
                                            strip.electrical->network(f, {})};
  const linkphy::Network both = linkphy::cascade(chain);
  check(il_db(both, 0) < il_db(both, 1) && il_db(both, 1) < il_db(both, 2),
        "channel IL rises with frequency");

  // (d) the installed example plan rolled up.
  const auto plan = ls::read_plan(data / "sweeps/examples/plans/leaf_spine_small.toml");
  const auto rolled = ls::evaluate_plan(plan);
  check(rolled.links == 320 && rolled.chosen.power_w > 0, "example plan rolled up");

  // (e) a user laminate added through the API and used: lower Df, lower loss than Megtron 7.
  const fs::path mine = scratch / "my_laminates.toml";
  std::ofstream(mine) << "[mylam]\nsource = \"test\"\ndk = 3.0\ndf = 0.0005\nf_ref = \"10 GHz\"\n";
  ls::ChannelContext user{linkphy::channels::ChannelCatalogs::builtin()};
  user.catalogs.load_user("laminates", mine);
  const auto custom =
      ls::make_channel_stage("stripline:material=mylam,width=5mil,height=5mil,length=6in", user);
  check(il_db(custom.electrical->network(f, {}), 2) < il_db(chain[1], 2), "user laminate used");

  // (f) bad input: the library's InputError with its one-line message.
  for (const auto &[tech, length] :
       std::vector<std::pair<std::string, double>>{{"nosuchtech", 2.0}, {"dac", -1.0}}) {
    ls::LinkRequest bad = req;
    bad.tech = tech;
    bad.length_m = length;
    try {
      (void)ls::evaluate_link(bad);
      check(false, "bad input refused: " + tech);
    } catch (const linkphy::InputError &e) {
      check(std::string(e.what()).find('\n') == std::string::npos,
            std::string("refused: ") + e.what());
    }
  }
  return failures == 0 ? 0 : 1;
}
