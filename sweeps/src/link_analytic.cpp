// The analytic tier with its setup cached (link_internal.hpp): DESIGN.md §8, setup typed and made
// once, the per-point work on plain numbers.
//
// A plan per (tech, rate, modulation, sets, channels, temperature) holds what does not depend on
// the link length: the lane, the technology's hops, each electrical hop's SerDes settings and the
// analytic integral's grid (analytic_snr.hpp), the SNR at DER_0, and the loss-fit sums of the
// hop's thru path (packages included) and its channel IL at Nyquist. Hops whose stages do not
// change with length are evaluated once. A hop whose stages do (a line of the link length) has
// IL(f) in dB affine in length apart from reflection ripple (a matched line: IL = 8.686·α(f)·L;
// Pozar, "Microwave Engineering", 4th ed., §2.7), and the fit sums are linear in the IL data, so
// the sums and the IL at Nyquist are interpolated between two anchor lengths (length_max and
// length_max/2 of the technology, where the ripple is damped by the line's loss). The plan is
// checked against the full channel at lengths length_max/4, /16, … down to length_min (clusters
// of 4 nearby lengths each) and used from the shortest level where the interpolated IL at Nyquist
// and fitted loss at Nyquist hold to 0.04 dB. The IL at Nyquist itself is not interpolated: the
// channel at f_N is a product of ABCD matrices, the length-scaled stages lines of the link length
// with γ and Z_c taken from the stage, so it is the full evaluation's to rounding. Shorter
// lengths, lengths above 100 km or a fitted loss above 3000 dB, and hops with a redriver (its
// peaking follows the cable loss through a clamp) take the full evaluation.
#include "link_internal.hpp"

#include <linkphy/phy/ber.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/fec.hpp>
#include <linkphy/phy/link.hpp>
#include <linkphy/transceivers/ieee_pmd.hpp>
#include <linkphy/transceivers/serdes.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <complex>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>

namespace linkphy::sweeps::detail {
namespace {

// What the interpolated IL at Nyquist and fitted loss at Nyquist must meet at the plan's check
// lengths, dB: the stated tolerance is 0.05 dB (tests), 0.01 dB left for ripple peaks between
// checks; well inside the analytic tier's own modelling error (a two-term loss fit).
constexpr double kPlanCheckDb = 0.04;
// The line model of the IL at f_N against the full cascade, dB (rounding only).
constexpr double kPlanIlDb = 1e-6;

using Complex = std::complex<double>;

// A 2-port's ABCD matrix (Pozar §4.4): reference-free, so a cascade is a product.
struct Abcd {
  Complex a = 1, b = 0, c = 0, d = 1;
};

Abcd operator*(const Abcd &x, const Abcd &y) {
  return {x.a * y.a + x.b * y.c, x.a * y.b + x.b * y.d, x.c * y.a + x.d * y.c,
          x.c * y.b + x.d * y.d};
}

// S (both ports referenced to z0) → ABCD (Pozar Table 4.2).
Abcd abcd_from_s(const Network &n, double z0) {
  const Complex s11 = n.at(0, 0, 0), s12 = n.at(0, 0, 1), s21 = n.at(0, 1, 0), s22 = n.at(0, 1, 1);
  const Complex den = 2.0 * s21;
  return {((1.0 + s11) * (1.0 - s22) + s12 * s21) / den,
          z0 * ((1.0 + s11) * (1.0 + s22) - s12 * s21) / den,
          ((1.0 - s11) * (1.0 - s22) - s12 * s21) / (z0 * den),
          ((1.0 - s11) * (1.0 + s22) + s12 * s21) / den};
}

// One stage of a length-scaled hop at f_N: fixed (its ABCD) or a uniform line of the link length
// (ABCD = [cosh γL, Z_c sinh γL; sinh γL / Z_c, cosh γL], Pozar §2.1, Table 4.1).
struct NyquistStage {
  bool line = false;
  Abcd fixed;
  Complex gamma_per_m, zc_ohm, inv_zc; ///< γ (1/m), Z_c and 1/Z_c (ohm, 1/ohm)
};

struct PlannedHop {
  std::string name;
  HopKind kind = HopKind::electrical;
  std::string serdes;
  // Electrical and linear hops.
  bool varies = false;                   ///< stages change with length
  std::vector<std::string> specs;        ///< at the first anchor
  std::vector<bool> spec_varies;         ///< per stage
  std::vector<StageReport> fixed_stages; ///< stage reports at the first anchor
  LossFitSums fit;                       ///< at length_a
  double il_db = 0;                      ///< at length_a
  double r1_per_m = 0, r2_per_m = 0;     ///< d(fit sums)/dL, dB/m
  double il_per_m = 0;                   ///< dB/m
  std::vector<NyquistStage> nyquist; ///< the channel at f_N, stage by stage (empty: interpolate)
  double z_ref_ohm = 100;            ///< the cascade reference, ohm
  AnalyticInput input;               ///< loss model per point
  std::shared_ptr<const AnalyticCrosstalk> crosstalk; ///< what input's crosstalk spans view
  std::shared_ptr<const AnalyticGrid> grid;
  double snr_der0_db = 0;
  // Optical and linear hops.
  HopPackage pkg;
  double il_len_a_m = 0; ///< length of il_db, m
  std::optional<transceivers::IeeePmd> pmd;
  OpticalSpan span;                ///< at length_a
  bool span_tracks_length = false; ///< span length = link length
};

struct AnalyticPlan {
  bool usable = false;
  LaneRate lane;
  std::string rate_class;
  std::vector<PlannedHop> hops;
  double com_min_db = 3;
  double length_a_m = 0;        ///< first anchor, m
  double length_min_ok_m = 0;   ///< shortest length the plan was checked at, m
  double length_max_ok_m = 0;   ///< m
  double length_verified_m = 0; ///< the longest anchor (channels checked for warnings), m
  std::string tech;
  std::vector<std::string> tech_warnings; ///< the technology's own (Technology::warnings)
  double tech_length_min_m = 0, tech_length_max_m = 0; ///< its catalog length range, m
};

std::string plan_key(const LinkRequest &req) {
  std::string k;
  k.reserve(64);
  k += req.tech;
  k += '\x1f';
  k += req.rate;
  k += '\x1f';
  if (req.modulation) {
    k += '+';
    k += *req.modulation;
  }
  for (const auto &s : req.sets) {
    k += '\x1e';
    k += s;
  }
  k += '\x1f';
  for (const auto &c : req.channels) {
    k += '\x1d';
    k += c;
  }
  for (const auto &c : req.catalogs) {
    k += '\x1c';
    k += c;
  }
  char t[sizeof(double)];
  std::memcpy(t, &req.temperature_k, sizeof t);
  k.append(t, sizeof t);
  return k;
}

// The channel's IL at f_N at link length `len` (the full evaluation's il_at_db to rounding).
double exact_il(const PlannedHop &h, double len) {
  Abcd m;
  for (const auto &st : h.nyquist) {
    if (!st.line) {
      m = m * st.fixed;
      continue;
    }
    const Complex gl = st.gamma_per_m * len, ch = std::cosh(gl), sh = std::sinh(gl);
    m = m * Abcd{ch, st.zc_ohm * sh, sh * st.inv_zc, ch};
  }
  // S21 = 2 / (A + B/z + C·z + D) (Pozar Table 4.2), so |S21| = 2 / |A + B/z + C·z + D|.
  const double z = h.z_ref_ohm;
  const double s21 = 2.0 / std::abs(m.a + m.b * (1.0 / z) + m.c * z + m.d);
  return -20.0 * std::log10(std::max(s21, 1e-300));
}

double interp_il(const PlannedHop &h, double len) {
  return h.nyquist.empty() ? h.il_db + (len - h.il_len_a_m) * h.il_per_m : exact_il(h, len);
}
LossFitSums interp_fit(const PlannedHop &h, double dl) {
  LossFitSums s = h.fit;
  s.r1 += dl * h.r1_per_m;
  s.r2 += dl * h.r2_per_m;
  return s;
}

std::shared_ptr<const AnalyticPlan> build_plan(const LinkRequest &req) {
  auto plan = std::make_shared<AnalyticPlan>();
  auto fail = [&] { return plan; }; // not usable: every point takes the full evaluation
  try {
    std::optional<Modulation> mod;
    if (req.modulation)
      mod = parse_modulation(*req.modulation, "LinkRequest.modulation");
    plan->lane =
        parse_lane_rate(req.rate, mod, std::nullopt, "LinkRequest.rate", "LinkRequest.modulation");
    const LaneRate &lane = plan->lane;
    const double baud = lane.baud_bd;
    const int levels = lane.modulation.levels;
    const ChannelContext &ctx = channel_context(req.catalogs);
    const Technology probe = link_technology(req, 1.0);
    plan->tech_warnings = probe.warnings;
    plan->tech_length_min_m = probe.length_min_m;
    plan->tech_length_max_m = probe.length_max_m;
    const double lb = probe.length_max_m, la = 0.5 * lb;
    const Technology ta = link_technology(req, la), tb = link_technology(req, lb);
    plan->rate_class = technology_rate_class(ta, lane);
    plan->com_min_db = ta.com_min_db;
    plan->length_a_m = la;
    plan->length_max_ok_m = 100e3; // the channel stages' length range
    plan->length_verified_m = lb;
    plan->tech = req.tech;
    Conditions cond;
    cond.temperature_k = req.temperature_k;
    if (ta.hops.size() != tb.hops.size())
      return fail();
    for (std::size_t i = 0; i < ta.hops.size(); ++i) {
      const TechnologyHop &ha = ta.hops[i], &hb = tb.hops[i];
      if (ha.kind != hb.kind || ha.serdes != hb.serdes ||
          ha.stage_specs.size() != hb.stage_specs.size() ||
          ha.optical.has_value() != hb.optical.has_value())
        return fail();
      PlannedHop ph;
      ph.name = ha.name;
      ph.kind = ha.kind;
      if (ha.optical) {
        ph.pmd = transceivers::find_pmd(ta.pmds.at(plan->rate_class));
        ph.span = *ha.optical;
        if (hb.optical->extra_loss_db != ha.optical->extra_loss_db)
          return fail();
        if (hb.optical->length_m != ha.optical->length_m) {
          if (ha.optical->length_m != la || hb.optical->length_m != lb)
            return fail(); // neither fixed nor the link length
          ph.span_tracks_length = true;
        }
      }
      if (ha.kind != HopKind::optical) {
        const auto sc = transceivers::find_serdes(ha.serdes, ta.serdes_overrides, plan->rate_class);
        const com::Settings settings = transceivers::serdes_settings(sc, baud, levels, 16);
        const HopPackage pkg = transceivers::serdes_package(sc);
        ph.serdes = sc.name;
        ph.specs = ha.stage_specs;
        for (std::size_t s = 0; s < ha.stage_specs.size(); ++s) {
          const bool v = ha.stage_specs[s] != hb.stage_specs[s];
          ph.spec_varies.push_back(v);
          ph.varies = ph.varies || v;
        }
        std::vector<std::string> warnings;
        const AnalyticHopChannel ca =
            analytic_hop_channel(ha, pkg, cond, baud, ctx, ph.fixed_stages, warnings);
        if (!warnings.empty())
          return fail(); // warnings are the full evaluation's to give, per length
        ph.fit = ca.fit;
        ph.il_db = ca.il_nyquist_db;
        if (ph.varies) {
          for (const auto &s : ha.stage_specs)
            if (s.rfind("redriver:", 0) == 0)
              return fail(); // peaking clamps to the cable loss: not affine in length
          std::vector<StageReport> st;
          const AnalyticHopChannel cb =
              analytic_hop_channel(hb, pkg, cond, baud, ctx, st, warnings);
          if (!warnings.empty() || cb.fit.used != ca.fit.used)
            return fail();
          ph.r1_per_m = (cb.fit.r1 - ca.fit.r1) / (lb - la);
          ph.r2_per_m = (cb.fit.r2 - ca.fit.r2) / (lb - la);
          ph.il_per_m = (cb.il_nyquist_db - ca.il_nyquist_db) / (lb - la);
          ph.pkg = pkg;
          ph.il_len_a_m = la;
          // The IL at f_N stage by stage: fixed stages as they are, length-scaled ones as lines
          // whose γ and Z_c come from the stage at 0.1 mm (|βL| < π there, so acosh needs no
          // branch choice; the sign of γ cancels in the ABCD).
          constexpr double kShort = 1e-4;
          const Technology ts = link_technology(req, kShort);
          const std::vector<double> fn = {baud / 2};
          ph.z_ref_ohm = 2.0 * pkg.r0_ohm;
          for (std::size_t s = 0; s < ha.stage_specs.size(); ++s) {
            NyquistStage ns;
            const bool line = ph.spec_varies[s];
            const std::string &spec = line ? ts.hops[i].stage_specs.at(s) : ha.stage_specs[s];
            const Abcd m =
                abcd_from_s(stage_network(spec, fn, cond, ph.z_ref_ohm, ctx), ph.z_ref_ohm);
            if (line) {
              const Complex gl = std::acosh(m.a);
              ns.line = true;
              ns.gamma_per_m = gl / kShort;
              ns.zc_ohm = m.b / std::sinh(gl);
              ns.inv_zc = 1.0 / ns.zc_ohm;
            } else {
              ns.fixed = m;
            }
            ph.nyquist.push_back(ns);
          }
          if (!(std::abs(exact_il(ph, la) - ca.il_nyquist_db) <= kPlanIlDb &&
                std::abs(exact_il(ph, lb) - cb.il_nyquist_db) <= kPlanIlDb))
            ph.nyquist.clear(); // not lines of the link length: interpolate the IL instead
          if (ph.fixed_stages.size() != ha.stage_specs.size())
            return fail(); // one report per stage expected (no redriver here)
        }
        ph.input = analytic_input(settings, baud, levels);
        ph.input.loss.nyquist_hz = baud / 2;
        ph.crosstalk = analytic_crosstalk(ta, ha, pkg, settings, baud);
        if (ph.crosstalk)
          use_crosstalk(ph.input, *ph.crosstalk); // heap-held: the spans survive moves of ph
        ph.grid = std::make_shared<const AnalyticGrid>(analytic_grid(ph.input));
        ph.snr_der0_db = snr_db_at_der0(lane.modulation, settings.der0);
      }
      plan->hops.push_back(std::move(ph));
    }
    plan->usable = !plan->hops.empty();
    plan->length_min_ok_m = 0;
    bool any_varies = false;
    for (const auto &h : plan->hops)
      any_varies = any_varies || h.varies;
    if (any_varies) {
      // Check levels lb/4, lb/16, … down to length_min; at each, a cluster of 4 lengths 1 % of
      // the level (≥ 1 mm) apart, so that the reflection ripple (period λ/2 at f_N, a few mm) is
      // sampled at several phases. The plan holds down to the last level that passes.
      std::vector<double> levels_m;
      for (double l = lb / 4; l > probe.length_min_m; l /= 4)
        levels_m.push_back(l);
      levels_m.push_back(probe.length_min_m);
      plan->length_min_ok_m = la;
      for (double lc : levels_m) {
        const double step = std::max(0.01 * lc, 1e-3);
        bool pass = true;
        for (int k = 0; k < 4 && pass; ++k) {
          const double len = lc + k * step;
          const Technology tc = link_technology(req, len);
          const double dl = len - la;
          for (std::size_t i = 0; i < plan->hops.size() && pass; ++i) {
            const PlannedHop &ph = plan->hops[i];
            if (!ph.varies)
              continue;
            std::vector<StageReport> st;
            std::vector<std::string> warnings;
            const AnalyticHopChannel cc =
                analytic_hop_channel(tc.hops[i], ph.pkg, cond, baud, ctx, st, warnings);
            const double fit_err = fit_loss_model(interp_fit(ph, dl)).il_nyquist_db -
                                   fit_loss_model(cc.fit).il_nyquist_db;
            pass = warnings.empty() && cc.fit.used == ph.fit.used &&
                   std::abs(interp_il(ph, len) - cc.il_nyquist_db) <=
                       (ph.nyquist.empty() ? kPlanCheckDb : kPlanIlDb) &&
                   std::abs(fit_err) <= kPlanCheckDb;
          }
        }
        if (!pass)
          break;
        plan->length_min_ok_m = lc;
      }
    }
  } catch (const std::exception &) {
    plan->usable = false; // the full evaluation gives the error, at the point's own length
  }
  return plan;
}

// Plans by key: read-mostly (shared lock); each thread remembers its last plan.
class PlanCache {
public:
  /// The request's plan; the pointer holds until this thread's next get().
  const AnalyticPlan *get(const LinkRequest &req) {
    // Each thread remembers its last request's key fields and plan: a sweep's consecutive points
    // mostly share them, and then no key is built, no lock taken, no reference count touched.
    thread_local LinkRequest last_req;
    thread_local std::shared_ptr<const AnalyticPlan> last;
    thread_local std::uint64_t last_epoch = 0;
    if (last && last_epoch == epoch_.load(std::memory_order_relaxed) &&
        req.temperature_k == last_req.temperature_k && req.tech == last_req.tech &&
        req.rate == last_req.rate && req.modulation == last_req.modulation &&
        req.sets == last_req.sets && req.channels == last_req.channels &&
        req.catalogs == last_req.catalogs)
      return last.get();
    std::string key = plan_key(req);
    std::shared_ptr<const AnalyticPlan> p;
    {
      std::shared_lock lock(mutex_);
      const auto it = plans_.find(key);
      if (it != plans_.end())
        p = it->second;
    }
    if (!p) {
      p = build_plan(req); // outside the lock: threads on other keys go on
      std::unique_lock lock(mutex_);
      if (plans_.size() >= 4096) { // a sweep over thousands of set values: start over
        plans_.clear();
        epoch_.fetch_add(1, std::memory_order_relaxed);
      }
      p = plans_.emplace(std::move(key), p).first->second;
    }
    last_req.tech = req.tech;
    last_req.rate = req.rate;
    last_req.modulation = req.modulation;
    last_req.sets = req.sets;
    last_req.channels = req.channels;
    last_req.catalogs = req.catalogs;
    last_req.temperature_k = req.temperature_k;
    last = std::move(p);
    last_epoch = epoch_.load(std::memory_order_relaxed);
    return last.get();
  }

  /// Drops every plan; each thread's remembered plan is invalidated through the epoch.
  void clear() {
    std::unique_lock lock(mutex_);
    plans_.clear();
    epoch_.fetch_add(1, std::memory_order_relaxed);
  }

private:
  std::shared_mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<const AnalyticPlan>> plans_;
  std::atomic<std::uint64_t> epoch_{1};
};

PlanCache &plan_cache() {
  static PlanCache c;
  return c;
}

// combine_hops's margin needs the SNR at the per-hop pre-FEC target (a bisection through the
// FEC): memoised per (FEC, modulation, BER target, hops).
double required_snr_db(const LaneRate &lane, double ber_target, std::size_t hops) {
  using Key = std::tuple<std::string, int, double, std::size_t>;
  static std::shared_mutex m;
  static std::map<Key, double> memo;
  thread_local Key last_key;
  thread_local double last = 0;
  if (std::get<0>(last_key) == lane.fec.name && std::get<1>(last_key) == lane.modulation.levels &&
      std::get<2>(last_key) == ber_target && std::get<3>(last_key) == hops)
    return last;
  Key key{lane.fec.name, lane.modulation.levels, ber_target, hops};
  {
    std::shared_lock lock(m);
    const auto it = memo.find(key);
    if (it != memo.end()) {
      last_key = key;
      return last = it->second;
    }
  }
  const double snr = required_hop_snr_db(lane.modulation, lane.fec, ber_target, hops);
  std::unique_lock lock(m);
  if (memo.size() > 4096)
    memo.clear();
  memo.emplace(key, snr);
  last_key = key;
  return last = snr;
}

// combine_hops (phy/src/link.cpp) with the margin's SNR requirement memoised.
LinkSummary combine(std::span<const HopSummary> hops, const LaneRate &lane, double ber_target,
                    bool frame_loss) {
  // A sweep row has no frame-loss column: frame_bits 0 skips it.
  return combine_hops_with(hops, lane.fec, ber_target,
                           required_snr_db(lane, ber_target, hops.size()), frame_loss ? 512 : 0);
}

} // namespace

std::optional<std::pair<double, double>> analytic_plan_range(const LinkRequest &req) {
  const AnalyticPlan *p = plan_cache().get(req);
  if (!p->usable)
    return std::nullopt;
  return std::pair{p->length_min_ok_m, p->length_max_ok_m};
}

bool evaluate_link_analytic(const LinkRequest &req, LinkReport &rep, bool details) {
  if (!(req.length_m >= 0))
    return false;
  const AnalyticPlan &plan = *plan_cache().get(req);
  // A report (details) carries the full evaluation's warnings: the plan checked for none up to
  // length_max; beyond it extreme losses can raise numerical causality warnings, so reports
  // there take the full evaluation. A sweep row has no warnings column.
  const double max_ok = details ? plan.length_verified_m : plan.length_max_ok_m;
  if (!plan.usable || req.length_m > max_ok || req.length_m < plan.length_min_ok_m)
    return false;
  const double len = req.length_m, dl = len - plan.length_a_m;
  if (details) {
    rep.request = req;
    rep.warnings.insert(rep.warnings.end(), plan.tech_warnings.begin(), plan.tech_warnings.end());
    if (req.length_m < plan.tech_length_min_m || req.length_m > plan.tech_length_max_m) {
      Technology range;
      range.name = req.tech;
      range.length_min_m = plan.tech_length_min_m;
      range.length_max_m = plan.tech_length_max_m;
      rep.warnings.push_back(length_range_warning(range, req.length_m));
    }
  }
  rep.lane = plan.lane;
  rep.rate_class = plan.rate_class;
  const LaneRate &lane = plan.lane;
  std::optional<Technology> tech_at_len; // details: stage names of length-scaled stages
  if (details)
    for (const auto &h : plan.hops)
      if (h.varies)
        tech_at_len = link_technology(req, len);
  bool com_ok = true, reach_ok = true, loss_ok = true;
  HopSummary sums_buf[9];
  std::size_t nsum = 0;
  rep.hops.reserve(plan.hops.size());
  for (std::size_t i = 0; i < plan.hops.size(); ++i) {
    const PlannedHop &ph = plan.hops[i];
    HopReport hr;
    hr.name = ph.name;
    hr.kind = to_string(ph.kind);
    std::optional<OpticalHopResult> opt;
    if (ph.pmd) {
      OpticalSpan span = ph.span;
      if (ph.span_tracks_length)
        span.length_m = len;
      opt = evaluate_optical_hop(*ph.pmd, span, lane.modulation);
      hr.pmd = opt->pmd;
      hr.optical_margin_db = opt->margin_db;
      hr.optical_il_db = opt->channel_il_db;
      if (details) {
        StageReport sr;
        sr.name = ph.pmd->name + " optics over " + ph.pmd->fibre + " " +
                  format_value(span.length_m) + " m";
        sr.kind = "optical";
        sr.hop = ph.name;
        rep.stages.push_back(sr);
      }
      if (!opt->within_reach) {
        reach_ok = false;
        if (details)
          rep.warnings.push_back(ph.name + ": " + format_value(span.length_m) +
                                 " m of fibre exceeds the operating reach of " + ph.pmd->name +
                                 " (" + format_value(ph.pmd->reach_m) + " m)");
      }
      if (!opt->within_loss_budget) {
        loss_ok = false;
        if (details)
          rep.warnings.push_back(
              ph.name + ": optical channel IL " + format_value(opt->channel_il_db) +
              " dB exceeds the " + ph.pmd->name + " budget of " +
              format_value(ph.pmd->channel_il_max_db + ph.pmd->additional_il_db) + " dB");
      }
    }
    if (ph.kind == HopKind::optical) {
      hr.il_nyquist_db = opt->channel_il_db;
      hr.snr_db = opt->snr_db;
      hr.ber = opt->ber;
    } else {
      if (details) {
        if (!ph.varies) {
          rep.stages.insert(rep.stages.end(), ph.fixed_stages.begin(), ph.fixed_stages.end());
        } else {
          // Fixed stages as reported at the anchor; length-scaled ones described anew.
          const auto &specs = tech_at_len->hops[i].stage_specs;
          for (std::size_t k = 0; k < specs.size(); ++k)
            rep.stages.push_back(
                ph.spec_varies[k] ? stage_report(specs[k], ph.name, channel_context(req.catalogs))
                                  : ph.fixed_stages[k]);
        }
      }
      hr.serdes = ph.serdes;
      AnalyticInput a = ph.input;
      if (ph.varies) {
        hr.il_nyquist_db = interp_il(ph, len);
        a.loss = fit_loss_model(interp_fit(ph, dl));
        // Far beyond any reach the full evaluation clamps |h| at 1e-300 (6000 dB): leave it that.
        if (!(std::isfinite(hr.il_nyquist_db) && a.loss.il_nyquist_db < 3000))
          return false;
      } else {
        hr.il_nyquist_db = ph.il_db;
        a.loss = fit_loss_model(ph.fit);
      }
      const AnalyticResult ar = analytic_snr(*ph.grid, a);
      hr.snr_db = ar.snr_db;
      hr.ber = ar.ber;
      hr.snr_margin_der0_db = hr.snr_db - ph.snr_der0_db;
      if (plan.com_min_db > 0 && *hr.snr_margin_der0_db < plan.com_min_db)
        com_ok = false;
      if (ph.kind == HopKind::linear)
        add_optical_noise(hr, lane.modulation, opt->snr_db);
    }
    hr.ber = std::min(hr.ber, 0.5);
    if (nsum < std::size(sums_buf))
      sums_buf[nsum++] = {hr.name, hr.il_nyquist_db, hr.snr_db, hr.ber};
    rep.hops.push_back(std::move(hr));
  }
  rep.summary = combine(std::span<const HopSummary>(sums_buf, nsum), lane, req.ber_target, details);
  const bool ber_ok = rep.summary.feasible;
  rep.limited_by = limiting_criterion(ber_ok, com_ok, reach_ok, loss_ok);
  rep.summary.feasible = rep.limited_by.empty();
  std::optional<double> hop1_il;
  if (!rep.hops.empty() && req.channels.empty())
    hop1_il = rep.hops.front().il_nyquist_db;
  rep.power = link_power_or_warning(req, lane, hop1_il, rep.warnings);
  return true;
}

} // namespace linkphy::sweeps::detail

namespace linkphy::sweeps {

void clear_analytic_plans() { detail::plan_cache().clear(); }

} // namespace linkphy::sweeps
