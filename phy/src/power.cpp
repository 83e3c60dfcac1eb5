// Power ledger (see power.hpp).
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/power.hpp>

#include <cmath>

namespace linkphy {

const char *link_end_name(LinkEnd end) {
  switch (end) {
  case LinkEnd::a:
    return "a";
  case LinkEnd::b:
    return "b";
  case LinkEnd::medium:
    return "medium";
  }
  return "?";
}

void PowerLedger::add(PowerEntry e) {
  if (!(std::isfinite(e.power_w) && e.power_w >= 0))
    throw InputError("power entry '" + e.name + "'", "power must be a finite value >= 0 W");
  if (!(std::isfinite(e.heat_w) && e.heat_w >= 0))
    throw InputError("power entry '" + e.name + "'", "heat must be a finite value >= 0 W");
  entries_.push_back(std::move(e));
}

void PowerLedger::add_draw(const std::string &name, const std::string &kind, LinkEnd end,
                           double power_w) {
  add({name, kind, end, power_w, power_w});
}

void PowerLedger::add_passive(const std::string &name, LinkEnd end, double absorbed_w) {
  add({name, "passive", end, 0.0, absorbed_w});
}

void PowerLedger::append(const PowerLedger &other, double count) {
  if (!(std::isfinite(count) && count >= 0))
    throw InputError("power ledger", "count must be a finite value >= 0");
  for (PowerEntry e : other.entries_) {
    e.power_w *= count;
    e.heat_w *= count;
    entries_.push_back(std::move(e));
  }
}

double PowerLedger::power_w(LinkEnd end) const {
  double s = 0;
  for (const auto &e : entries_)
    if (e.end == end)
      s += e.power_w;
  return s;
}

double PowerLedger::heat_w(LinkEnd end) const {
  double s = 0;
  for (const auto &e : entries_)
    if (e.end == end)
      s += e.heat_w;
  return s;
}

double PowerLedger::total_power_w() const {
  double s = 0;
  for (const auto &e : entries_)
    s += e.power_w;
  return s;
}

double PowerLedger::total_heat_w() const {
  double s = 0;
  for (const auto &e : entries_)
    s += e.heat_w;
  return s;
}

double PowerLedger::power_of_kind(const std::string &kind) const {
  double s = 0;
  for (const auto &e : entries_)
    if (e.kind == kind)
      s += e.power_w;
  return s;
}

double energy_pj_per_bit(double power_w, double payload_bps) {
  if (!(std::isfinite(payload_bps) && payload_bps > 0))
    throw InputError("energy per bit", "payload rate must be > 0 b/s");
  if (!(std::isfinite(power_w) && power_w >= 0))
    throw InputError("energy per bit", "power must be a finite value >= 0 W");
  return power_w / payload_bps * 1e12; // J/bit → pJ/bit
}

} // namespace linkphy
