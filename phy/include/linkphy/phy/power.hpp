// The power ledger of a link (DESIGN.md §2: power is the sum over every active stage of every hop,
// both ends; §3 "Power and heat"). Generic: it knows no component. Active stages draw electrical
// power (all of which ends up as heat, minus the optical power they launch); passive stages draw
// nothing but dissipate the signal power they absorb, reported as heat.
#pragma once

#include <string>
#include <vector>

namespace linkphy {

/// Which end of a link an entry belongs to. `medium` is the passive path between the ends (cable,
/// fibre): its heat is reported but belongs to neither end.
enum class LinkEnd { a, b, medium };

/// Name of an end: "a", "b", "medium".
const char *link_end_name(LinkEnd end);

/// One line of the ledger.
struct PowerEntry {
  std::string name; ///< e.g. "dsp lane 3", "tia", "cable"
  std::string kind; ///< e.g. "serdes", "dsp", "laser", "passive"
  LinkEnd end = LinkEnd::a;
  double power_w = 0; ///< electrical power drawn from the supply, W (≥ 0, finite)
  double heat_w = 0;  ///< heat dissipated at this stage, W (≥ 0, finite)
};

class PowerLedger {
public:
  /// Adds an entry. Throws InputError (naming the entry) on a negative or non-finite power/heat.
  void add(PowerEntry entry);
  /// An active draw whose electrical power all becomes heat locally; `power_w` W (≥ 0, finite;
  /// InputError otherwise).
  void add_draw(const std::string &name, const std::string &kind, LinkEnd end, double power_w);
  /// A passive stage: draws nothing, dissipates `absorbed_w` (signal power it absorbs), W (≥ 0,
  /// finite; InputError otherwise).
  void add_passive(const std::string &name, LinkEnd end, double absorbed_w);
  /// Appends every entry of `other`, each scaled by `count` (≥ 0, finite; InputError otherwise),
  /// e.g. 8 identical lanes.
  void append(const PowerLedger &other, double count = 1.0);

  const std::vector<PowerEntry> &entries() const { return entries_; }
  /// Electrical power drawn at one end, W.
  double power_w(LinkEnd end) const;
  /// Heat dissipated at one end (or in the medium), W.
  double heat_w(LinkEnd end) const;
  /// Whole link, both ends (and the medium's heat for heat_w), W.
  double total_power_w() const;
  double total_heat_w() const;
  /// Sum of power of the entries of a kind, W.
  double power_of_kind(const std::string &kind) const;

private:
  std::vector<PowerEntry> entries_;
};

/// Energy per payload bit, pJ/bit = power_w / payload_bps · 1e12. `payload_bps` > 0 (the user data
/// rate, FEC overhead excluded) b/s; `power_w` W (≥ 0, finite); else InputError.
double energy_pj_per_bit(double power_w, double payload_bps);

} // namespace linkphy
