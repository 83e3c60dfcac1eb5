// Power and heat of one link of a technology (DESIGN.md §3 "Power and heat"): the technology's
// module build (its `module` key, naming an entry of transceivers/catalog/modules.toml) evaluated
// at the link's lane rate, lane count and length through transceivers/module_power.hpp, plus the
// host SerDes that drive it. Technologies without a module (pcb, backplane) draw host SerDes only.
#pragma once

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/lane_rate.hpp>
#include <linkphy/phy/power.hpp>
#include <linkphy/transceivers/module_power.hpp>

#include <optional>
#include <string>
#include <vector>

namespace linkphy::sweeps {

struct TechnologyPower {
  std::string tech;             ///< technology name
  std::string module;           ///< module build used ("" when host SerDes only)
  int lanes = 1;                ///< lanes of the link, one direction (≥ 1)
  int modules = 0;              ///< modules, cable ends or optical engines for the link, both ends
  int cables = 0;               ///< cables (copper or fibre) for the link
  double power_w = 0;           ///< whole link, both ends, including host SerDes, W
  double heat_w = 0;            ///< heat dissipated (power − optical power leaving), W
  double host_serdes_w = 0;     ///< share of power_w drawn by host SerDes, W
  double energy_pj_per_bit = 0; ///< power_w over the payload of one direction, pJ/bit
  PowerLedger ledger;           ///< every part, per end
  std::vector<std::string> warnings; ///< power class exceeded, case temperature, …
  // Per-unit figures, so that a roll-up over many links (plan.hpp) needs one evaluation per
  // (technology, lane rate) and then only arithmetic.
  int module_lanes = 0;      ///< lanes one module (or cable end) carries per end (0: none)
  double module_power_w = 0; ///< one module / cable end / engine, W
  double module_heat_w = 0;  ///< its heat, plus its share of the medium's absorbed power, W
  /// The part of module_heat_w that is signal the host launched and the cable absorbed (drawn by
  /// the host SerDes, so not also host heat), W ≥ 0; 0 for modules without a passive medium.
  double module_cable_heat_w = 0;
  double host_serdes_lane_w = 0; ///< host SerDes of one lane at one end (TX + RX), W
  double host_loss_db = 0;       ///< channel loss the host SerDes equalises, dB
  // The host SerDes power law at this operating point (affine in the loss it equalises, up to
  // its maximum): host_serdes_lane_w = at_0db + per_db · min(loss, max_loss).
  double host_lane_w_at_0db = 0;        ///< W
  double host_lane_w_per_db = 0;        ///< W/dB
  double host_max_loss_db = 0;          ///< dB
  bool host_loss_tracks_length = false; ///< loss = the hop's IL at the length (DAC, PCB, backplane)
  double channel_il_db = 0;             ///< that IL at Nyquist before the clamp, dB
  double lane_payload_bps = 0;          ///< user data of one lane, one direction, b/s
  bool cable_per_module_pair = false;   ///< a cable (copper or fibre) joins each module pair
};

/// A module build re-run at another lane rate (the same architecture: lanes × rate keeps the
/// payload, e.g. an 800G build of 8 × 106.25 Gb/s becomes 4 × 212.5 Gb/s at 200G). Every part
/// whose rate range does not hold `lane` is replaced by the power.toml part of the same family
/// (its name without rate/node tokens, e.g. serdes_vsr_112g → serdes_vsr_224g, dsp_pam4_5nm_100g →
/// dsp_pam4_3nm_200g) that does. InputError naming the module, the part and its range when no
/// part of the family runs the rate, or when the lane count leaves 1–64.
transceivers::ModuleBuild module_at_rate(const transceivers::ModuleBuild &build,
                                         const LaneRate &lane);

/// An error in the inputs that technology_power found evaluating hop 1's own channel (a `sets`
/// value its stages refuse, e.g. awg=99, when the caller replaced those stages and so had not
/// built them): the inputs are wrong, where other InputErrors of technology_power may mean a
/// part without a power model at the rate, which a link evaluation reports as a warning.
class ChannelInputError : public InputError {
public:
  using InputError::InputError;
};

/// Power of one link of technology `tech` (technology.hpp; `sets` as there) carrying `lanes`
/// (1–1024) lanes of `lane` at `length_m` (m, ≥ 0, finite) with inlet air at `ambient_k` (K,
/// 200–400).
/// Throws InputError for an unknown technology, a lane rate its parts cannot run (naming the
/// part and its range), or out-of-range arguments.
/// `hop1_il_db`: the insertion loss at Nyquist of hop 1's channel when the caller has it (a link
/// evaluation), else it is evaluated here (analytic link at the length, its stages at
/// `channel_temperature_k`, K: LinkRequest::temperature_k, 25 °C by default; 200–450 K, as
/// evaluate_link checks), with the user channel catalogs `catalogs` "KIND=FILE" as
/// LinkRequest::catalogs. `hop1_il_db` (dB at Nyquist, ≥ 0 physically; not checked). An error of
/// that evaluation is thrown as ChannelInputError.
TechnologyPower technology_power(const std::string &tech, const LaneRate &lane, int lanes,
                                 double length_m, const std::vector<std::string> &sets = {},
                                 double ambient_k = 308.15,
                                 std::optional<double> hop1_il_db = std::nullopt,
                                 double channel_temperature_k = 298.15,
                                 const std::vector<std::string> &catalogs = {});

/// The lanes one module (or cable end) of `tech` carries per end at `lane` (technology_power's
/// module_lanes; 0 for technologies without a module), from the same cached setup; the same
/// errors as technology_power. `ambient_k` (K, 200–400).
int technology_module_lanes(const std::string &tech, const LaneRate &lane,
                            const std::vector<std::string> &sets = {}, double ambient_k = 308.15);

} // namespace linkphy::sweeps
