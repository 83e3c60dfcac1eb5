// Measured channels from Touchstone files as stages (tests/data/channels, IEEE 802.3ck and
// openSNPQual files; differential IL of the IEEE files per tests/data/SOURCES.md, scikit-rf).
#include <linkphy/channels/specs.hpp>
#include <linkphy/channels/touchstone_stage.hpp>

#include <catch2/catch.hpp>

#include <cmath>

using namespace linkphy;
using namespace linkphy::channels;
using Catch::Matchers::Contains;

namespace {
const std::string data = std::string(LINKPHY_TEST_DATA_DIR) + "/channels/";
double il(const ElectricalMedium &m, double f) {
  const std::vector<double> g = {f};
  return -20 * std::log10(std::abs(m.network(g, Conditions{}).at(0, 1, 0)));
}
} // namespace

TEST_CASE("a 4-port IEEE channel file gives its differential IL as a stage", "[touchstone]") {
  // SOURCES.md: CA_19p75dB_thru 19.75 dB at 26.56 GHz (scikit-rf se2gmm, ports 1-3:2-4).
  // 0.05 dB: 26.5625 GHz lies between file points (10 MHz grid); the stage interpolates
  // magnitude and phase (19.70–19.75 dB at the neighbours).
  const TouchstoneStage ca(data + "CA_19p75dB_thru.s4p", "1-3:2-4");
  CHECK(il(ca, 26.5625e9) == Approx(19.75).margin(0.05));
  CHECK(ca.network(std::vector<double>{1e9}, Conditions{}).z0_ohm[0] == 100.0);
  const TouchstoneStage dpo(data + "DPO_4in_Meg7_THRU.s4p", "1-3:2-4");
  CHECK(il(dpo, 26.5625e9) == Approx(12.17).margin(0.05));
}

TEST_CASE("a 2-port file is used as is and extends to DC", "[touchstone]") {
  const auto cats = ChannelCatalogs::builtin();
  const auto s =
      make_copper_medium(parse_spec("touchstone:file=pcb_stripline_119mm.s2p"), cats, data);
  // SOURCES.md: 119 mm stripline 3.68 / 5.84 / 9.75 dB at 14 / 28 / 53.125 GHz.
  CHECK(il(*s, 14e9) == Approx(3.68).margin(0.02));
  CHECK(il(*s, 53.125e9) == Approx(9.75).margin(0.02));
  const Network dc = s->network(std::vector<double>{0.0, 1e9}, Conditions{});
  CHECK(std::abs(dc.at(0, 1, 0).imag()) == 0.0); // the DC point is real
  CHECK(std::abs(dc.at(0, 1, 0)) > 0.9);         // a short PCB line passes DC
}

TEST_CASE("bad touchstone specs are named", "[touchstone][bad-input]") {
  const auto cats = ChannelCatalogs::builtin();
  CHECK_THROWS_WITH(
      make_copper_medium(parse_spec("touchstone:file=CA_19p75dB_thru.s4p"), cats, data),
      Contains("ports=A:B") && Contains("1-3:2-4"));
  CHECK_THROWS_WITH(
      make_copper_medium(parse_spec("touchstone:file=CA_19p75dB_thru.s4p,ports=1:9"), cats, data),
      Contains("accepted: 1 to 4"));
  CHECK_THROWS(make_copper_medium(parse_spec("touchstone:file=missing.s2p"), cats, data));
  const auto s =
      make_copper_medium(parse_spec("touchstone:file=pcb_stripline_119mm.s2p"), cats, data);
  CHECK_THROWS_WITH(s->network(std::vector<double>{100e9}, Conditions{}),
                    Contains("above the file's last frequency"));
}
