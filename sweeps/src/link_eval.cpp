// A technology at a length and rate → hops → the hop engine → link report (link_eval.hpp).
#include "link_internal.hpp"

#include <linkphy/channels/touchstone_stage.hpp>
#include <linkphy/phy/analytic_snr.hpp>
#include <linkphy/phy/ber.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/hop.hpp>
#include <linkphy/phy/network_ops.hpp>
#include <linkphy/sweeps/channel_kinds.hpp>
#include <linkphy/sweeps/link_eval.hpp>
#include <linkphy/sweeps/technology.hpp>
#include <linkphy/transceivers/serdes.hpp>

#include <algorithm>
#include <cmath>

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

// The hop's channel: every stage's 2-port on a grid of df = baud/1000 (a 1000-UI record) up to
// 1.2·baud, or to the end of the shortest measured file (which must reach baud/2: 93A.1.5);
// renormalised to the package reference (differential 2·R_0), cascaded as networks (DESIGN §2).
Network hop_channel(const std::vector<std::string> &specs, double z_ref_ohm, const Conditions &cond,
                    const std::string &hop, double baud_bd, std::vector<StageReport> &stages,
                    std::vector<std::string> &warnings) {
  static const ChannelContext ctx{channels::ChannelCatalogs::builtin(),
                                  std::filesystem::current_path()};
  std::vector<ChannelStage> built;
  double f_max = 1.2 * baud_bd;
  for (const auto &spec : specs) {
    ChannelStage st = make_channel_stage(spec, ctx);
    if (!st.electrical)
      throw InputError("spec '" + spec + "'", "is a " + st.family +
                                                  " stage; electrical hops take electrical media "
                                                  "only (optics come with the technology issue)");
    if (const auto *ts = dynamic_cast<const channels::TouchstoneStage *>(st.electrical.get())) {
      const double f_end = ts->data().freq_hz.back();
      if (f_end < baud_bd / 2)
        throw InputError("spec '" + spec + "'",
                         "data end at " + std::to_string(f_end / 1e9) +
                             " GHz, below the Nyquist frequency " + std::to_string(baud_bd / 2e9) +
                             " GHz; give a file measured to at least baud/2");
      if (f_end < baud_bd)
        warnings.push_back("spec '" + spec + "': data end at " + std::to_string(f_end / 1e9) +
                           " GHz, below the baud rate; the equaliser extrapolates above");
      f_max = std::min(f_max, f_end);
    }
    built.push_back(std::move(st));
  }
  const double df = baud_bd / 1000.0;
  std::vector<double> f;
  for (int k = 1; df * k <= f_max * (1 + 1e-12); ++k)
    f.push_back(df * k);
  std::vector<Network> nets;
  for (std::size_t i = 0; i < built.size(); ++i) {
    const auto &spec = specs[i];
    Network n = built[i].electrical->network(f, cond);
    if (n.ports != 2)
      throw InputError("spec '" + spec + "'", "must give a 2-port");
    if (n.z0_ohm[0] != z_ref_ohm || n.z0_ohm[1] != z_ref_ohm)
      n = renormalize(n, {z_ref_ohm, z_ref_ohm});
    StageReport sr;
    sr.name = built[i].electrical->describe();
    sr.kind = spec.substr(0, spec.find(':'));
    sr.hop = hop;
    stages.push_back(sr);
    nets.push_back(std::move(n));
  }
  Network total = nets.size() == 1 ? nets.front() : cascade(nets);
  total.name = hop;
  return total;
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

double cap_ber(double ber, int levels) {
  return std::clamp(ber, 1e-300, 0.999 * (1.0 - 1.0 / levels) / std::log2(levels));
}

} // namespace

LinkReport evaluate_link(const LinkRequest &req) {
  if (!(req.ber_target > 0 && req.ber_target < 0.5))
    throw InputError("--ber-target", "must be in (0, 0.5)");
  if (req.mc_symbols < 1000)
    throw InputError("Monte Carlo symbols", "must be >= 1000");
  LinkReport rep;
  rep.request = req;
  std::optional<Modulation> mod;
  if (req.modulation)
    mod = parse_modulation(*req.modulation, "--modulation");
  rep.lane = parse_lane_rate(req.rate, mod, std::nullopt, "--rate");
  const LaneRate &lane = rep.lane;
  const int levels = lane.modulation.levels;
  Technology tech = make_technology(req.tech, req.length_m, req.sets);
  if (!req.channels.empty())
    tech.hops.front().stage_specs = req.channels;
  Conditions cond;
  cond.temperature_k = req.temperature_k;
  const double baud = lane.baud_bd;
  // Pre-FEC BER target per hop, for the eye height.
  const double pre_target =
      lane.fec.is_none() ? req.ber_target : pre_fec_ber_for_post_fec_ber(lane.fec, req.ber_target);
  std::vector<HopSummary> sums;
  for (const auto &th : tech.hops) {
    const auto sc = transceivers::find_serdes(th.serdes, tech.serdes_overrides);
    const com::Settings settings = transceivers::serdes_settings(sc, baud, levels, 16);
    const HopPackage pkg = transceivers::serdes_package(sc);
    const Network ch = hop_channel(th.stage_specs, 2.0 * pkg.r0_ohm, cond, th.name, baud,
                                   rep.stages, rep.warnings);
    const std::vector<double> &f = ch.freq_hz;
    for (auto &w : detail::check_two_port(ch))
      rep.warnings.push_back(w);
    const com::TwoPort tp = two_port(ch);
    HopReport hr;
    hr.name = th.name;
    hr.serdes = sc.name;
    hr.il_nyquist_db = il_at_db(f, tp.s21, baud / 2);
    HopInput in;
    in.settings = settings;
    in.thru = hop_transfer(f, tp, pkg, com::PathKind::thru, th.name);
    in.target_ber = std::min(pre_target / static_cast<double>(tech.hops.size()), 0.1);
    in.adc_enob = sc.adc_enob;
    if (req.fidelity == Fidelity::analytic) {
      AnalyticInput a;
      a.loss = fit_loss_model(in.thru.f_hz, in.thru.h21, baud / 2);
      a.baud_bd = baud;
      a.levels = levels;
      a.a_v_v = settings.a_v_v;
      a.eta0_v2_per_hz = settings.eta0_v2_per_hz;
      a.snr_tx_db = settings.snr_tx_db;
      a.sigma_rj_ui = settings.sigma_rj_ui;
      a.a_dd_ui = settings.a_dd_ui;
      a.t_r_s = settings.t_r_s;
      a.level_mismatch = settings.r_lm;
      const AnalyticResult ar = analytic_snr(a);
      hr.snr_db = ar.snr_db;
      hr.ber = ar.ber;
    } else {
      const HopResult h = evaluate_hop_statistical(in);
      for (const auto &w : h.warnings)
        rep.warnings.push_back(w);
      hr.com_db = h.com.com_db;
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
              " symbols; BER reported as 0 (95 % upper bound " + std::to_string(mc.ber_high) + ")");
      }
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
  return rep;
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
  if (!r.closes_at_min) {
    r.length_m = 0;
    r.at_reach = std::move(lo_rep);
    return r;
  }
  LinkReport hi_rep = eval(t.length_max_m);
  r.closes_at_max = hi_rep.summary.feasible;
  if (r.closes_at_max) {
    r.length_m = t.length_max_m;
    r.at_reach = std::move(hi_rep);
    return r;
  }
  double lo = t.length_min_m, hi = t.length_max_m; // feasible at lo, not at hi
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
