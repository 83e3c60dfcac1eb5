// Power models of the active parts of a link (DESIGN.md §3 "Power and heat"): host SerDes by
// reach × rate class, DSP retimer, linear redriver, AEC retimer, laser/modulator driver, TIA, CDR,
// die-to-die PHY, the laser's electrical power from the optical power it must launch (through the
// optics models of laser.hpp), TEC (COP model) and module overhead (MCU + DC/DC). Numbers live in
// transceivers/catalog/power.toml, each entry with its `source`.
#pragma once

#include <linkphy/phy/params.hpp>
#include <linkphy/transceivers/laser.hpp>

#include <string>
#include <string_view>

namespace linkphy::transceivers {

/// Reference temperature of every power-law coefficient, K (25 °C).
inline constexpr double kPowerReferenceK = 298.15;

/// Where a part is evaluated.
struct OperatingPoint {
  double lane_rate_bps = 106.25e9; ///< line rate per lane, b/s (within the part's rate range)
  double loss_db = 0;              ///< channel loss at Nyquist the part equalises, dB (0–max)
  double swing_v = 0;              ///< driver output swing, V peak-to-peak differential (0–10)
  double temperature_k = kPowerReferenceK; ///< junction/case temperature, K (200–450)
};

/// The power law of one electronic part per lane (catalog power.toml, kinds serdes, dsp,
/// redriver, retimer, driver, tia, cdr, d2d, eeprom):
///   P = [fixed_w + (pj_per_bit + pj_per_bit_per_db·loss_db)·1e-12·rate + supply_v·swing/load]
///       · (1 + temp_coeff_per_k·(T − 298.15 K))
/// i.e. a fixed bias, CMOS/SiGe energy per bit plus equalisation effort growing with the loss it
/// equalises (more taps, higher CTLE peaking, longer ADC/DSP), a tail-current term for a driver
/// whose tail current sets the swing across its load (I_T·R_L = swing; Razavi, Design of
/// Integrated Circuits for Optical Communications, 2nd ed., ch. 9), and leakage growth with
/// temperature.
struct PartPowerSpec {
  std::string name;
  std::string source;
  std::string kind;             ///< serdes, dsp, redriver, retimer, driver, tia, cdr, d2d, eeprom
  double fixed_w = 0;           ///< per lane, W (0–10)
  double pj_per_bit = 0;        ///< energy per bit at 0 dB loss, pJ/bit (0–100)
  double pj_per_bit_per_db = 0; ///< extra energy per dB equalised, pJ/bit/dB (0–5)
  double max_loss_db = 0;       ///< largest loss it equalises, dB (0–80; 0 = not an equaliser)
  double min_rate_bps = 1e9;    ///< lane-rate range the numbers hold for, b/s (> 0)
  double max_rate_bps = 500e9;  ///< its upper end, b/s (≥ min_rate_bps)
  double supply_v = 0;          ///< driver output-stage supply, V (0–10)
  double load_ohm = 0;          ///< driver load (differential), ohm (0–10 k; 0 = no swing term)
  double temp_coeff_per_k = 0;  ///< relative power growth per kelvin, 1/K (0–0.05)
  /// SerDes: share of the TX+RX power in the TX (0–1). Default 0.35: in ADC-DSP SerDes the RX
  /// (ADC, DSP equaliser, CDR) takes roughly 60–70 % (engineering estimate of the class).
  double tx_share = 0.35;
};

PartPowerSpec part_power_from_params(const std::string &name, const ParamSet &entry);
/// A part from the built-in power.toml ("unknown power part 'x' (known: ...)").
PartPowerSpec find_part_power(const std::string &name);
/// Power per lane at `op`, W. InputError when the rate is outside the part's range, the loss is
/// negative or above max_loss_db (for an equaliser), the swing is negative or the temperature is
/// outside 200–450 K.
double part_power_w(const PartPowerSpec &part, const OperatingPoint &op);

/// TX and RX halves of a SerDes lane's power (tx_share and 1 − tx_share of part_power_w), W.
double serdes_tx_power_w(const PartPowerSpec &serdes, const OperatingPoint &op);
double serdes_rx_power_w(const PartPowerSpec &serdes, const OperatingPoint &op);

/// Host SerDes classes: reach "xsr", "vsr", "mr", "lr"; rate class 28, 56, 112 or 224 (Gb/s
/// class; the 28G class has no xsr entry). The power.toml entry "serdes_<reach>_<rate>g". Energy
/// is per lane per end for TX + RX.
PartPowerSpec find_serdes_power(std::string_view reach, int rate_class_gbps);

/// Thermoelectric cooler: electrical power to pump `heat_load_w` from a part held at
/// `set_point_k` to a case at `case_k`: P = Q/COP, COP = cop_max·(1 − ΔT/ΔT_max), ΔT = case −
/// set point (the linearised COP(ΔT) of a Peltier module at its optimum current; Rowe (ed.), CRC
/// Handbook of Thermoelectrics, ch. on thermoelectric refrigeration). ΔT ≤ 0: the part self-heats
/// to its set point through a trim heater, P = 0 here. InputError when ΔT ≥ ΔT_max (the TEC cannot
/// hold the set point).
struct TecSpec {
  std::string name;
  std::string source;
  double cop_max = 2;          ///< COP at ΔT = 0 (0.1–10)
  double delta_t_max_k = 70;   ///< ΔT at which COP → 0, K (1–150)
  double set_point_k = 323.15; ///< laser set point, K (200–450)
};
TecSpec find_tec(const std::string &name);
/// `heat_load_w` (W, ≥ 0, finite), `case_k` (K, 200–450); InputError otherwise.
double tec_power_w(double heat_load_w, double case_k, const TecSpec &tec);

/// Laser electrical power for a required launch. Direct kinds (VCSEL, DML): the optics model's
/// Transmitter at `laser_temperature_k` with its mean power set to `launch_avg_w` (bias = I_th(T)
/// + P/η from the T0 law, × V_f). Modulator kinds (EML, CW+MZM/ring): CW power = launch ×
/// modulator loss × extra path loss, over the wall-plug efficiency derated as
/// WPE(T) = WPE·exp(−(T − T_ref)/t1_k) (slope-efficiency characteristic temperature T1, the
/// companion of the T0 law; e.g. Coldren & Corzine, Diode Lasers and Photonic ICs, 2nd ed., ch. 2).
struct LaserPower {
  double electrical_w = 0; ///< laser electrical input, W
  double optical_w = 0;    ///< optical power the laser emits (CW or mean), W
  double heater_w = 0;     ///< ring heater (from the optics model), W
};
/// `launch_avg_w` (W, > 0, finite) mean launched power per lane; `extra_loss_db` (dB, 0 to < 60:
/// coupling, splitting between the CW laser and the modulator); `laser_temperature_k` (K,
/// 200–450); `t1_k` (K, > 0; modulator kinds only). InputError otherwise.
LaserPower laser_power(const LaserSpec &laser, double launch_avg_w, double extra_loss_db,
                       double laser_temperature_k, double t1_k);

/// Slope-efficiency characteristic temperature T1 (K) of the catalog entry "laser_slope_t1".
double laser_slope_t1_k();

/// Module overhead: a fixed microcontroller/housekeeping draw and the DC/DC converter efficiency η
/// applied to everything: P_in = (P_load + mcu_w)/η.
struct OverheadSpec {
  std::string name;
  std::string source;
  double mcu_w = 0.25;           ///< W (0–5)
  double dcdc_efficiency = 0.88; ///< 0.5–1
};
OverheadSpec find_overhead(const std::string &name);
/// Supply power for a load, W (load ≥ 0).
double supply_power_w(double load_w, const OverheadSpec &overhead);

/// External laser source (CPO): CW lasers on the front panel feeding optical engines through
/// fibre. Per-lane share = CW power needed at the modulator × path loss / WPE of the engine's laser
/// entry (lasers.toml), plus its TEC and a fixed control share per lane.
struct ElsSpec {
  std::string name;
  std::string source;
  double path_loss_db = 6; ///< ELS → modulator input (fibre, couplers, splitting), dB (0–30)
  double control_w_per_lane = 0.02; ///< ELS driver/control share per lane, W (0–5)
  double case_rise_k = 15;          ///< ELS case above ambient, K (0–60)
  std::string tec;                  ///< TEC entry holding the lasers at their set point
};
ElsSpec find_els(const std::string &name);

} // namespace linkphy::transceivers
