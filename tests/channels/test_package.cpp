// Package / interposer lines: µm-scale, RC-dominated (diffusive) below a few GHz.
#include <linkphy/channels/media.hpp>
#include <linkphy/channels/specs.hpp>

#include <catch2/catch.hpp>

#include <cmath>

using namespace linkphy;
using namespace linkphy::channels;

TEST_CASE("a silicon-interposer wire is an RC line", "[package]") {
  const auto cats = ChannelCatalogs::builtin();
  const auto m =
      make_copper_medium(parse_spec("package:stack=silicon_interposer,length=2mm"), cats);
  const auto &line = dynamic_cast<const LineMedium &>(*m);
  const std::vector<double> f = {0.0, 12.5e6, 50e6};
  const auto c = line.constants(f, Conditions{293.15});
  // DC resistance = 1/(σ·w·t) = 1/(5.8e7 · 2 µm · 1 µm) = 8.62 ohm/mm (exact).
  CHECK(c.z_per_m[0].real() == Approx(1.0 / (5.8e7 * 2e-6 * 1e-6)).epsilon(1e-9));
  // RC regime (R ≫ ωL): γ = √(jωRC) has equal real and imaginary parts (phase 45°) and
  // α ∝ √f (diffusion, Bakoglu "Circuits, Interconnections and Packaging for VLSI" §5);
  // 3 % allows for the residual ωL/R ≈ 0.005 at 12.5 MHz and 0.02 at 50 MHz.
  const Complex g1 = propagation_constant(c.z_per_m[1], c.y_per_m[1]);
  const Complex g2 = propagation_constant(c.z_per_m[2], c.y_per_m[2]);
  CHECK(g1.real() == Approx(g1.imag()).epsilon(0.03));
  CHECK(g2.real() / g1.real() == Approx(2.0).epsilon(0.03));
  // Whereas a PCB stripline at the same frequencies is LC (α ≪ β).
  const auto pcb = make_copper_medium(
      parse_spec("stripline:material=megtron7,width=5mil,height=5mil,length=2mm"), cats);
  const auto cp = dynamic_cast<const LineMedium &>(*pcb).constants(f, Conditions{});
  const Complex gp = propagation_constant(cp.z_per_m[2], cp.y_per_m[2]);
  CHECK(gp.real() < 0.1 * gp.imag());
}
