// Lane-rate classes and explicit lane rates (IEEE 802.3by/bj, 802.3cd, 802.3ck, 802.3dj; 400G
// assumed, see lane_rate.hpp).
#include "text_internal.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/join_list.hpp>
#include <linkphy/phy/lane_rate.hpp>
#include <linkphy/phy/quantity.hpp>

#include <array>
#include <cctype>
#include <cmath>

namespace linkphy {
namespace {

struct ClassDef {
  const char *name;
  double line_rate_bps;
  int levels;
  bool kp4;
  bool standardised;
  const char *source;
};

const std::array<ClassDef, 5> kClasses = {{
    {"25G", 25.78125e9, 2, false, true, "IEEE 802.3by/802.3bj (25GBASE-CR/KR, RS(528,514))"},
    {"50G", 53.125e9, 4, true, true, "IEEE 802.3cd (50GBASE-CR/KR, RS(544,514))"},
    {"100G", 106.25e9, 4, true, true, "IEEE 802.3ck (100GBASE-CR1/KR1, RS(544,514))"},
    {"200G", 212.5e9, 4, true, true, "IEEE 802.3dj (200GBASE-CR1/KR1, RS(544,514))"},
    {"400G", 425e9, 4, true, false,
     "not standardised: assumed 2x 200G (PAM4 at 212.5 GBd, RS(544,514))"},
}};

std::string accepted_text() {
  return "accepted: " + join_list(kClasses, &ClassDef::name) +
         ", or a rate with its unit and modulation such as '106.25 Gb/s PAM4' or "
         "'53.125 GBd PAM4'";
}

std::string place(std::string_view where) {
  return where.empty() ? std::string("lane rate") : std::string(where);
}

const ClassDef *find_class(std::string_view name) {
  const std::string s = text_detail::upper_no_space(name);
  for (const auto &c : kClasses)
    if (s == c.name)
      return &c;
  return nullptr;
}

// "800G", "12.5g": looks like a class name rather than a quantity.
bool looks_like_class(std::string_view name) {
  const std::string s = text_detail::upper_no_space(name);
  if (s.size() < 2 || s.back() != 'G')
    return false;
  for (std::size_t i = 0; i + 1 < s.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(s[i])) && s[i] != '.')
      return false;
  return true;
}

FecCode default_fec(Modulation mod) { return mod.levels == 2 ? fec_kr4() : fec_kp4(); }

} // namespace

std::vector<std::string> lane_rate_class_names() {
  std::vector<std::string> v;
  for (const auto &c : kClasses)
    v.emplace_back(c.name);
  return v;
}

LaneRate lane_rate_class(std::string_view name, std::string_view where) {
  const ClassDef *c = find_class(name);
  if (c == nullptr)
    throw InputError(place(where), "unknown lane-rate class '" + std::string(name) + "' (" +
                                       accepted_text() + ")");
  LaneRate r;
  r.name = c->name;
  r.line_rate_bps = c->line_rate_bps;
  r.modulation = Modulation{c->levels};
  r.baud_bd = r.line_rate_bps / r.modulation.bits_per_symbol();
  r.fec = c->kp4 ? fec_kp4() : fec_kr4();
  r.standardised = c->standardised;
  r.source = c->source;
  return r;
}

LaneRate parse_lane_rate(std::string_view text, std::optional<Modulation> modulation,
                         std::optional<FecCode> fec, std::string_view where,
                         std::string_view modulation_input) {
  if (modulation)
    check_modulation(*modulation); // an aggregate Modulation{1} would give an infinite baud
  // "106.25 Gb/s PAM4": an explicit rate may carry its modulation as a last word (for plan files
  // and crossover rate lists, which have no modulation key of their own).
  if (const auto sp = text.find_last_of(' ');
      sp != std::string_view::npos && sp + 1 < text.size()) {
    std::optional<Modulation> named;
    try {
      named = parse_modulation(text.substr(sp + 1), where);
    } catch (const InputError &) {
      // not a modulation: the whole text is the rate
    }
    if (named) {
      if (modulation && *modulation != *named)
        throw InputError(place(where), "'" + std::string(text) + "' names " +
                                           std::string(text.substr(sp + 1)) +
                                           " but the modulation given is " + modulation->name());
      LaneRate r = parse_lane_rate(text.substr(0, text.find_last_not_of(' ', sp) + 1), named, fec,
                                   where, modulation_input);
      r.name = std::string(text);
      return r;
    }
  }
  if (find_class(text) != nullptr) {
    LaneRate r = lane_rate_class(text, where);
    if (modulation && *modulation != r.modulation) {
      r.modulation = *modulation;
      r.baud_bd = r.line_rate_bps / r.modulation.bits_per_symbol();
      r.standardised = false;
    }
    if (fec && *fec != r.fec) {
      r.fec = *fec;
      r.standardised = false;
    }
    return r;
  }
  if (looks_like_class(text))
    throw InputError(place(where), "unknown lane-rate class '" + std::string(text) + "' (" +
                                       accepted_text() + ")");
  Quantity q;
  try {
    q = parse_quantity(text, where);
  } catch (const InputError &) {
    throw InputError(place(where),
                     "'" + std::string(text) + "' is not a lane rate (" + accepted_text() + ")");
  }
  if (q.dimension != Dimension::bit_rate && q.dimension != Dimension::symbol_rate)
    throw InputError(place(where), "'" + std::string(text) + "' is " +
                                       dimension_phrase(q.dimension) + ", not a lane rate (" +
                                       accepted_text() + ")");
  if (!(q.value > 0.0))
    throw InputError(place(where), "lane rate '" + std::string(text) +
                                       "' must be positive; accepted: 100 Mb/s to 2 Tb/s per lane");
  // A bit rate is judged before the modulation is asked for (a symbol rate needs it to be judged).
  if (q.dimension == Dimension::bit_rate && !(q.value >= 1e8 && q.value <= 2e12))
    throw InputError(place(where), "lane rate '" + std::string(text) +
                                       "' is out of range; accepted: 100 Mb/s to 2 Tb/s per lane");
  if (!modulation) // the caller's own input for it, if it has one (a library names no option)
    throw InputError(place(where),
                     "explicit lane rate '" + std::string(text) +
                         "' needs a modulation: add it ('" + std::string(text) +
                         " PAM4'; NRZ, PAM4, PAM6, PAM8, …)" +
                         (modulation_input.empty() ? std::string()
                                                   : " or give " + std::string(modulation_input)));
  // Serial lanes from 100 Mb/s to 2 Tb/s per lane (either way round via the modulation).
  const double line_bps =
      q.dimension == Dimension::bit_rate ? q.value : q.value * modulation->bits_per_symbol();
  if (!(line_bps >= 1e8 && line_bps <= 2e12))
    throw InputError(place(where), "lane rate '" + std::string(text) +
                                       "' is out of range; accepted: 100 Mb/s to 2 Tb/s per lane");
  LaneRate r;
  r.name = std::string(text);
  r.modulation = *modulation;
  if (q.dimension == Dimension::bit_rate) {
    r.line_rate_bps = q.value;
    r.baud_bd = q.value / modulation->bits_per_symbol();
  } else {
    r.baud_bd = q.value;
    r.line_rate_bps = q.value * modulation->bits_per_symbol();
  }
  r.fec = fec ? *fec : default_fec(*modulation);
  r.standardised = false;
  r.source = "explicit";
  return r;
}

} // namespace linkphy
