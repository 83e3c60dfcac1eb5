#include <linkphy/phy/quantity.hpp>
#include <linkphy/phy/units.hpp>

#include <cmath>
#include <iostream>

int main() {
  const linkphy::Length l = linkphy::parse_length("6 in");
  const linkphy::Dbm p = linkphy::Dbm(-3.0) + linkphy::Db(1.0);
  std::cout << "6 in = " << l.value() << " m; -3 dBm + 1 dB = " << p.value() << " dBm\n";
  return std::abs(l.value() - 0.1524) < 1e-12 && p.value() == -2.0 ? 0 : 1;
}
