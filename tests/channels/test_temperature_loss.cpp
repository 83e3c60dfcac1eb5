// Copper loss grows with temperature (conductor resistivity +0.393 %/°C, dielectric Df drift),
// through linkphy::Conditions: +50 °C on a channel of 30 dB at the 100G Nyquist frequency.
#include <linkphy/channels/media.hpp>
#include <linkphy/channels/specs.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace linkphy;
using namespace linkphy::channels;

namespace {
constexpr double kNyquist100g = 26.5625e9; // 100G class: 53.125 GBd PAM4 → Nyquist 26.5625 GHz
constexpr double k25C = 298.15, k75C = 348.15;

// Closed form: skin-effect loss ∝ R_s = √(ωμ/2σ) ∝ √ρ (Pozar, Microwave Engineering 4th ed. §1.7),
// ρ(T) = ρ20·(1 + 0.00393·(T − 20 °C)) for copper (CRC Handbook): relative growth from t0 to t1.
double skin_growth(double t0_k, double t1_k) {
  return std::sqrt((1 + 0.00393 * (t1_k - 293.15)) / (1 + 0.00393 * (t0_k - 293.15))) - 1.0;
}

double il_db(const ElectricalMedium &m, double t_k) {
  const std::vector<double> g = {kNyquist100g};
  Conditions c;
  c.temperature_k = t_k;
  return -20 * std::log10(std::abs(m.network(g, c).at(0, 1, 0)));
}

// The length of `spec_prefix` + "length=L" with IL = 30 dB at 25 °C (IL is linear in length for a
// matched line up to small reflections; two secant steps converge well below 0.01 dB).
std::unique_ptr<ElectricalMedium> thirty_db(const std::string &spec_prefix, double guess_m) {
  const auto cats = ChannelCatalogs::builtin();
  double len = guess_m;
  std::unique_ptr<ElectricalMedium> m;
  for (int i = 0; i < 4; ++i) {
    m = make_copper_medium(parse_spec(spec_prefix + "length=" + std::to_string(len) + "m"), cats);
    len *= 30.0 / il_db(*m, k25C);
  }
  return make_copper_medium(parse_spec(spec_prefix + "length=" + std::to_string(len) + "m"), cats);
}
} // namespace

TEST_CASE("+50 degC on a 30 dB twinax channel (conductor-dominated)", "[temperature]") {
  const auto m = thirty_db("twinax:awg=26,", 6.0);
  const double il25 = il_db(*m, k25C), il75 = il_db(*m, k75C);
  const double d = il75 - il25;
  INFO("twinax 26 AWG: IL 25 degC " << il25 << " dB, 75 degC " << il75 << " dB, +" << d << " dB");
  REQUIRE(il25 == Approx(30.0).margin(0.05));
  // Closed form: skin loss ∝ √ρ, ρ(T) = ρ20(1 + 0.00393·(T − 20 °C)) → +9.2 % from 25 to 75 °C.
  // The catalog twinax has no Df drift, so the growth is the conductor share of the loss times
  // that ratio: bounded above by the all-conductor figure and (the foamed Df 3e-4 dielectric is a
  // minor share at 26.6 GHz) below by 70 % of it.
  const double skin = skin_growth(k25C, k75C);
  CHECK(d <= 30.0 * skin + 0.01);
  CHECK(d >= 0.7 * 30.0 * skin);
  // Issue target band 3–6 dB (+0.2–0.4 %/°C). This model gives +2.25 dB (+0.15 %/°C): copper
  // resistivity alone, with no Df drift in the twinax catalog, falls short of the band; the honest
  // assertions are the physical bounds above and the band's upper edge; the shortfall is reported.
  // The band's 0.2 / 0.4 %/°C equal TIA-568-C.2's screened / unscreened twisted-pair IL deratings
  // (≤ 500 MHz; see the test below, which the model meets for a shielded pair at 0.17–0.22 %/°C);
  // no sourced Df drift of foamed twinax dielectric at 26.56 GHz was found to go further.
  CHECK(d < 6.0);
}

TEST_CASE("+50 degC on a 30 dB stripline: Df drift adds to the conductor growth", "[temperature]") {
  // Megtron-7-class laminate, 5 mil stripline pair; Df drift 0 (catalog) vs a drifting resin.
  Dielectric d{"m7", 3.35, 0.002, 12e9, 0.0, k25C, true};
  const StriplineGeometry g{127e-6, 17.5e-6, 127e-6, 127e-6};
  auto make = [&](const Dielectric &diel, double len) {
    return std::make_unique<Stripline>(g, diel, Metal{}, len, 50.0);
  };
  double len = 0.5;
  for (int i = 0; i < 4; ++i)
    len *= 30.0 / il_db(*make(d, len), k25C);
  const auto flat = make(d, len);
  const double il25 = il_db(*flat, k25C);
  REQUIRE(il25 == Approx(30.0).margin(0.05));
  const double d_flat = il_db(*flat, k75C) - il25;
  // A drifting Df (+0.5 %/°C relative; what-if, not a catalog value) only adds loss.
  Dielectric drift = d;
  drift.df_tc_per_k = 0.005;
  const auto hot = make(drift, len);
  const double d_drift = il_db(*hot, k75C) - il_db(*hot, k25C);
  INFO("stripline " << len << " m: +" << d_flat << " dB (Df fixed), +" << d_drift
                    << " dB (Df +0.5 %/degC)");
  const double skin = skin_growth(k25C, k75C);
  CHECK(d_flat > 0.0);
  CHECK(d_flat < 30.0 * skin); // dielectric share does not grow without drift
  CHECK(d_drift > d_flat);
  // Df +25 % at +50 K raises the dielectric share (≤ 30 dB) by at most 25 %.
  CHECK(d_drift - d_flat < 0.25 * 30.0 + 0.01);
}

TEST_CASE("a spec's df_tc drifts the dielectric share of the loss linearly", "[temperature]") {
  // α_d = (ω/2)·√(LC)·Df-weighted: first order in Df (Pozar §2.7, α_d ≈ G·Zc/2 with G ∝ Df),
  // so a relative drift tc over ΔT raises the dielectric share by tc·ΔT and leaves the conductor
  // share unchanged. Megtron-7 5 mil stripline at 30 dB (25 °C), catalog data, spec-level df_tc.
  const std::string geom = "stripline:material=megtron7,width=5mil,height=5mil,";
  const auto flat = thirty_db(geom, 0.5);
  const auto *fl = dynamic_cast<const Stripline *>(flat.get());
  REQUIRE(fl != nullptr);
  const double len = fl->length_m();
  const auto cats = ChannelCatalogs::builtin();
  const auto drift = make_copper_medium(
      parse_spec(geom + "df_tc=0.4%/degC,length=" + std::to_string(len) + "m"), cats);
  // Dielectric share of the flat line's loss at 75 °C: α_d = G·|Zc|/2 (Np/m).
  Conditions hot;
  hot.temperature_k = k75C;
  const std::vector<double> g = {kNyquist100g};
  const auto lc = fl->constants(g, hot);
  const double zc = std::abs(std::sqrt(lc.z_per_m[0] / lc.y_per_m[0]));
  const double il_d = lc.y_per_m[0].real() * zc / 2 * len * 20 / std::log(10.0);
  const double extra = il_db(*drift, k75C) - il_db(*flat, k75C);
  const double il25 = il_db(*flat, k25C), d_flat = il_db(*flat, k75C) - il25;
  INFO("Megtron-7 stripline " << len << " m, 30 dB at 25 degC: dielectric share " << il_d
                              << " dB at 75 degC; +50 degC adds " << d_flat << " dB ("
                              << 100 * d_flat / il25 / 50 << " %/degC) without Df drift, "
                              << d_flat + extra << " dB with df_tc = 0.4 %/degC");
  // Closed form: extra = il_d·0.004·50 = 20 % of the dielectric share; 3 % tolerance for the
  // second-order terms (the Djordjevic–Sarkar refit of ε' with Df, reflections).
  CHECK(extra == Approx(il_d * 0.004 * 50).epsilon(0.03));
  // Unchanged at the reference temperature.
  CHECK(il_db(*drift, k25C) == Approx(il25).margin(1e-9));
}

TEST_CASE("the issue's +3-6 dB band needs a Df drift: the smallest one, per medium",
          "[temperature]") {
  // Without a dielectric drift only the conductor share grows (skin loss ∝ √ρ): at most
  // 30 dB · 9.2 % = 2.76 dB for +50 °C, under the band's 3 dB floor. The drift that reaches 3 dB
  // follows from the linear law of the test above, tc = (3 dB − ΔIL_flat) / (IL_d(75 °C) · 50 K),
  // and is checked by evaluating the model with it. No catalog material carries a sourced df_tc
  // (channels/catalog/laminates.toml), so this is the requirement on the data, not a prediction.
  const auto cats = ChannelCatalogs::builtin();
  const double skin = skin_growth(k25C, k75C);
  for (const std::string &geom :
       {std::string("stripline:material=megtron7,width=5mil,height=5mil,"),
        std::string("twinax:awg=26,")}) {
    const auto flat = thirty_db(geom, geom[0] == 's' ? 0.5 : 6.0);
    const auto *line = dynamic_cast<const LineMedium *>(flat.get());
    REQUIRE(line != nullptr);
    const double len = line->length_m();
    const double il25 = il_db(*flat, k25C), d_flat = il_db(*flat, k75C) - il25;
    Conditions hot;
    hot.temperature_k = k75C;
    const std::vector<double> g = {kNyquist100g};
    const auto lc = line->constants(g, hot);
    const double zc = std::abs(std::sqrt(lc.z_per_m[0] / lc.y_per_m[0]));
    const double il_d = lc.y_per_m[0].real() * zc / 2 * len * 20 / std::log(10.0);
    const double tc_needed = (3.0 - d_flat) / (il_d * 50.0);
    std::ostringstream tc;
    tc << tc_needed * 100 << "%/degC";
    const auto drift = make_copper_medium(
        parse_spec(geom + "df_tc=" + tc.str() + ",length=" + std::to_string(len) + "m"), cats);
    const double d_drift = il_db(*drift, k75C) - il_db(*drift, k25C);
    INFO(geom << " " << len << " m: +50 degC adds " << d_flat << " dB without Df drift ("
              << 100 * d_flat / il25 / 50 << " %/degC); dielectric share " << il_d
              << " dB; Df drift needed for +3 dB: " << tc_needed * 100 << " %/degC -> +" << d_drift
              << " dB");
    CHECK(d_flat < 30.0 * skin + 0.01); // conductor alone stays under the band
    CHECK(d_flat < 3.0);
    CHECK(tc_needed > 0.0);
    // The linear law holds to 3 % of the added loss (second-order terms, as above).
    CHECK(d_drift == Approx(3.0).margin(0.03 * (3.0 - d_flat)));
  }
}

TEST_CASE("shielded twinax below 1 GHz: IL temperature coefficient near the TIA-568-C.2 "
          "screened-cable derating",
          "[temperature]") {
  // External reference: ANSI/TIA-568-C.2 §6.4.7 (quoted verbatim on the IEEE 802.3 4PPOE
  // reflector, grouper.ieee.org/groups/802/3/4PPOE/email/msg00302.html): the insertion loss of
  // category 5e/6/6A *screened* horizontal cable is adjusted by +0.2 %/°C from 20 to 60 °C (UTP:
  // +0.4 %/°C to 40 °C, +0.6 %/°C to 60 °C — not applicable to a shielded pair). It is one design
  // coefficient for every screened cable over 1–500 MHz, where conductor loss dominates; a
  // screened twisted pair is the nearest standardised analog of a shielded twinax pair. The
  // physics it summarises spreads around it: the skin-effect law (loss ∝ √ρ) gives
  // ½·0.393 %/°C ≈ 0.19 %/°C, rising toward the DC value 0.393 %/°C where the skin depth nears a
  // conductor thickness (the thin foil shield) and falling with the non-drifting dielectric share.
  // Tolerance ±25 % of 0.2 %/°C covers that spread and still fails a linear-in-ρ law (0.39 %/°C)
  // or no temperature dependence (0). Evaluated on the catalog 26 AWG twinax, 20 → 60 °C.
  const auto cats = ChannelCatalogs::builtin();
  const auto m = make_copper_medium(parse_spec("twinax:awg=26,length=10m"), cats);
  for (const double f_hz : {100e6, 250e6, 500e6}) {
    const std::vector<double> g = {f_hz};
    auto il = [&](double t_k) {
      Conditions c;
      c.temperature_k = t_k;
      return -20 * std::log10(std::abs(m->network(g, c).at(0, 1, 0)));
    };
    const double il20 = il(293.15), il60 = il(333.15);
    const double tc_pct_per_k = 100 * (il60 / il20 - 1) / 40;
    INFO("26 AWG twinax at " << f_hz / 1e6 << " MHz: IL " << il20 << " dB at 20 degC, " << il60
                             << " dB at 60 degC -> " << tc_pct_per_k << " %/degC");
    CHECK(tc_pct_per_k == Approx(0.2).epsilon(0.25));
  }
}
