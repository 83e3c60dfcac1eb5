// COM/ERL runs: Touchstone channels + a COM parameter table → phy's Annex 93A engine.
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/fft.hpp>
#include <linkphy/phy/network_ops.hpp>
#include <linkphy/phy/pulse_response.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/sweeps/com_run.hpp>

#include <linkphy/phy/touchstone.hpp>

#include <Eigen/SVD>

#include <algorithm>
#include <cmath>
#include <future>
#include <numbers>
#include <sstream>

namespace linkphy::sweeps {
namespace {
using com::Complex;

std::string fmt(double v, int prec = 4) {
  std::ostringstream os;
  os.precision(prec);
  os << v;
  return os.str();
}

Network read_s4p(const std::string &path) {
  TouchstoneData d = read_touchstone(path);
  require_channel_magnitudes(d, path);
  Network n = std::move(d.network);
  if (n.ports != 4)
    throw InputError(path, "COM needs a 4-port (.s4p) channel, got " + std::to_string(n.ports) +
                               " ports");
  return n;
}

// Shunt C, line, shunt C of a host board (Clause 92 / the reference code's add_brd).
com::TwoPort board(std::span<const double> f, const transceivers::ComTable &t, double len_mm,
                   double c_near, double c_far) {
  const com::LineModel line{t.board_gamma0_per_mm, t.board_a1_per_mm_sqrt_ghz,
                            t.board_a2_per_mm_ghz, t.board_tau_ns_per_mm};
  com::TwoPort b = com::shunt_capacitance(f, c_near, t.r_0_ohm);
  b = com::cascade(b, com::transmission_line(f, line, t.board_z_c_ohm, len_mm, t.r_0_ohm));
  return com::cascade(b, com::shunt_capacitance(f, c_far, t.r_0_ohm));
}

com::Settings settings(const transceivers::ComTable &t) {
  com::Settings s;
  s.f_b_hz = t.f_b_hz;
  s.levels = t.levels;
  s.samples_per_ui = t.samples_per_ui;
  s.der0 = t.der0;
  s.a_v_v = t.a_v_v;
  s.a_fe_v = t.a_fe_v;
  s.a_ne_v = t.a_ne_v;
  s.r_lm = t.r_lm;
  s.t_r_s = t.t_r_s;
  s.f_r_hz = t.f_r_hz;
  s.rc_start_hz = t.rc_start_hz;
  s.rc_end_hz = t.rc_end_hz;
  s.eta0_v2_per_hz = t.eta0_v2_per_hz;
  s.snr_tx_db = t.snr_tx_db;
  s.sigma_rj_ui = t.sigma_rj_ui;
  s.a_dd_ui = t.a_dd_ui;
  s.f_z_hz = t.ctle.f_z_hz;
  s.f_p1_hz = t.ctle.f_p1_hz;
  s.f_p2_hz = t.ctle.f_p2_hz;
  s.f_hp_pz_hz = t.ctle.f_hp_pz_hz;
  s.g_dc_db = t.ctle.g_dc_db;
  s.g_dc_hp_db = t.ctle.g_dc_hp_db;
  s.tx_pre_taps = t.tx_ffe.pre_taps;
  s.tx_tap_values = t.tx_ffe.tap_values;
  s.c0_min = t.tx_ffe.c0_min;
  s.b_max = t.dfe.b_max;
  s.b_min = t.dfe.b_min;
  s.n_bg = t.dfe.n_bg;
  s.n_bf = t.dfe.n_bf;
  s.n_f = t.dfe.n_f;
  s.b_max_g = t.dfe.b_max_g;
  s.b_float_rss_max = t.dfe.b_float_rss_max;
  s.n_tail_start = t.dfe.n_tail_start;
  return s;
}

double il_at(std::span<const double> f, std::span<const Complex> s21, double f0) {
  for (std::size_t k = 1; k < f.size(); ++k)
    if (f[k] >= f0) {
      const double t = (f0 - f[k - 1]) / (f[k] - f[k - 1]);
      const double m = std::abs(s21[k - 1]) + t * (std::abs(s21[k]) - std::abs(s21[k - 1]));
      return -20.0 * std::log10(std::max(m, 1e-300));
    }
  return -20.0 * std::log10(std::max(std::abs(s21.back()), 1e-300));
}
} // namespace

// Annex 93A's package model and ERL terminate the channel in R_0 (93A.1.2), so its S-parameters
// must be referenced to R_0: a file written for another impedance (`R 75`, a version 2
// [Reference]) is renormalised first (power waves, Pozar §4.3; = scikit-rf Network.renormalize).
Network at_r0(const Network &n, double r_0_ohm, std::vector<std::string> &warnings) {
  const std::vector<double> r0(static_cast<std::size_t>(n.ports), r_0_ohm);
  if (n.z0_ohm == r0)
    return n;
  std::string z;
  for (double v : n.z0_ohm) {
    if (!z.empty())
      z += ' ';
    z += number_text(v);
  }
  warnings.push_back(n.name + ": referenced to " + z +
                     " ohm in the file; renormalised to R_0 = " + number_text(r_0_ohm) + " ohm");
  return renormalize(n, r0);
}

double ComReport::com_min_db() const {
  double m = 1e300;
  for (const auto &c : cases)
    m = std::min(m, c.result.com_db);
  return m;
}

bool ComReport::pass() const { return com_min_db() >= com_pass_db && erl_db >= erl_pass_db; }

com::TwoPort differential(const Network &n, const int (&po)[4]) {
  if (n.ports != 4)
    throw InputError(n.name, "COM needs a 4-port (.s4p) channel, got " + std::to_string(n.ports) +
                                 " ports");
  const int ip = po[0] - 1, im = po[1] - 1, op = po[2] - 1, om = po[3] - 1;
  com::TwoPort t;
  const std::size_t nf = n.frequencies();
  t.s11.resize(nf);
  t.s12.resize(nf);
  t.s21.resize(nf);
  t.s22.resize(nf);
  for (std::size_t k = 0; k < nf; ++k) { // mixed-mode Sdd (Bockelman & Eisenstadt 1995)
    auto dd = [&](int a, int am, int b, int bm) {
      return 0.5 * (n.at(k, a, b) - n.at(k, a, bm) - n.at(k, am, b) + n.at(k, am, bm));
    };
    t.s11[k] = dd(ip, im, ip, im);
    t.s12[k] = dd(ip, im, op, om);
    t.s21[k] = dd(op, om, ip, im);
    t.s22[k] = dd(op, om, op, om);
  }
  return t;
}

std::vector<std::string> check_channel(const Network &n, const int (&po)[4]) {
  std::vector<std::string> w;
  // Passivity: largest singular value of S at each frequency must not exceed 1.
  double worst = 0, worst_f = 0;
  for (std::size_t k = 0; k < n.frequencies(); ++k) {
    Eigen::JacobiSVD<CMatrix> svd(CMatrix(n.matrix(k)));
    const double sv = svd.singularValues()(0);
    if (sv > worst) {
      worst = sv;
      worst_f = n.freq_hz[k];
    }
  }
  if (worst > 1.0 + 1e-4) // measurement noise below 1e-4 is not reported
    w.push_back(n.name + ": S-parameters not passive: largest singular value " + fmt(worst, 6) +
                " at " + fmt(worst_f / 1e9) + " GHz (exceeds 1 by " + fmt(worst - 1.0, 3) + ", " +
                fmt(20 * std::log10(worst), 3) + " dB)");
  // Causality: energy of the (band-windowed) Sdd21 impulse response at negative time.
  const com::TwoPort d = differential(n, po);
  const auto &f = n.freq_hz;
  if (f.size() >= 10) {
    const double step = f[2] - f[1];
    const double f_max = f.back();
    const std::size_t intervals = fft_grid_intervals(f_max, step, n.name);
    std::vector<Complex> h(f.size());
    for (std::size_t k = 0; k < f.size(); ++k) { // Hann window over the band against Gibbs
      const double win = 0.5 + 0.5 * std::cos(std::numbers::pi * f[k] / f_max);
      h[k] = d.s21[k] * win;
    }
    const auto spec =
        resample_transfer(f, h, f_max / static_cast<double>(intervals), intervals + 1);
    InverseRealFft ifft(intervals + 1);
    std::vector<double> ir(ifft.time_points());
    ifft.run(spec, ir);
    double total = 0, before = 0;
    for (std::size_t i = 0; i < ir.size(); ++i) {
      total += ir[i] * ir[i];
      if (i >= ir.size() / 2)
        before += ir[i] * ir[i];
    }
    if (total > 0 && before / total > 1e-3)
      w.push_back(n.name + ": Sdd21 not causal: " + fmt(100.0 * before / total, 3) +
                  " % of the impulse-response energy lies before t = 0 (" +
                  fmt(10 * std::log10(before / total), 3) +
                  " dB), or the response outlasts the file's record of 1/df = " +
                  fmt(1e9 / step, 4) + " ns and wraps round");
  }
  return w;
}

ComReport run_com(const transceivers::ComTable &t, const Network &thru_file,
                  std::span<const Network> fext_file, std::span<const Network> next_file,
                  const int (&po)[4]) {
  ComReport rep;
  const Network thru = at_r0(thru_file, t.r_0_ohm, rep.warnings);
  std::vector<Network> fext, next;
  for (const auto &a : fext_file)
    fext.push_back(at_r0(a, t.r_0_ohm, rep.warnings));
  for (const auto &a : next_file)
    next.push_back(at_r0(a, t.r_0_ohm, rep.warnings));
  rep.table_name = t.name;
  rep.table_file = t.file;
  rep.thru_name = thru.name;
  rep.com_pass_db = t.com_pass_db;
  rep.erl_pass_db = t.erl_pass_db;
  for (const auto &w : check_channel(thru, po))
    rep.warnings.push_back(w);
  const com::TwoPort ch = differential(thru, po);
  const auto &f = thru.freq_hz;
  rep.il_nyquist_db = il_at(f, ch.s21, t.f_b_hz / 2);
  // ERL of both ports of the channel alone (TDR_W_TXPKG = 0), Annex 93A.5.
  com::ErlSettings es;
  es.f_b_hz = t.f_b_hz;
  es.samples_per_ui = t.samples_per_ui;
  es.levels = t.levels;
  es.der0 = t.der0;
  es.f_r_hz = t.f_r_hz;
  es.tukey_window = t.erl_tukey_window;
  es.t_r_s = t.erl_tr_s;
  es.n_ui = t.erl_n;
  es.n_bx = t.erl_n_bx;
  es.rho_x = t.erl_rho_x;
  es.beta_x = t.erl_beta_x;
  es.fixture_delay_s = t.erl_tfx_s;
  if (f.size() >= 10 && f.back() >= t.f_b_hz / 2) {
    auto port2 =
        std::async(std::launch::async, [&] { return com::effective_return_loss(f, ch.s22, es); });
    try { // ERL's errors (its grid: fft_grid_intervals) name the channel they come from
      rep.erl11_db = com::effective_return_loss(f, ch.s11, es);
      rep.erl22_db = port2.get();
    } catch (const InputError &e) {
      if (port2.valid())
        port2.wait();
      throw InputError(thru.name, "ERL: " + e.detail());
    }
    rep.erl_db = std::min(rep.erl11_db, rep.erl22_db);
  }
  std::vector<com::TwoPort> fx, nx;
  for (const auto &a : fext) {
    for (const auto &s : check_channel(a, po))
      rep.warnings.push_back(s);
    fx.push_back(differential(a, po));
    rep.fext_names.push_back(a.name);
  }
  for (const auto &a : next) {
    for (const auto &s : check_channel(a, po))
      rep.warnings.push_back(s);
    nx.push_back(differential(a, po));
    rep.next_names.push_back(a.name);
  }
  const com::LineModel line{t.gamma0_per_mm, t.a1_per_mm_sqrt_ghz, t.a2_per_mm_ghz,
                            t.tau_ns_per_mm};
  const double g_tx = (t.r_d_tx_ohm - t.r_0_ohm) / (t.r_d_tx_ohm + t.r_0_ohm);
  const double g_rx = (t.r_d_rx_ohm - t.r_0_ohm) / (t.r_d_rx_ohm + t.r_0_ohm);
  const com::Settings st = settings(t);
  auto path = [&](const Network &net, const com::TwoPort &c, com::PathKind kind,
                  const std::vector<double> &zp_tx, const std::vector<double> &zp_rx, double bp_tx,
                  double bp_rx) {
    const auto &ff = net.freq_hz;
    com::TwoPort chain = com::package(ff, transceivers::package_side(t, 0, zp_tx), line, t.r_0_ohm);
    if (t.include_pcb)
      chain = com::cascade(chain, board(ff, t, bp_tx, t.board_c_0_f, t.board_c_1_f));
    chain = com::cascade(chain, c);
    if (t.include_pcb)
      chain = com::cascade(chain, board(ff, t, bp_rx, t.board_c_1_f, t.board_c_0_f));
    chain = com::cascade(chain, com::flipped(com::package(
                                    ff, transceivers::package_side(t, 1, zp_rx), line, t.r_0_ohm)));
    com::PathTransfer p;
    p.kind = kind;
    p.f_hz = ff;
    p.h21 = com::terminated_transfer(chain, g_tx, g_rx);
    p.name = net.name;
    return p;
  };
  int index = 0;
  for (const auto &pc : t.cases) {
    ++index;
    const com::PathTransfer victim =
        path(thru, ch, com::PathKind::thru, pc.z_p_tx_mm, pc.z_p_rx_mm, t.z_bp_tx_mm, t.z_bp_rx_mm);
    std::vector<com::PathTransfer> aggr;
    for (std::size_t i = 0; i < fx.size(); ++i)
      aggr.push_back(path(fext[i], fx[i], com::PathKind::fext, pc.z_p_fext_mm, pc.z_p_rx_mm,
                          t.z_bp_fext_mm, t.z_bp_rx_mm));
    for (std::size_t i = 0; i < nx.size(); ++i) // as the reference code's add_brd for NEXT
      aggr.push_back(path(next[i], nx[i], com::PathKind::next, pc.z_p_next_mm, pc.z_p_rx_mm,
                          t.z_bp_rx_mm, t.z_bp_next_mm));
    ComCaseReport cr;
    cr.index = index;
    cr.package = pc;
    cr.result = com::evaluate(st, victim, aggr);
    for (const auto &w : cr.result.warnings)
      if (std::find(rep.warnings.begin(), rep.warnings.end(), w) == rep.warnings.end())
        rep.warnings.push_back(w);
    rep.cases.push_back(std::move(cr));
  }
  return rep;
}

Network read_channel(const std::string &path) { return read_s4p(path); }

ComReport run_com_files(const std::string &table, const std::string &thru,
                        const std::vector<std::string> &fext,
                        const std::vector<std::string> &next) {
  const transceivers::ComTable t = transceivers::find_com_table(table);
  const Network th = read_s4p(thru);
  std::vector<Network> fx, nx;
  for (const auto &p : fext)
    fx.push_back(read_s4p(p));
  for (const auto &p : next)
    nx.push_back(read_s4p(p));
  return run_com(t, th, fx, nx, t.port_order);
}

} // namespace linkphy::sweeps
