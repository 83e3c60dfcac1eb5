// Spec strings → copper media. Keys and units per DESIGN.md §4 and §6.
#include <linkphy/channels/media.hpp>
#include <linkphy/channels/specs.hpp>
#include <linkphy/channels/touchstone_stage.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/join_list.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#ifndef LINKPHY_CHANNELS_CATALOG_INSTALL_DIR
#define LINKPHY_CHANNELS_CATALOG_INSTALL_DIR ""
#endif

namespace linkphy::channels {

ChannelCatalogs ChannelCatalogs::builtin() {
  const auto dir = find_data_dir("channels", {LINKPHY_CHANNELS_CATALOG_INSTALL_DIR});
  ChannelCatalogs c;
  c.laminates.load(dir / "laminates.toml");
  c.foils.load(dir / "foils.toml");
  c.cables.load(dir / "cables.toml");
  c.packages.load(dir / "packages.toml");
  return c;
}

namespace {
std::vector<std::string> keys_of(const std::string &kind); // the spec keys of a kind, below
} // namespace

void ChannelCatalogs::load_user(const std::string &kind, const std::filesystem::path &file) {
  const Catalog &cat = get(kind);
  // The keys an entry of each catalog may carry (what the media read from it), so a user's
  // misspelt key is named against them, not against a channel spec's keys later.
  std::vector<std::string> accepted;
  if (kind == "laminates")
    accepted = {"dk", "df", "f_ref", "dielectric", "df_tc", "t_ref"};
  else if (kind == "foils")
    accepted = {"model", "roughness", "rms", "ball_radius", "surface_ratio"};
  else
    for (const auto &k : keys_of(kind == "cables" ? "twinax" : "package"))
      if (k != "length" && k != "cable" && k != "stack")
        accepted.push_back(k);
  accepted.insert(accepted.begin(), "source");
  Catalog user;
  user.load(file);
  for (const auto &name : user.names()) {
    const ParamSet e = user.entry(name, "entry");
    for (const auto &[key, value] : e.values())
      if (std::find(accepted.begin(), accepted.end(), key) == accepted.end()) {
        throw InputError(e.where_key(key),
                         "unknown key in a " + kind + " entry; accepted: " + join_list(accepted));
      }
  }
  if (user.names().empty())
    throw InputError(file.string(), "no entries; a " + kind +
                                        " catalog holds tables [NAME], each with source = \"...\"");
  const_cast<Catalog &>(cat).load(file);
  // Each entry is read now as a medium reads it (units, ranges, names), so that a bad value is
  // refused at load even in an entry no spec names. Only errors placed in this file count: a key
  // the entry leaves out may still come from the spec that names it.
  const std::string fname = file.string() + ":";
  for (const auto &name : user.names()) {
    const std::string text =
        kind == "laminates" ? "stripline:material=" + name + ",width=5mil,height=5mil,length=1in"
        : kind == "foils"
            ? "stripline:dk=3.5,df=0.002,width=5mil,height=5mil,length=1in,foil=" + name
        : kind == "cables" ? "twinax:cable=" + name + ",length=1m"
                           : "package:stack=" + name + ",length=1mm";
    try {
      (void)make_copper_medium(parse_spec(text), *this);
    } catch (const InputError &e) {
      if (e.where().rfind(fname, 0) == 0)
        throw;
    }
  }
}

const Catalog &ChannelCatalogs::get(const std::string &kind) const {
  if (kind == "laminates")
    return laminates;
  if (kind == "foils")
    return foils;
  if (kind == "cables")
    return cables;
  if (kind == "packages")
    return packages;
  throw InputError("catalog '" + kind + "'",
                   "unknown catalog; accepted: laminates, foils, cables, packages");
}

double awg_diameter_m(int awg) { return 0.127e-3 * std::pow(92.0, (36.0 - awg) / 39.0); }

namespace {

const std::map<std::string, std::string> &help_table() {
  static const std::map<std::string, std::string> h = {
      {"stripline",
       "stripline: length, width, height (dielectric to each plane) | impedance (height "
       "solved for it; default without height: 50ohm, 100ohm with spacing), thickness "
       "[17.5um], spacing (edge gap → differential), material | dk,df,f_ref, "
       "dielectric [causal|constant], foil | roughness,rms,ball_radius,"
       "surface_ratio, sigma [5.8e7S/m], z0 [50ohm], df_tc (Df drift, e.g. 0.3%/degC) [0], "
       "t_ref [25degC]"},
      {"microstrip", "microstrip: length, width, height (substrate) | impedance (height solved "
                     "for it; default 50ohm, 100ohm with spacing), thickness [35um], spacing "
                     "(edge gap → differential), material | dk,df,f_ref, dielectric, foil | "
                     "roughness,rms,..., sigma, z0"},
      {"coax", "coax: length, d_inner, d_outer, er|dk, tand|df, f_ref [1GHz], dielectric "
               "[constant|causal], sigma, shield_thickness [0.1mm], z0, foil | roughness,rms,... "
               "(inner conductor)"},
      {"twinax", "twinax: length, awg (26..34) | cable (catalog) | wire_d, stranded, pitch, "
                 "shield_d, dk, df, f_ref, zdiff [100ohm], sigma, shield_sigma, z0 [50ohm], df_tc, "
                 "t_ref, foil | roughness,rms,ball_radius,surface_ratio (wires; default smooth)"},
      {"annex93a", "annex93a: length, preset [802.3ck-board] | gamma0,a1,a2,tau, zc [100ohm], "
                   "z0 [50ohm] (differential: reference 2·z0)"},
      {"package", "package: length, stack (catalog: organic_substrate, silicon_interposer, "
                  "organic_rdl), width, thickness, height, dk, df, sigma, z0"},
      {"via", "via: l [0H], c [0F], r [0ohm], z0 [50ohm], diff [false] (lumped C/2-L-C/2)"},
      {"connector", "connector: l, c, r, z0, diff (lumped C/2-L-C/2)"},
      {"touchstone", "touchstone: file (.sNp/.ts), ports (A:B single-ended path, or 1-3:2-4 "
                     "differential pairs → Sdd); measured data: --temperature does not change "
                     "them; below the file's first frequency extended linearly to DC, above its "
                     "last refused"},
  };
  return h;
}

std::vector<std::string> keys_of(const std::string &kind) {
  static const std::map<std::string, std::vector<std::string>> k = {
      {"stripline", {"length",        "width",    "height",    "impedance", "thickness",
                     "spacing",       "material", "dk",        "df",        "f_ref",
                     "dielectric",    "foil",     "roughness", "rms",       "ball_radius",
                     "surface_ratio", "sigma",    "z0",        "df_tc",     "t_ref"}},
      {"microstrip", {"length",        "width",    "height",    "impedance", "thickness",
                      "spacing",       "material", "dk",        "df",        "f_ref",
                      "dielectric",    "foil",     "roughness", "rms",       "ball_radius",
                      "surface_ratio", "sigma",    "z0",        "df_tc",     "t_ref"}},
      {"coax",
       {"length", "d_inner", "d_outer", "er", "dk", "tand", "df", "f_ref", "dielectric", "sigma",
        "shield_thickness", "z0", "df_tc", "t_ref", "foil", "roughness", "rms", "ball_radius",
        "surface_ratio"}},
      {"twinax",
       {"length", "awg",   "cable", "wire_d",    "stranded", "pitch",        "shield_d",
        "dk",     "df",    "f_ref", "zdiff",     "sigma",    "shield_sigma", "z0",
        "df_tc",  "t_ref", "foil",  "roughness", "rms",      "ball_radius",  "surface_ratio"}},
      {"annex93a", {"length", "preset", "gamma0", "a1", "a2", "tau", "zc", "z0"}},
      {"package",
       {"length", "stack", "width", "thickness", "height", "dk", "df", "f_ref", "sigma", "z0",
        "df_tc", "t_ref"}},
      {"via", {"l", "c", "r", "z0", "diff"}},
      {"connector", {"l", "c", "r", "z0", "diff"}},
      {"touchstone", {"file", "ports"}},
  };
  return k.at(kind);
}

// A catalog entry as base, the spec's own keys over it (user overrides win).
ParamSet with_entry(const ParamSet &spec, const std::string &key, const Catalog &cat,
                    const std::string &noun, const std::string &fallback = {}) {
  const auto name = spec.text_or(key);
  if (!name && fallback.empty())
    return spec;
  // The set keeps the spec's place (a key missing from both is the spec's to give); the entry's
  // keys keep their catalog file:line.
  ParamSet merged(spec.where());
  try {
    merged.merge(cat.entry(name ? *name : fallback, noun));
  } catch (const InputError &e) {
    throw InputError(spec.where_key(key), e.detail());
  }
  // Keys of the entry that the medium never reads (e.g. `source`) are not errors: mark them.
  (void)merged.text("source");
  merged.merge(spec);
  (void)merged.text_or(key);
  return merged;
}

double length_of(const ParamSet &p) {
  const double l = p.quantity("length", Dimension::length);
  p.require_range("length", l, 0.0, 100e3, "a length >= 0 m (e.g. 6in, 0.5m)");
  return l;
}

// "10 mm", "1 m", "100 km": a range end as the user would type it.
std::string format_length(double m) {
  char buf[32];
  if (m >= 1e3)
    std::snprintf(buf, sizeof buf, "%g km", m / 1e3);
  else if (m >= 1)
    std::snprintf(buf, sizeof buf, "%g m", m);
  else
    std::snprintf(buf, sizeof buf, "%g mm", m * 1e3);
  return buf;
}

double positive_length(const ParamSet &p, const std::string &key, double fallback, double max_m) {
  const double v = p.has(key) ? p.quantity(key, Dimension::length) : fallback;
  if (p.has(key))
    p.require_range(key, v, 1e-9, max_m,
                    "1 nm to " + format_length(max_m) + " (e.g. 5mil, 0.1mm, 2um)");
  return v;
}

Dielectric dielectric_of(const ParamSet &p, const std::string &name, const std::string &dk_key,
                         const std::string &df_key, bool causal_default) {
  Dielectric d;
  d.name = name;
  d.dk = p.number(dk_key, 1.0, 20.0);
  d.df = p.number(df_key, 0.0, 1.0);
  d.f_ref_hz = p.quantity_or("f_ref", Dimension::frequency, 1e9);
  p.require_range("f_ref", d.f_ref_hz, 1e3 * 1.0001, 1e12 * 0.9999, "1 kHz to 1 THz");
  d.df_tc_per_k = p.quantity_or("df_tc", Dimension::temperature_coefficient, 0.0);
  // Relative Df drift: laminates and cable polymers stay well inside ±5 %/°C below their Tg.
  p.require_range("df_tc", d.df_tc_per_k, -0.05, 0.05, "-5 to 5 %/degC (e.g. 0.3%/degC)");
  d.t_ref_k = p.quantity_or("t_ref", Dimension::temperature, 298.15);
  p.require_range("t_ref", d.t_ref_k, 200.0, 450.0, "200 to 450 K (e.g. 25degC)");
  const std::string model =
      p.text_or("dielectric").value_or(causal_default ? "causal" : "constant");
  if (model == "causal")
    d.causal = true;
  else if (model == "constant")
    d.causal = false;
  else
    throw InputError(p.where_key("dielectric"), "'" + model + "'; accepted: causal, constant");
  return d;
}

Metal metal_of(const ParamSet &p, const ChannelCatalogs &cats) {
  Metal m;
  m.name = "copper";
  m.sigma_20c_s_per_m = p.quantity_or("sigma", Dimension::conductivity, copper_sigma_s_per_m);
  p.require_range("sigma", m.sigma_20c_s_per_m, 1e5, 1e8, "1e5 to 1e8 S/m");
  ParamSet r = with_entry(p, "foil", cats.foils, "foil", "smooth");
  for (const char *k : {"foil", "roughness", "rms", "ball_radius", "surface_ratio"})
    (void)p.text_or(k); // read (and validated) through `r`, the foil entry with spec overrides
  const std::string model = r.text_or("roughness").value_or(r.text_or("model").value_or("smooth"));
  try {
    m.roughness.model = roughness_model_from_name(model);
  } catch (const InputError &e) {
    throw InputError(r.where_key(r.has("roughness") ? "roughness" : "model"), e.detail());
  }
  m.roughness.rms_m = r.quantity_or("rms", Dimension::length, 0.0);
  r.require_range("rms", m.roughness.rms_m, 0.0, 20e-6, "0 to 20 um");
  m.roughness.ball_radius_m = r.quantity_or("ball_radius", Dimension::length, 0.0);
  r.require_range("ball_radius", m.roughness.ball_radius_m, 0.0, 5e-6, "0 to 5 um");
  m.roughness.surface_ratio = r.number_or("surface_ratio", 0.0, 0.0, 50.0);
  if (m.roughness.model == Roughness::Model::huray && !(m.roughness.ball_radius_m > 0))
    throw InputError(r.where_key("ball_radius"),
                     "the Huray model needs ball_radius > 0 (e.g. 0.5um)");
  return m;
}

double z0_of(const ParamSet &p) {
  const double z0 = p.quantity_or("z0", Dimension::resistance, 50.0);
  p.require_range("z0", z0, 1.0, 1e4, "1 to 10000 ohm (port reference, single-ended)");
  return z0;
}

// The impedance a planar spec without `height` is built to (key `impedance`; default 50 ohm
// single-ended, 100 ohm differential); refused together with `height`.
double target_impedance(const ParamSet &p, bool differential) {
  if (p.has("height") && p.has("impedance"))
    throw InputError(p.where_key("impedance"),
                     "give height or impedance, not both (impedance solves the height)");
  const double fallback = differential ? 100.0 : 50.0;
  if (!p.has("impedance"))
    return fallback;
  const double z = p.quantity("impedance", Dimension::resistance);
  p.require_range("impedance", z, 1.0, 1000.0, "1 ohm to 1000 ohm (e.g. 50ohm, 100ohm)");
  return z;
}

// A controlled-impedance build: the height (dielectric to each plane for a stripline, substrate
// for a microstrip) whose closed-form impedance at f_ref (the medium's own: Wheeler/Cohn,
// Hammerstad-Jensen/Garg-Bahl) is `target_ohm`. The impedance rises monotonically with height, so
// a bisection on log(height) over 1 um..10 mm converges (to 1e-10 relative in height).
template <class Make>
double height_for_impedance(const ParamSet &p, double target_ohm, const Make &impedance_at) {
  double lo = 1e-6, hi = 10e-3;
  const double z_lo = impedance_at(lo), z_hi = impedance_at(hi);
  if (!(target_ohm > z_lo && target_ohm < z_hi))
    throw InputError(p.where_key("impedance"),
                     "impedance " + number_text(target_ohm) +
                         " ohm is not reachable with this width and material; accepted: " +
                         number_text(std::ceil(z_lo * 10) / 10) + " to " +
                         number_text(std::floor(z_hi * 10) / 10) + " ohm (or give height instead)");
  while (hi / lo - 1 > 1e-10) {
    const double mid = std::sqrt(lo * hi);
    (impedance_at(mid) < target_ohm ? lo : hi) = mid;
  }
  return std::sqrt(lo * hi);
}

// Stripline and microstrip take the same geometry keys with the same limits; only the geometry
// struct and the line model differ. The height, when not given, is solved for the target
// impedance.
template <class Geometry, class Line>
std::unique_ptr<ElectricalMedium> make_planar_line(const ParamSet &p, const Dielectric &d,
                                                   const Metal &m, double len, double z0) {
  Geometry g;
  g.width_m = positive_length(p, "width", g.width_m, 10e-3);
  g.height_m = positive_length(p, "height", g.height_m, 10e-3);
  g.thickness_m = positive_length(p, "thickness", g.thickness_m, 1e-3);
  if (p.has("spacing"))
    g.spacing_m = positive_length(p, "spacing", 0.0, 10e-3);
  if (!p.has("width"))
    (void)p.text("width");
  const double z_target = target_impedance(p, g.spacing_m > 0);
  if (!p.has("height"))
    g.height_m = height_for_impedance(p, z_target, [&](double h) {
      Geometry gh = g;
      gh.height_m = h;
      return Line(gh, d, m, 1.0, z0).impedance_ohm();
    });
  return std::make_unique<Line>(g, d, m, len, z0);
}

std::unique_ptr<ElectricalMedium> make_planar(const ParamSet &spec, const ChannelCatalogs &cats,
                                              bool strip) {
  const ParamSet p = with_entry(spec, "material", cats.laminates, "laminate");
  const std::string name = spec.text_or("material").value_or("custom");
  const Dielectric d = dielectric_of(p, name, "dk", "df", true);
  const Metal m = metal_of(p, cats);
  const double len = length_of(p);
  const double z0 = z0_of(p);
  std::unique_ptr<ElectricalMedium> out =
      strip ? make_planar_line<StriplineGeometry, Stripline>(p, d, m, len, z0)
            : make_planar_line<MicrostripGeometry, Microstrip>(p, d, m, len, z0);
  p.reject_unused(keys_of(strip ? "stripline" : "microstrip"));
  return out;
}

std::unique_ptr<ElectricalMedium> make_coax(const ParamSet &p, const ChannelCatalogs &cats) {
  CoaxGeometry g;
  g.d_inner_m = positive_length(p, "d_inner", 0.0, 1.0);
  g.d_outer_m = positive_length(p, "d_outer", 0.0, 1.0);
  if (!p.has("d_inner"))
    (void)p.text("d_inner");
  if (!p.has("d_outer"))
    (void)p.text("d_outer");
  if (g.d_inner_m >= g.d_outer_m)
    throw InputError(p.where_key("d_outer"), "must be larger than d_inner (the shield surrounds "
                                             "the inner conductor)");
  g.shield_thickness_m = positive_length(p, "shield_thickness", g.shield_thickness_m, 0.1);
  // er/tand (DESIGN.md spelling) or dk/df; frequency-invariant unless dielectric=causal.
  for (const char *k : {"er", "dk", "tand", "df", "f_ref", "dielectric", "df_tc", "t_ref"})
    (void)p.text_or(k);
  ParamSet q = p;
  if (p.has("er") && !p.has("dk"))
    q.set("dk", p.values().at("er"), p.where_key("er"));
  if (p.has("tand") && !p.has("df"))
    q.set("df", p.values().at("tand"), p.where_key("tand"));
  if (!q.has("dk"))
    (void)p.text("er");
  if (!q.has("df"))
    q.set("df", "0");
  const Dielectric d = dielectric_of(q, "coax", "dk", "df", false);
  const Metal m = metal_of(p, cats);
  auto out = std::make_unique<Coax>(g, d, m, length_of(p), z0_of(p));
  p.reject_unused(keys_of("coax"));
  return out;
}

std::unique_ptr<ElectricalMedium> make_twinax(const ParamSet &spec, const ChannelCatalogs &cats) {
  ParamSet p = spec;
  if (spec.has("cable")) {
    p = with_entry(spec, "cable", cats.cables, "cable");
  } else if (spec.has("awg")) {
    const long awg = spec.integer("awg", 26, 34);
    const std::string name = "twinax_" + std::to_string(awg) + "awg";
    if (cats.cables.has(name)) {
      ParamSet base(spec.where()); // a key missing from both is the spec's (with_entry)
      base.merge(cats.cables.entry(name, "cable"));
      (void)base.text("source");
      base.merge(spec);
      p = base;
    }
  }
  TwinaxGeometry g;
  if (p.has("wire_d")) {
    g.wire_d_m = positive_length(p, "wire_d", 0.0, 5e-3);
    (void)p.text_or("awg");
  } else {
    g.wire_d_m = awg_diameter_m(static_cast<int>(p.integer("awg", 26, 34)));
  }
  const auto stranded = p.text_or("stranded").value_or("false");
  if (stranded != "true" && stranded != "false")
    throw InputError(p.where_key("stranded"), "'" + stranded + "'; accepted: true, false");
  g.stranded = stranded == "true";
  g.pitch_m = p.has("pitch") ? positive_length(p, "pitch", 0.0, 0.1) : 0.0;
  g.shield_d_m = p.has("shield_d") ? positive_length(p, "shield_d", 0.0, 0.1) : 0.0;
  g.zdiff_target_ohm = p.quantity_or("zdiff", Dimension::resistance, 100.0);
  p.require_range("zdiff", g.zdiff_target_ohm, 50.0, 200.0, "50 to 200 ohm");
  if (!p.has("dk"))
    p.set("dk", "1.6");
  if (!p.has("df"))
    p.set("df", "0.0003");
  const Dielectric d = dielectric_of(p, "foam", "dk", "df", true);
  Metal wire = metal_of(p, cats);
  Metal shield;
  shield.name = "shield";
  shield.sigma_20c_s_per_m = p.quantity_or("shield_sigma", Dimension::conductivity, 3.5e7);
  p.require_range("shield_sigma", shield.sigma_20c_s_per_m, 1e5, 1e8, "1e5 to 1e8 S/m");
  auto out = std::make_unique<Twinax>(g, d, wire, shield, length_of(p), z0_of(p));
  std::vector<std::string> accepted = keys_of("twinax");
  accepted.push_back("source");
  p.reject_unused(accepted);
  return out;
}

std::unique_ptr<ElectricalMedium> make_annex93a(const ParamSet &p) {
  Annex93aLine l;
  const std::string preset = p.text_or("preset").value_or(p.has("a1") ? "" : "802.3ck-board");
  if (!preset.empty()) {
    if (preset != "802.3ck-board")
      throw InputError(p.where_key("preset"), "'" + preset + "'; accepted: 802.3ck-board");
    l = annex93a_board_802_3ck();
  }
  l.gamma0_per_mm = p.has("gamma0") ? p.number("gamma0", 0.0, 1.0) : l.gamma0_per_mm;
  l.a1_per_mm_sqrt_ghz = p.has("a1") ? p.number("a1", 0.0, 1.0) : l.a1_per_mm_sqrt_ghz;
  l.a2_per_mm_ghz = p.has("a2") ? p.number("a2", 0.0, 1.0) : l.a2_per_mm_ghz;
  if (p.has("tau")) {
    l.tau_ns_per_mm = p.quantity("tau", Dimension::time_per_length) * 1e9 * 1e-3;
    p.require_range("tau", l.tau_ns_per_mm, 1e-4, 1.0, "a delay per length, e.g. 5.79 ps/mm");
  }
  l.zc_ohm = p.quantity_or("zc", Dimension::resistance, 100.0);
  p.require_range("zc", l.zc_ohm, 1.0, 1e4, "1 to 10000 ohm");
  auto out = std::make_unique<Annex93aMedium>(l, length_of(p), z0_of(p), true);
  p.reject_unused(keys_of("annex93a"));
  return out;
}

std::unique_ptr<ElectricalMedium> make_package(const ParamSet &spec, const ChannelCatalogs &cats) {
  if (!spec.has("stack"))
    (void)spec.text("stack");
  const ParamSet p = with_entry(spec, "stack", cats.packages, "package stack");
  const Dielectric d = dielectric_of(p, spec.text("stack"), "dk", "df", true);
  Metal m;
  m.sigma_20c_s_per_m = p.quantity_or("sigma", Dimension::conductivity, copper_sigma_s_per_m);
  p.require_range("sigma", m.sigma_20c_s_per_m, 1e5, 1e8, "1e5 to 1e8 S/m");
  MicrostripGeometry g;
  g.width_m = positive_length(p, "width", 0.0, 1e-3);
  g.thickness_m = positive_length(p, "thickness", 0.0, 1e-3);
  g.height_m = positive_length(p, "height", 0.0, 1e-3);
  auto out = std::make_unique<Microstrip>(g, d, m, length_of(p), z0_of(p));
  std::vector<std::string> accepted = keys_of("package");
  accepted.push_back("source");
  p.reject_unused(accepted);
  return out;
}

std::unique_ptr<ElectricalMedium> make_lumped(const std::string &kind, const ParamSet &p) {
  const double l = p.quantity_or("l", Dimension::inductance, 0.0);
  p.require_range("l", l, 0.0, 1e-6, "0 to 1 uH (e.g. 0.3nH)");
  const double c = p.quantity_or("c", Dimension::capacitance, 0.0);
  p.require_range("c", c, 0.0, 1e-9, "0 to 1 nF (e.g. 0.2pF)");
  const double r = p.quantity_or("r", Dimension::resistance, 0.0);
  p.require_range("r", r, 0.0, 1e3, "0 to 1000 ohm");
  const std::string diff = p.text_or("diff").value_or("false");
  if (diff != "true" && diff != "false")
    throw InputError(p.where_key("diff"), "'" + diff + "'; accepted: true, false");
  const double z0 = z0_of(p);
  auto out = std::make_unique<LumpedStage>(kind, r, l, c, diff == "true" ? 2 * z0 : z0);
  p.reject_unused(keys_of(kind));
  return out;
}

} // namespace

const std::vector<std::string> &copper_kinds() {
  static const std::vector<std::string> k = {"stripline", "microstrip", "coax",
                                             "twinax",    "annex93a",   "package",
                                             "via",       "connector",  "touchstone"};
  return k;
}

std::string copper_kind_help(const std::string &kind) {
  auto it = help_table().find(kind);
  return it == help_table().end() ? std::string() : it->second;
}

namespace {
std::unique_ptr<ElectricalMedium>
make_copper_medium_unplaced(const Spec &spec, const ChannelCatalogs &catalogs,
                            const std::filesystem::path &base_dir);
} // namespace

std::unique_ptr<ElectricalMedium> make_copper_medium(const Spec &spec,
                                                     const ChannelCatalogs &catalogs,
                                                     const std::filesystem::path &base_dir) {
  try {
    return make_copper_medium_unplaced(spec, catalogs, base_dir);
  } catch (const InputError &e) {
    // A key neither the spec nor its catalog entry gives: the kind's keys are what is accepted.
    if (e.where() == spec.params.where() && e.detail().rfind("missing key '", 0) == 0 &&
        !copper_kind_help(spec.kind).empty())
      throw InputError(e.where(), e.detail() + "; accepted: " + copper_kind_help(spec.kind));
    // The media's own checks name a bare key ("width"): place it in the spec that gave it.
    if (!e.where().empty() && e.where().find_first_of(" :'") == std::string::npos)
      throw InputError(spec.params.has(e.where()) ? spec.params.where_key(e.where())
                                                  : spec.params.where() + ": " + e.where(),
                       e.detail());
    throw;
  }
}

namespace {
std::unique_ptr<ElectricalMedium>
make_copper_medium_unplaced(const Spec &spec, const ChannelCatalogs &catalogs,
                            const std::filesystem::path &base_dir) {
  const auto &k = spec.kind;
  // The spec's own keys first: a misspelt key is named as such, before a catalog entry merged
  // under it could report the key it was meant to be as missing.
  if (std::find(copper_kinds().begin(), copper_kinds().end(), k) != copper_kinds().end()) {
    std::vector<std::string> accepted = keys_of(k);
    if (k == "twinax" || k == "package") // their catalog entries carry a `source`
      accepted.push_back("source");
    for (const auto &[key, value] : spec.params.values())
      if (std::find(accepted.begin(), accepted.end(), key) == accepted.end()) {
        throw InputError(spec.params.where_key(key),
                         "unknown key; accepted: " + join_list(accepted));
      }
  }
  if (k == "stripline")
    return make_planar(spec.params, catalogs, true);
  if (k == "microstrip")
    return make_planar(spec.params, catalogs, false);
  if (k == "coax")
    return make_coax(spec.params, catalogs);
  if (k == "twinax")
    return make_twinax(spec.params, catalogs);
  if (k == "annex93a")
    return make_annex93a(spec.params);
  if (k == "package")
    return make_package(spec.params, catalogs);
  if (k == "via" || k == "connector")
    return make_lumped(k, spec.params);
  if (k == "touchstone") {
    const ParamSet &p = spec.params;
    std::filesystem::path file = p.text("file");
    if (file.is_relative() && !base_dir.empty())
      file = base_dir / file;
    auto out = std::make_unique<TouchstoneStage>(file.string(), p.text_or("ports").value_or(""));
    p.reject_unused(keys_of("touchstone"));
    return out;
  }
  throw InputError(spec.params.where(),
                   "unknown copper kind '" + k + "'; accepted: " + join_list(copper_kinds()));
}
} // namespace

} // namespace linkphy::channels
