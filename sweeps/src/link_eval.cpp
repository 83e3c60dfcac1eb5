// A technology at a length and rate → hops → the hop engine → link report (link_eval.hpp).
#include "link_internal.hpp"

#include <linkphy/channels/touchstone_stage.hpp>
#include <linkphy/phy/analytic_snr.hpp>
#include <linkphy/phy/ber.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/hop.hpp>
#include <linkphy/phy/network_ops.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/sweeps/channel_kinds.hpp>
#include <linkphy/sweeps/evaluators.hpp>
#include <linkphy/sweeps/link_eval.hpp>
#include <linkphy/sweeps/technology.hpp>
#include <linkphy/sweeps/user_catalog.hpp>
#include <linkphy/transceivers/ieee_pmd.hpp>
#include <linkphy/transceivers/serdes.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>
#include <mutex>
#include <numbers>

namespace linkphy::sweeps {

Fidelity parse_fidelity(const std::string &text, const std::string &where) {
  if (text == "analytic")
    return Fidelity::analytic;
  if (text == "statistical")
    return Fidelity::statistical;
  if (text == "montecarlo")
    return Fidelity::montecarlo;
  throw InputError(where, "'" + text + "'; accepted: analytic, statistical, montecarlo");
}

std::string to_string(Fidelity f) {
  switch (f) {
  case Fidelity::analytic:
    return "analytic";
  case Fidelity::montecarlo:
    return "montecarlo";
  default:
    return "statistical";
  }
}

namespace {

// A linear redriver (ACC cable end): the IEEE 802.3 Annex 93A CTLE (93A-22) with the 802.3bj
// Table 93A-1 poles f_z = f_p1 = f_b/4, f_p2 = f_b and g_DC = −peaking; matched (S11 = S22 = 0),
// unilateral (S12 = 0), unity gain at DC and +peaking towards Nyquist (it amplifies the
// frequencies the cable attenuated); its own noise is not modelled (docs/link.md).
Network redriver(const std::vector<double> &f, double peaking_db, double baud_bd, double z_ref) {
  Network n(f, 2, z_ref);
  const double g = std::pow(10.0, -peaking_db / 20), fz = baud_bd / 4, fp2 = baud_bd;
  for (std::size_t k = 0; k < f.size(); ++k) {
    const std::complex<double> j(0, 1);
    n.at(k, 1, 0) = (g + j * f[k] / fz) / ((1.0 + j * f[k] / fz) * (1.0 + j * f[k] / fp2)) / g;
  }
  n.name = "redriver";
  return n;
}

// The hop's channel: every stage's 2-port on a grid of df = baud/1000 (a 1000-UI record) up to
// 1.2·baud, or to the end of the shortest measured file (which must reach baud/2: 93A.1.5);
// renormalised to the package reference (differential 2·R_0), cascaded as networks (DESIGN §2).
// The networks of the last few stages built on a hop's grid, per thread, keyed by spec, grid,
// temperature and reference: a sweep's hops repeat their fixed stages (host boards, connectors,
// paddle cards) at every point, and only the length-scaled one changes. Exact: a stage's network
// is a function of these inputs. At most 16 entries, the least recently used dropped.
struct CachedStage {
  Network net; // renormalised to the hop's reference
  std::string description;
};
const CachedStage &stage_network(const std::string &spec, const ElectricalMedium &medium,
                                 const std::vector<double> &f, const Conditions &cond,
                                 double z_ref_ohm, const ChannelContext *ctx) {
  struct Entry {
    const ChannelContext *ctx = nullptr; // the catalogs the spec's names resolve in
    std::string spec;
    std::vector<double> f;
    double temperature_k = 0, z_ref_ohm = 0;
    CachedStage stage;
  };
  thread_local std::vector<Entry> cache; // most recent last
  for (std::size_t i = 0; i < cache.size(); ++i) {
    const Entry &e = cache[i];
    if (e.ctx == ctx && e.spec == spec && e.temperature_k == cond.temperature_k &&
        e.z_ref_ohm == z_ref_ohm && e.f == f) {
      std::rotate(cache.begin() + static_cast<long>(i), cache.begin() + static_cast<long>(i) + 1,
                  cache.end());
      return cache.back().stage;
    }
  }
  Network n = medium.network(f, cond);
  if (n.ports != 2)
    throw InputError("spec '" + spec + "'", "must give a 2-port");
  if (n.z0_ohm[0] != z_ref_ohm || n.z0_ohm[1] != z_ref_ohm)
    n = renormalize(n, {z_ref_ohm, z_ref_ohm});
  if (cache.size() == 16)
    cache.erase(cache.begin());
  cache.push_back({ctx, spec, f, cond.temperature_k, z_ref_ohm, {std::move(n), medium.describe()}});
  return cache.back().stage;
}

} // namespace

namespace detail {
ChannelStage hop_stage(const std::string &spec, const ChannelContext &ctx,
                       double &redriver_peaking_db) {
  redriver_peaking_db = -1;
  if (spec.rfind("redriver:", 0) == 0) {
    const Spec rs = parse_spec(spec);
    redriver_peaking_db = rs.params.quantity("peaking", Dimension::gain);
    rs.params.require_range("peaking", redriver_peaking_db, 0, 30, "0 dB to 30 dB");
    rs.params.reject_unused({"peaking"});
    return {};
  }
  ChannelStage st = make_channel_stage(spec, ctx);
  if (!st.electrical)
    throw InputError("spec '" + spec + "'", "is a " + st.family +
                                                " stage; electrical hops take electrical media "
                                                "only (optics come with the technology issue)");
  return st;
}
} // namespace detail

namespace {
Network hop_channel(const std::vector<std::string> &specs, double z_ref_ohm, const Conditions &cond,
                    const std::string &hop, double baud_bd, const ChannelContext &ctx,
                    std::vector<StageReport> &stages, std::vector<std::string> &warnings,
                    double f_cap_hz = std::numeric_limits<double>::infinity()) {
  std::vector<ChannelStage> built;
  std::vector<double> redriver_peaking_db(specs.size(), -1);
  double f_max = 1.2 * baud_bd;
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const auto &spec = specs[i];
    ChannelStage st = detail::hop_stage(spec, ctx, redriver_peaking_db[i]);
    if (redriver_peaking_db[i] >= 0) {
      built.emplace_back();
      continue;
    }
    if (const auto *ts = dynamic_cast<const channels::TouchstoneStage *>(st.electrical.get())) {
      const double f_end = ts->data().freq_hz.back();
      if (f_end < baud_bd / 2)
        throw InputError("spec '" + spec + "'",
                         "data end at " + number_text(f_end / 1e9) +
                             " GHz, below the Nyquist frequency " + number_text(baud_bd / 2e9) +
                             " GHz; give a file measured to at least baud/2");
      if (f_end < baud_bd)
        warnings.push_back("spec '" + spec + "': data end at " + number_text(f_end / 1e9) +
                           " GHz, below the baud rate; the equaliser extrapolates above");
      f_max = std::min(f_max, f_end);
    }
    built.push_back(std::move(st));
  }
  f_max = std::min(f_max, f_cap_hz); // a prefix of the grid: the same values per frequency
  const double df = baud_bd / 1000.0;
  std::vector<double> f;
  for (int k = 1; df * k <= f_max * (1 + 1e-12); ++k)
    f.push_back(df * k);
  // The cascade of the leading stages the last call on this thread shared with its previous one
  // (a sweep over length: the stages before the cable), kept per thread. The cascade folds its
  // stages left to right, each junction on the running result (all stages are on z_ref here, so
  // none is renormalised), so continuing from the kept result gives the same doubles as the full
  // fold. Redrivers depend on the stage before them and end the prefix.
  struct Prefix {
    std::vector<std::string> last_specs; // the previous call's stages
    const ChannelContext *ctx = nullptr; // the catalogs their names resolved in
    std::vector<double> f;
    double temperature_k = 0, z_ref_ohm = 0;
    std::size_t stages = 0; // leading stages folded into `net` (valid when ≥ 2)
    Network net;
  };
  thread_local Prefix prefix;
  const bool same_grid = prefix.ctx == &ctx && prefix.f == f &&
                         prefix.temperature_k == cond.temperature_k &&
                         prefix.z_ref_ohm == z_ref_ohm;
  std::size_t common = 0; // leading stages equal to the previous call's
  while (same_grid && common < specs.size() && common < prefix.last_specs.size() &&
         specs[common] == prefix.last_specs[common] && redriver_peaking_db[common] < 0)
    ++common;
  if (common > 0 && common < specs.size() && redriver_peaking_db[common] >= 0)
    --common; // a redriver right after the prefix reads the stage before it on its own
  const std::size_t reuse = prefix.stages >= 2 && prefix.stages <= common ? prefix.stages : 0;
  std::vector<Network> nets;
  if (reuse > 0)
    nets.push_back(prefix.net);
  for (std::size_t i = 0; i < built.size(); ++i) {
    const auto &spec = specs[i];
    if (redriver_peaking_db[i] >= 0) {
      // ACC redrivers are set at manufacture for their cable: peaking = the loss at Nyquist of
      // the stage before (the cable), up to the redriver's maximum `peaking`.
      double peaking = redriver_peaking_db[i];
      if (!nets.empty()) {
        const Network &prev = nets.back();
        std::vector<com::Complex> s21(prev.frequencies());
        for (std::size_t k = 0; k < s21.size(); ++k)
          s21[k] = prev.at(k, 1, 0);
        peaking = std::clamp(il_at_db(prev.freq_hz, s21, baud_bd / 2), 0.0, peaking);
      }
      nets.push_back(redriver(f, peaking, baud_bd, z_ref_ohm));
      StageReport sr;
      sr.name = "linear redriver, " + format_value(peaking) + " dB CTLE peaking";
      sr.kind = "redriver";
      sr.hop = hop;
      stages.push_back(sr);
      continue;
    }
    const CachedStage &cs = stage_network(spec, *built[i].electrical, f, cond, z_ref_ohm, &ctx);
    StageReport sr;
    sr.name = cs.description;
    sr.kind = spec.substr(0, spec.find(':'));
    sr.hop = hop;
    stages.push_back(sr);
    if (i >= reuse) // (the first `reuse` stages are in prefix.net)
      nets.push_back(cs.net);
  }
  if (reuse == 0 && common >= 2) { // fold the shared stages once, for this call and the next
    try {
      Network head = cascade(std::span<const Network>(nets.data(), common));
      nets.erase(nets.begin(), nets.begin() + static_cast<long>(common));
      nets.insert(nets.begin(), head);
      prefix.net = std::move(head);
      prefix.stages = common;
    } catch (const InputError &) {
      prefix.stages = 0; // the full cascade below raises it as itself
    }
  } else if (reuse == 0) {
    prefix.stages = 0;
  }
  prefix.last_specs = specs;
  prefix.ctx = &ctx;
  prefix.f = f;
  prefix.temperature_k = cond.temperature_k;
  prefix.z_ref_ohm = z_ref_ohm;
  Network total = nets.size() == 1 ? nets.front() : cascade(nets);
  total.name = hop;
  return total;
}

// Bit-for-bit equality (== would take −0 for +0).
bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }
bool same_bits(const std::vector<double> &a, const std::vector<double> &b) {
  return a.size() == b.size() &&
         (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}
bool same_package(const HopPackage &a, const HopPackage &b) {
  auto side = [](const com::PackageSide &x, const com::PackageSide &y) {
    return same_bits(x.c_d_f, y.c_d_f) && same_bits(x.l_s_h, y.l_s_h) &&
           same_bits(x.c_b_f, y.c_b_f) && same_bits(x.c_p_f, y.c_p_f) &&
           same_bits(x.z_c_ohm, y.z_c_ohm) && same_bits(x.length_mm, y.length_mm);
  };
  return a.enabled == b.enabled && side(a.tx, b.tx) && side(a.rx, b.rx) &&
         same_bits(a.line.gamma0_per_mm, b.line.gamma0_per_mm) &&
         same_bits(a.line.a1_per_mm_sqrt_ghz, b.line.a1_per_mm_sqrt_ghz) &&
         same_bits(a.line.a2_per_mm_ghz, b.line.a2_per_mm_ghz) &&
         same_bits(a.line.tau_ns_per_mm, b.line.tau_ns_per_mm) && same_bits(a.r0_ohm, b.r0_ohm) &&
         same_bits(a.r_d_tx_ohm, b.r_d_tx_ohm) && same_bits(a.r_d_rx_ohm, b.r_d_rx_ohm);
}

// The cable NEXT aggressor's packaged transfer (hop_transfer of next_aggressor), kept per thread
// for the last inputs: the points of a sweep over length share it (it does not depend on the
// length), and the same inputs give the same transfer.
const com::PathTransfer &next_transfer(const std::vector<double> &f, double coupling,
                                       double ref_baud_bd, double coupled_delay_s,
                                       const HopPackage &pkg, const std::string &name) {
  struct Last {
    bool set = false;
    std::vector<double> f;
    double coupling = 0, ref_baud_bd = 0, coupled_delay_s = 0;
    HopPackage pkg;
    com::PathTransfer t;
  };
  thread_local Last last;
  if (!(last.set && same_bits(last.f, f) && same_bits(last.coupling, coupling) &&
        same_bits(last.ref_baud_bd, ref_baud_bd) &&
        same_bits(last.coupled_delay_s, coupled_delay_s) && same_package(last.pkg, pkg))) {
    last.set = false; // invalid until complete
    last.t = hop_transfer(f, detail::next_aggressor(f, coupling, ref_baud_bd, coupled_delay_s), pkg,
                          com::PathKind::next, name);
    last.f = f;
    last.coupling = coupling;
    last.ref_baud_bd = ref_baud_bd;
    last.coupled_delay_s = coupled_delay_s;
    last.pkg = pkg;
    last.set = true;
  }
  last.t.name = name;
  return last.t;
}

com::TwoPort two_port(const Network &n) {
  com::TwoPort t;
  const std::size_t nf = n.frequencies();
  t.s11.resize(nf);
  t.s12.resize(nf);
  t.s21.resize(nf);
  t.s22.resize(nf);
  for (std::size_t k = 0; k < nf; ++k) {
    t.s11[k] = n.at(k, 0, 0);
    t.s12[k] = n.at(k, 0, 1);
    t.s21[k] = n.at(k, 1, 0);
    t.s22[k] = n.at(k, 1, 1);
  }
  return t;
}

// The FFT record of the hop is 1/df = 1000 UI long and circular: a channel delay near a multiple
// of it splits the pulse across the record's ends (a 4 m cable at 53 GBd). A pure delay changes
// nothing physical, so remove the bulk delay modulo the record (estimated from the mean phase
// step of the first 100 samples, where the loss is small) and leave the pulse 100 UI in.
void align_delay(com::PathTransfer &p, double baud_bd) {
  const auto &f = p.f_hz;
  if (f.size() < 3)
    return;
  const double df = f[1] - f[0], record_s = 1.0 / df;
  std::complex<double> acc = 0;
  for (std::size_t k = 0; k + 1 < std::min<std::size_t>(f.size(), 101); ++k)
    acc += p.h21[k + 1] * std::conj(p.h21[k]);
  double tau = -std::arg(acc) / (2 * std::numbers::pi * df); // delay modulo the record
  tau = std::fmod(tau + record_s, record_s);
  const double shift = tau - 100.0 / baud_bd;
  for (std::size_t k = 0; k < f.size(); ++k)
    p.h21[k] *= std::polar(1.0, 2 * std::numbers::pi * f[k] * shift);
}

// A figure to 3 significant digits ("1.85e-06"), for messages.
std::string three_digits(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

double cap_ber(double ber, int levels) {
  return std::clamp(ber, 1e-300, 0.999 * (1.0 - 1.0 / levels) / std::log2(levels));
}

} // namespace

namespace detail {

Technology link_technology(const LinkRequest &req, double length_m) {
  Technology tech = make_technology(req.tech, length_m, req.sets);
  // The lane-rate class's own keys (host_25G …) stand in for the plain ones (technology.hpp).
  std::optional<Modulation> mod;
  if (req.modulation)
    mod = parse_modulation(*req.modulation, "LinkRequest.modulation");
  const std::string rate_class =
      technology_rate_class(tech, parse_lane_rate(req.rate, mod, std::nullopt, "LinkRequest.rate",
                                                  "LinkRequest.modulation"));
  if (!rate_class.empty())
    tech = make_technology(req.tech, length_m, req.sets, rate_class);
  if (!req.channels.empty()) {
    tech.hops.front().stage_specs = req.channels;
    tech.hops.front().kind = HopKind::electrical;
    tech.hops.front().optical.reset();
    if (tech.hops.front().serdes.empty())
      throw InputError("LinkRequest.channels",
                       "technology '" + tech.name +
                           "' starts with an optical hop; LinkRequest.channels replaces the "
                           "stages of an electrical first hop only");
  }
  return tech;
}

AnalyticHopChannel analytic_hop_channel(const TechnologyHop &th, const HopPackage &pkg,
                                        const Conditions &cond, double baud_bd,
                                        const ChannelContext &ctx, std::vector<StageReport> &stages,
                                        std::vector<std::string> &warnings) {
  // As evaluate_link_full's electrical branch up to the loss fit.
  // Only (0, f_N] enters the fit and the IL at f_N: the grid ends a few samples above f_N.
  const Network ch = hop_channel(th.stage_specs, 2.0 * pkg.r0_ohm, cond, th.name, baud_bd, ctx,
                                 stages, warnings, 0.505 * baud_bd);
  const std::vector<double> &f = ch.freq_hz;
  for (auto &w : check_two_port(ch))
    warnings.push_back(w);
  const com::TwoPort tp = two_port(ch);
  AnalyticHopChannel r;
  r.il_nyquist_db = il_at_db(f, tp.s21, baud_bd / 2);
  com::PathTransfer thru = hop_transfer(f, tp, pkg, com::PathKind::thru, th.name);
  align_delay(thru, baud_bd);
  r.fit = loss_fit_sums(thru.f_hz, thru.h21, baud_bd / 2);
  return r;
}

const ChannelContext &channel_context(const std::vector<std::string> &catalogs) {
  static const ChannelContext builtin{channels::ChannelCatalogs::builtin(),
                                      std::filesystem::current_path()};
  if (catalogs.empty())
    return builtin;
  std::string key;
  for (const auto &c : catalogs)
    key += c + '\x1f';
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<ChannelContext>> made; // never erased: few lists
  std::lock_guard<std::mutex> lock(mutex);
  auto &slot = made[key];
  if (!slot) {
    auto ctx = std::make_unique<ChannelContext>(builtin);
    for (const auto &c : catalogs) {
      const UserCatalog u = parse_user_catalog(c, "user catalog");
      ctx->catalogs.load_user(u.kind, u.file);
    }
    slot = std::move(ctx);
  }
  return *slot;
}

StageReport stage_report(const std::string &spec, const std::string &hop,
                         const ChannelContext &ctx) {
  StageReport sr;
  sr.name = make_channel_stage(spec, ctx).electrical->describe();
  sr.kind = spec.substr(0, spec.find(':'));
  sr.hop = hop;
  return sr;
}

Network stage_network(const std::string &spec, const std::vector<double> &f_hz,
                      const Conditions &cond, double z_ref_ohm, const ChannelContext &ctx) {
  Network n = make_channel_stage(spec, ctx).electrical->network(f_hz, cond);
  if (n.ports != 2)
    throw InputError("spec '" + spec + "'", "must give a 2-port");
  if (n.z0_ohm[0] != z_ref_ohm || n.z0_ohm[1] != z_ref_ohm)
    n = renormalize(n, {z_ref_ohm, z_ref_ohm});
  return n;
}

AnalyticInput analytic_input(const com::Settings &settings, double baud_bd, int levels) {
  AnalyticInput a;
  a.baud_bd = baud_bd;
  a.levels = levels;
  a.a_v_v = settings.a_v_v;
  a.eta0_v2_per_hz = settings.eta0_v2_per_hz;
  a.snr_tx_db = settings.snr_tx_db;
  a.sigma_rj_ui = settings.sigma_rj_ui;
  a.a_dd_ui = settings.a_dd_ui;
  a.t_r_s = settings.t_r_s;
  a.level_mismatch = settings.r_lm;
  return a;
}

std::optional<IcnReference> cable_next_reference(const Technology &tech, const TechnologyHop &hop) {
  const bool cable = std::any_of(hop.stage_specs.begin(), hop.stage_specs.end(),
                                 [](const std::string &s) { return s.rfind("twinax:", 0) == 0; });
  if (!cable || !(tech.next_icn_v > 0))
    return std::nullopt;
  IcnReference ref;
  ref.icn_v = tech.next_icn_v;
  ref.coupled_delay_s = tech.next_delay_s;
  return ref;
}

std::shared_ptr<const AnalyticCrosstalk>
analytic_crosstalk(const Technology &tech, const TechnologyHop &hop, const HopPackage &pkg,
                   const com::Settings &settings, double baud_bd) {
  const std::optional<IcnReference> next = cable_next_reference(tech, hop);
  if (!next)
    return nullptr;
  const IcnReference &ref = *next;
  const double k = next_coupling_from_icn(ref);
  const double df = baud_bd / 1000.0;
  std::vector<double> f;
  for (int i = 1; df * i <= 1.5 * baud_bd * (1 + 1e-12); ++i)
    f.push_back(df * i);
  const com::PathTransfer x =
      hop_transfer(f, next_aggressor(f, k, ref.baud_bd, ref.coupled_delay_s), pkg,
                   com::PathKind::next, hop.name + " NEXT");
  auto xt = std::make_shared<AnalyticCrosstalk>();
  xt->f_hz = x.f_hz;
  xt->gain2.resize(x.h21.size());
  for (std::size_t i = 0; i < x.h21.size(); ++i)
    xt->gain2[i] = std::norm(x.h21[i]);
  xt->amplitude_v = settings.a_ne_v;
  return xt;
}

void use_crosstalk(AnalyticInput &a, const AnalyticCrosstalk &xt) {
  a.xt_amplitude_v = xt.amplitude_v;
  a.xt_f_hz = xt.f_hz;
  a.xt_gain2 = xt.gain2;
}

double snr_db_at_der0(Modulation mod, double der0) {
  return snr_db_for_ber(mod, cap_ber(der0, mod.levels));
}

void add_optical_noise(HopReport &hr, Modulation mod, double optical_snr_db) {
  const double snr = 1.0 / (std::pow(10.0, -hr.snr_db / 10) + std::pow(10.0, -optical_snr_db / 10));
  hr.snr_db = 10 * std::log10(snr);
  hr.ber = pam_ber_from_snr_db(mod, hr.snr_db);
}

std::string limiting_criterion(bool ber_ok, bool com_ok, bool reach_ok, bool loss_ok) {
  return !ber_ok     ? "ber"
         : !com_ok   ? "com"
         : !reach_ok ? "pmd_reach"
         : !loss_ok  ? "pmd_loss_budget"
                     : "";
}

std::optional<TechnologyPower> link_power_or_warning(const LinkRequest &req, const LaneRate &lane,
                                                     std::optional<double> hop1_il_db,
                                                     std::vector<std::string> &warnings) {
  if (!req.with_power)
    return std::nullopt;
  if (!(req.lanes >= 0 && req.lanes <= 1024))
    throw InputError("LinkRequest.lanes", "must be 0 (one module's lanes) to 1024");
  if (!(req.ambient_k >= 200 && req.ambient_k <= 400))
    throw InputError("LinkRequest.ambient_k", "must be 200 K to 400 K");
  try {
    // Lanes 0: one module's lanes (1 without a module); hop1_il_db: hop 1's IL when the caller
    // has it (technology_power evaluates it otherwise).
    int lanes = req.lanes;
    if (lanes == 0)
      lanes = std::max(1, technology_module_lanes(req.tech, lane, req.sets, req.ambient_k));
    TechnologyPower p =
        technology_power(req.tech, lane, lanes, req.length_m, req.sets, req.ambient_k, hop1_il_db,
                         req.temperature_k, req.catalogs);
    for (const auto &w : p.warnings)
      warnings.push_back("power: " + w);
    return p;
  } catch (const ChannelInputError &) {
    throw; // a value of the request its technology's own channel refuses: an error
  } catch (const InputError &e) {
    warnings.push_back(std::string("power not modelled: ") + e.what());
    return std::nullopt;
  }
}

std::string length_range_warning(const Technology &tech, double length_m) {
  if (length_m >= tech.length_min_m && length_m <= tech.length_max_m)
    return {};
  return "length " + format_value(length_m) + " m is outside the range technology '" + tech.name +
         "' is built for (" + format_value(tech.length_min_m) + " m to " +
         format_value(tech.length_max_m) +
         " m, keys length_min/length_max): its figures there extrapolate the model";
}

} // namespace detail

namespace {

// Every point from scratch: channels built and cascaded, the hop engine at the fidelity.
LinkReport evaluate_link_full(const LinkRequest &req) {
  LinkReport rep;
  rep.request = req;
  std::optional<Modulation> mod;
  if (req.modulation)
    mod = parse_modulation(*req.modulation, "LinkRequest.modulation");
  rep.lane =
      parse_lane_rate(req.rate, mod, std::nullopt, "LinkRequest.rate", "LinkRequest.modulation");
  const LaneRate &lane = rep.lane;
  const int levels = lane.modulation.levels;
  Technology tech = detail::link_technology(req, req.length_m);
  rep.rate_class = technology_rate_class(tech, lane);
  for (const auto &w : tech.warnings)
    rep.warnings.push_back(w);
  if (auto w = detail::length_range_warning(tech, req.length_m); !w.empty())
    rep.warnings.push_back(std::move(w));
  Conditions cond;
  cond.temperature_k = req.temperature_k;
  const double baud = lane.baud_bd;
  // Pre-FEC BER target per hop, for the eye height.
  const double pre_target =
      lane.fec.is_none() ? req.ber_target : pre_fec_ber_for_post_fec_ber(lane.fec, req.ber_target);
  bool com_ok = true, reach_ok = true, loss_ok = true;
  std::vector<HopSummary> sums;
  for (const auto &th : tech.hops) {
    HopReport hr;
    hr.name = th.name;
    hr.kind = to_string(th.kind);
    std::optional<detail::OpticalHopResult> opt;
    if (th.optical) {
      const auto pmd = transceivers::find_pmd(tech.pmds.at(rep.rate_class));
      opt = detail::evaluate_optical_hop(pmd, *th.optical, lane.modulation);
      hr.pmd = opt->pmd;
      hr.optical_margin_db = opt->margin_db;
      hr.optical_il_db = opt->channel_il_db;
      StageReport sr;
      sr.name =
          pmd.name + " optics over " + pmd.fibre + " " + format_value(th.optical->length_m) + " m";
      sr.kind = "optical";
      sr.hop = th.name;
      rep.stages.push_back(sr);
      if (!opt->within_reach) {
        reach_ok = false;
        rep.warnings.push_back(th.name + ": " + format_value(th.optical->length_m) +
                               " m of fibre exceeds the operating reach of " + pmd.name + " (" +
                               format_value(pmd.reach_m) + " m)");
      }
      if (!opt->within_loss_budget) {
        loss_ok = false;
        rep.warnings.push_back(th.name + ": optical channel IL " +
                               format_value(opt->channel_il_db) + " dB exceeds the " + pmd.name +
                               " budget of " +
                               format_value(pmd.channel_il_max_db + pmd.additional_il_db) + " dB");
      }
    }
    if (th.kind == HopKind::optical) {
      // Retimed optics: the module DSP decides; the hop is the PMD budget alone (every fidelity).
      hr.il_nyquist_db = opt->channel_il_db;
      hr.snr_db = opt->snr_db;
      hr.ber = opt->ber;
    } else {
      const auto sc = transceivers::find_serdes(th.serdes, tech.serdes_overrides, rep.rate_class);
      const com::Settings settings = transceivers::serdes_settings(sc, baud, levels, 16);
      const HopPackage pkg = transceivers::serdes_package(sc);
      const Network ch =
          hop_channel(th.stage_specs, 2.0 * pkg.r0_ohm, cond, th.name, baud,
                      detail::channel_context(req.catalogs), rep.stages, rep.warnings);
      const std::vector<double> &f = ch.freq_hz;
      for (auto &w : detail::check_two_port(ch))
        rep.warnings.push_back(w);
      const com::TwoPort tp = two_port(ch);
      hr.serdes = sc.name;
      hr.il_nyquist_db = il_at_db(f, tp.s21, baud / 2);
      HopInput in;
      in.settings = settings;
      if (req.search_threads > 0) // 0: the COM table's own setting (the library default)
        in.settings.threads = req.search_threads;
      in.thru = hop_transfer(f, tp, pkg, com::PathKind::thru, th.name);
      align_delay(in.thru, baud);
      in.target_ber = std::min(pre_target / static_cast<double>(tech.hops.size()), 0.1);
      in.adc_enob = sc.adc_enob;
      in.local_search = sc.local_search;
      const std::optional<detail::IcnReference> next = detail::cable_next_reference(tech, th);
      if (next && req.fidelity != Fidelity::analytic) {
        const detail::IcnReference &ref = *next;
        const double k = detail::next_coupling_from_icn(ref);
        in.aggressors.push_back(
            next_transfer(f, k, ref.baud_bd, ref.coupled_delay_s, pkg, th.name + " NEXT"));
      }
      std::optional<HopResult> searched; // statistical and Monte Carlo tiers
      if (req.fidelity == Fidelity::analytic) {
        AnalyticInput a = detail::analytic_input(settings, baud, levels);
        a.loss = fit_loss_model(in.thru.f_hz, in.thru.h21, baud / 2);
        const auto xt = detail::analytic_crosstalk(tech, th, pkg, settings, baud);
        if (xt)
          detail::use_crosstalk(a, *xt);
        const AnalyticResult ar = analytic_snr(a);
        hr.snr_db = ar.snr_db;
        hr.ber = ar.ber;
      } else {
        try {
          searched = evaluate_hop_statistical(in);
        } catch (const EqualiserSearchError &) {
          // Beyond every equaliser setting of the receiver's COM table: the hop does not close
          // (reported, not raised, so reach searches and sweeps run through such lengths).
          rep.warnings.push_back(th.name + ": no equaliser setting of the " + sc.name +
                                 " SerDes opens the eye (Annex 93A search found no pulse with a "
                                 "zero crossing before its peak); the hop does not close");
          com_ok = false;
          hr.ber = 0.5;
          hr.snr_db = snr_db_for_ber(lane.modulation, cap_ber(0.5, levels));
        }
      }
      if (req.fidelity != Fidelity::analytic && searched) {
        const HopResult &h = *searched;
        for (const auto &w : h.warnings)
          rep.warnings.push_back(w);
        hr.com_db = h.com.com_db;
        // Which search chose the setting: the local one hands over to the exhaustive one when
        // it finds no valid setting (a hop past its equaliser), and the report says so.
        hr.eq_search = !sc.local_search         ? "exhaustive"
                       : h.com.exhaustive_chose ? "local, then exhaustive"
                                                : "local";
        hr.eq_settings_evaluated = h.com.settings_evaluated;
        hr.eye_height_mv = h.eye.eye_height_v * 1e3;
        hr.ber = h.eye.ber;
        hr.snr_db = h.eye.snr_db;
        if (req.fidelity == Fidelity::montecarlo) {
          const MonteCarloResult mc = evaluate_hop_montecarlo(h, req.mc_symbols, 1);
          hr.ber = mc.ber;
          hr.mc_bit_errors = mc.bit_errors;
          hr.mc_ber_low = mc.ber_low;
          hr.mc_ber_high = mc.ber_high;
          hr.snr_db = snr_db_for_ber(lane.modulation, cap_ber(mc.ber, levels));
          if (mc.bit_errors == 0)
            rep.warnings.push_back(
                th.name + ": Monte Carlo saw no errors in " + std::to_string(req.mc_symbols) +
                " symbols; BER reported as 0 (95 % upper bound " + three_digits(mc.ber_high) + ")");
        }
      }
      // COM compares the signal with the noise amplitude at DER_0 (93A-1); for Gaussian noise
      // that is the SNR over the SNR giving DER_0, the analytic tier's stand-in for COM.
      hr.snr_margin_der0_db = hr.snr_db - detail::snr_db_at_der0(lane.modulation, settings.der0);
      const double com_like = hr.com_db ? *hr.com_db : *hr.snr_margin_der0_db;
      if (tech.com_min_db > 0 && com_like < tech.com_min_db)
        com_ok = false;
      if (th.kind == HopKind::linear)
        detail::add_optical_noise(hr, lane.modulation, opt->snr_db);
    }
    hr.ber = std::min(hr.ber, 0.5);
    sums.push_back({hr.name, hr.il_nyquist_db, hr.snr_db, hr.ber});
    if (hr.com_db)
      rep.com_db = rep.com_db ? std::min(*rep.com_db, *hr.com_db) : *hr.com_db;
    if (hr.eye_height_mv)
      rep.eye_height_mv =
          rep.eye_height_mv ? std::min(*rep.eye_height_mv, *hr.eye_height_mv) : *hr.eye_height_mv;
    rep.hops.push_back(std::move(hr));
  }
  rep.summary = combine_hops(sums, lane.modulation, lane.fec, req.ber_target);
  const bool ber_ok = rep.summary.feasible;
  rep.limited_by = detail::limiting_criterion(ber_ok, com_ok, reach_ok, loss_ok);
  rep.summary.feasible = rep.limited_by.empty();
  // Hop 1's channel IL (what a passive cable's host SerDes equalises), unless the user replaced
  // its stages (--channel): then the technology's own channel is evaluated for power.
  std::optional<double> hop1_il;
  if (!rep.hops.empty() && req.channels.empty())
    hop1_il = rep.hops.front().il_nyquist_db;
  rep.power = detail::link_power_or_warning(req, lane, hop1_il, rep.warnings);
  return rep;
}

} // namespace

LinkReport evaluate_link(const LinkRequest &req) {
  if (!(req.ber_target > 0 && req.ber_target < 0.5))
    throw InputError("LinkRequest.ber_target", "must be in (0, 0.5)");
  if (req.mc_symbols < 1000 || req.mc_symbols > 1'000'000'000)
    throw InputError("LinkRequest.mc_symbols", "accepted: 1000 to 1e9");
  if (req.search_threads < 0)
    throw InputError("LinkRequest.search_threads", "must be >= 0 (0: one per core)");
  // The stage temperature range the CLI and link config files accept (link_command.cpp).
  if (!(req.temperature_k >= 200 && req.temperature_k <= 450))
    throw InputError("LinkRequest.temperature_k",
                     "must be 200 K to 450 K (got " + number_text(req.temperature_k) + " K)");
  if (req.fidelity == Fidelity::analytic && req.analytic_cache) {
    LinkReport rep;
    if (detail::evaluate_link_analytic(req, rep, true))
      return rep;
  }
  return evaluate_link_full(req);
}

ReachResult find_reach(const LinkRequest &req, double tol) {
  if (!(tol > 0))
    throw InputError("reach", "length tolerance must be > 0 m");
  const Technology t = make_technology(req.tech, 1.0, req.sets);
  ReachResult r;
  auto eval = [&](double len) {
    LinkRequest q = req;
    q.length_m = len;
    ++r.evaluations;
    return evaluate_link(q);
  };
  LinkReport lo_rep = eval(t.length_min_m);
  r.closes_at_min = lo_rep.summary.feasible;
  double lo = t.length_min_m, hi = t.length_max_m; // feasible at lo, not at hi
  if (r.closes_at_min) {
    LinkReport hi_rep = eval(t.length_max_m);
    r.closes_at_max = hi_rep.summary.feasible;
    if (r.closes_at_max) {
      r.length_m = t.length_max_m;
      r.at_reach = std::move(hi_rep);
      return r;
    }
  } else {
    // Feasibility need not fall with length (a short channel's reflections are not damped by
    // line loss): scan a coarse log-spaced grid of length_min..length_max (length_min already
    // evaluated) for the longest closing sample, then bisect from it towards the next (failing)
    // sample.
    constexpr int scan_points = 12;
    const double ratio = t.length_max_m / t.length_min_m;
    std::vector<double> grid(scan_points);
    for (int k = 0; k < scan_points; ++k)
      grid[k] = t.length_min_m * std::pow(ratio, static_cast<double>(k) / (scan_points - 1));
    grid.back() = t.length_max_m;
    int longest = -1;
    std::optional<LinkReport> longest_rep;
    for (int k = 1; k < scan_points; ++k) {
      LinkReport m = eval(grid[k]);
      if (m.summary.feasible) {
        longest = k;
        longest_rep = std::move(m);
      }
    }
    if (longest < 0) {
      r.length_m = 0;
      r.at_reach = std::move(lo_rep);
      return r;
    }
    if (longest == scan_points - 1) {
      r.closes_at_max = true;
      r.length_m = t.length_max_m;
      r.at_reach = std::move(*longest_rep);
      return r;
    }
    lo = grid[longest];
    hi = grid[longest + 1];
    lo_rep = std::move(*longest_rep);
  }
  while (hi - lo > tol) {
    const double mid = 0.5 * (lo + hi);
    LinkReport m = eval(mid);
    if (m.summary.feasible) {
      lo = mid;
      lo_rep = std::move(m);
    } else {
      hi = mid;
    }
  }
  r.length_m = lo;
  r.at_reach = std::move(lo_rep);
  return r;
}

} // namespace linkphy::sweeps
