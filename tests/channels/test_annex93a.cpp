// IEEE 802.3 Annex 93A parametric line with the 802.3ck host-board parameters.
#include <linkphy/channels/annex93a.hpp>

#include <catch2/catch.hpp>

#include <cmath>

using namespace linkphy;
using namespace linkphy::channels;

TEST_CASE("Annex 93A 802.3ck board line loses 1.00 dB/in at 26.56 GHz", "[annex93a]") {
  const Annex93aLine board = annex93a_board_802_3ck(100.0);
  const double f = 26.5625e9;
  const double db_per_in = 20 / std::log(10.0) * board.gamma_per_m(f).real() * 0.0254;
  // 802.3ck sets the board loss to 1.0 dB/in at 26.56 GHz; the parameters carry 5 digits.
  CHECK(db_per_in == Approx(1.00).margin(0.01));
  // A matched (Z0 = Zc) 10-inch line gives exactly 10× that in |S21|.
  const std::vector<double> grid = {f};
  const Network n = line_network(grid, board.constants(grid), 0.254, 100.0);
  CHECK(-20 * std::log10(std::abs(n.at(0, 1, 0))) == Approx(10 * db_per_in).epsilon(1e-9));
  // Delay τ = 5.79 ps/mm: phase of γ = 2πτf + the a1 and a2 dispersion terms.
  const double beta = board.gamma_per_m(f).imag() * 1e-3;
  const double f_ghz = 26.5625;
  CHECK(beta == Approx(2 * M_PI * 5.79e-3 * f_ghz + 3.8206e-4 * std::sqrt(f_ghz) -
                       9.5909e-5 * f_ghz * 2 / M_PI * std::log(f_ghz))
                    .epsilon(1e-12));
}
