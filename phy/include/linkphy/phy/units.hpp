// Typed quantities at the public API (Boost.Units, SI) and strong logarithmic types of our own.
// DESIGN.md §4: unwrap once with .value() at the boundary; hot loops run on plain doubles.
#pragma once

#include <boost/units/absolute.hpp>
#include <boost/units/quantity.hpp>
#include <boost/units/systems/si.hpp>
#include <boost/units/systems/si/prefixes.hpp>
#include <boost/units/systems/temperature/celsius.hpp>

#include <cmath>
#include <compare>

namespace linkphy {

namespace si = boost::units::si;

using Length = boost::units::quantity<si::length>;              ///< metres
using Frequency = boost::units::quantity<si::frequency>;        ///< hertz
using Time = boost::units::quantity<si::time>;                  ///< seconds
using Power = boost::units::quantity<si::power>;                ///< watts
using Energy = boost::units::quantity<si::energy>;              ///< joules
using Resistance = boost::units::quantity<si::resistance>;      ///< ohms
using Conductivity = boost::units::quantity<si::conductivity>;  ///< siemens per metre
using Capacitance = boost::units::quantity<si::capacitance>;    ///< farads
using Inductance = boost::units::quantity<si::inductance>;      ///< henries
using Voltage = boost::units::quantity<si::electric_potential>; ///< volts
using Current = boost::units::quantity<si::current>;            ///< amperes
/// An absolute (thermodynamic) temperature in kelvin; 25 °C is 298.15 K.
using Temperature = boost::units::quantity<boost::units::absolute<si::temperature>>;
/// A temperature difference in kelvin (= °C difference).
using TemperatureDelta = boost::units::quantity<si::temperature>;

inline Length metres(double v) { return v * si::meter; }
inline Frequency hertz(double v) { return v * si::hertz; }
inline Time seconds(double v) { return v * si::second; }
inline Power watts(double v) { return v * si::watt; }
inline Resistance ohms(double v) { return v * si::ohm; }
/// `v` in K; not checked (≥ 0 K meaningful; parse_temperature refuses below 0 K).
inline Temperature kelvin(double v) { return v * boost::units::absolute<si::temperature>(); }
/// `v` in °C; not checked (≥ −273.15 °C meaningful).
inline Temperature celsius(double v) { return kelvin(v + 273.15); }
/// Degrees Celsius of an absolute temperature.
inline double to_celsius(Temperature t) { return t.value() - 273.15; }

/// A gain or loss in dB: a *difference* of levels. Loss is a positive Db where a function says
/// "loss"; gains and losses add.
class Db {
public:
  constexpr Db() = default;
  constexpr explicit Db(double db) : db_(db) {}
  constexpr double value() const { return db_; }
  /// Power ratio 10^(dB/10).
  double power_ratio() const { return std::pow(10.0, db_ / 10.0); }
  /// Amplitude ratio 10^(dB/20).
  double amplitude_ratio() const { return std::pow(10.0, db_ / 20.0); }
  /// `r` > 0 (a ratio, dimensionless); not checked: 0 gives −inf dB, r < 0 NaN.
  static Db from_power_ratio(double r) { return Db(10.0 * std::log10(r)); }
  /// `r` > 0, as from_power_ratio; not checked.
  static Db from_amplitude_ratio(double r) { return Db(20.0 * std::log10(r)); }
  constexpr Db operator-() const { return Db(-db_); }
  constexpr Db &operator+=(Db o) {
    db_ += o.db_;
    return *this;
  }
  constexpr Db &operator-=(Db o) {
    db_ -= o.db_;
    return *this;
  }
  friend constexpr Db operator+(Db a, Db b) { return Db(a.db_ + b.db_); }
  friend constexpr Db operator-(Db a, Db b) { return Db(a.db_ - b.db_); }
  friend constexpr Db operator*(double k, Db a) { return Db(k * a.db_); }
  friend constexpr Db operator*(Db a, double k) { return Db(k * a.db_); }
  friend constexpr auto operator<=>(Db, Db) = default;

private:
  double db_ = 0.0;
};

/// An absolute power level in dBm: a *point*. Level ± Db is a level; level − level is a Db;
/// level + level does not compile.
class Dbm {
public:
  constexpr Dbm() = default;
  constexpr explicit Dbm(double dbm) : dbm_(dbm) {}
  constexpr double value() const { return dbm_; }
  /// The level as a power in watts.
  Power power() const { return watts(1e-3 * std::pow(10.0, dbm_ / 10.0)); }
  /// `p` > 0 W; not checked: 0 W gives −inf dBm, a negative power NaN.
  static Dbm from_power(Power p) { return Dbm(10.0 * std::log10(p.value() / 1e-3)); }
  constexpr Dbm &operator+=(Db d) {
    dbm_ += d.value();
    return *this;
  }
  constexpr Dbm &operator-=(Db d) {
    dbm_ -= d.value();
    return *this;
  }
  friend constexpr Dbm operator+(Dbm a, Db d) { return Dbm(a.dbm_ + d.value()); }
  friend constexpr Dbm operator+(Db d, Dbm a) { return Dbm(a.dbm_ + d.value()); }
  friend constexpr Dbm operator-(Dbm a, Db d) { return Dbm(a.dbm_ - d.value()); }
  friend constexpr Db operator-(Dbm a, Dbm b) { return Db(a.dbm_ - b.dbm_); }
  friend constexpr auto operator<=>(Dbm, Dbm) = default;

private:
  double dbm_ = 0.0;
};

} // namespace linkphy
