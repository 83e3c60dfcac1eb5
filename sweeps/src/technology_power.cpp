// Power of one link of a technology from its module build and host SerDes (technology_power.hpp).
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/sweeps/link_eval.hpp>
#include <linkphy/sweeps/technology.hpp>
#include <linkphy/sweeps/technology_power.hpp>
#include <linkphy/transceivers/catalogs.hpp>
#include <linkphy/transceivers/power_models.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <sstream>
#include <unordered_map>

namespace linkphy::sweeps {
namespace {

namespace tr = transceivers;

std::string gbps(double bps) {
  std::ostringstream os;
  os.precision(6);
  os << bps * 1e-9 << " Gb/s";
  return os.str();
}

// A part's family: its name without tokens that only name a rate ("112g") or a process node
// ("5nm"), e.g. dsp_pam4_5nm_100g → dsp_pam4.
std::string family(const std::string &name) {
  std::string out;
  std::stringstream ss(name);
  std::string tok;
  while (std::getline(ss, tok, '_')) {
    std::size_t i = 0;
    while (i < tok.size() && std::isdigit(static_cast<unsigned char>(tok[i])))
      ++i;
    const std::string tail = tok.substr(i);
    if (i > 0 && (tail == "g" || tail == "nm"))
      continue;
    out += (out.empty() ? "" : "_") + tok;
  }
  return out;
}

// A loss in dB to 0.1 dB through std::to_chars (without printf's cost: these warnings come with
// every DAC point beyond the SerDes' loss).
std::string db1(double v) {
  char buf[400];
  const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 1);
  return std::string(buf, r.ptr);
}

bool covers(const tr::PartPowerSpec &p, double rate_bps) {
  // 1e-6 relative slack: class rates are exact decimal values, ranges too.
  return rate_bps >= p.min_rate_bps * (1 - 1e-6) && rate_bps <= p.max_rate_bps * (1 + 1e-6);
}

tr::PartPowerSpec part_for_rate(const tr::PartPowerSpec &part, double rate_bps,
                                const std::string &module) {
  if (covers(part, rate_bps))
    return part;
  const std::string fam = family(part.name);
  const Catalog &cat = tr::builtin_catalog("power.toml");
  std::string range;
  for (const auto &name : cat.names()) {
    if (family(name) != fam || cat.entry(name, "power part").text("kind") != part.kind)
      continue;
    const tr::PartPowerSpec cand = tr::find_part_power(name);
    if (covers(cand, rate_bps))
      return cand;
    range += (range.empty() ? "" : ", ") + name + " " + gbps(cand.min_rate_bps) + " to " +
             gbps(cand.max_rate_bps);
  }
  throw InputError("module '" + module + "' part '" + part.name + "'",
                   "no " + part.kind + " of its family runs " + gbps(rate_bps) + " (" + range +
                       ")");
}

void swap_part(std::optional<tr::PartPowerSpec> &p, double rate, const std::string &module) {
  if (p)
    p = part_for_rate(*p, rate, module);
}

// Host SerDes reach class of a SerDes class name (transceivers/catalog/serdes.toml).
std::string reach_of(const std::string &serdes, const std::string &tech) {
  for (const char *r : {"xsr", "vsr", "mr", "lr"})
    if (serdes == r)
      return r;
  throw InputError("technology '" + tech + "' key 'serdes'",
                   "'" + serdes + "' is not a host SerDes reach class (xsr, vsr, mr, lr)");
}

int serdes_rate_class(const LaneRate &lane, const std::string &tech) {
  const double r = lane.line_rate_bps;
  // The catalog's SerDes rate ranges (power.toml): 28G class 19.6–32, 56G 40–64, 112G 80–128,
  // 224G 160–256.
  if (r >= 19.6e9 && r <= 32e9)
    return 28;
  if (r >= 40e9 && r <= 64e9)
    return 56;
  if (r >= 80e9 && r <= 128e9)
    return 112;
  if (r >= 160e9 && r <= 256e9)
    return 224;
  throw InputError("technology '" + tech + "'",
                   "no host SerDes class runs " + gbps(r) +
                       " (28G class 19.6 to 32 Gb/s, 56G class 40 to 64, 112G class 80 to 128, "
                       "224G class 160 to 256)");
}

// Loss at Nyquist of hop 1 at the link length (the analytic tier builds the same channel as the
// other tiers; only its IL is used here).
double hop1_il_db(const std::string &tech, const LaneRate &lane, double length_m,
                  const std::vector<std::string> &sets, double temperature_k,
                  const std::vector<std::string> &catalogs) {
  LinkRequest req;
  req.catalogs = catalogs;
  req.temperature_k = temperature_k; // the stages' temperature, as the link evaluation's
  req.tech = tech;
  req.length_m = length_m;
  req.rate = lane.name;
  req.modulation = lane.modulation.name();
  req.sets = sets;
  req.fidelity = Fidelity::analytic;
  req.with_power = false;
  const LinkReport rep = evaluate_link(req);
  return rep.hops.empty() ? 0.0 : rep.hops.front().il_nyquist_db;
}

// The host SerDes law at `op` (affine in loss): fills the at_0db/per_db/max fields.
void host_law(TechnologyPower &r, const tr::PartPowerSpec &s, tr::OperatingPoint op) {
  op.loss_db = 0;
  r.host_lane_w_at_0db = tr::part_power_w(s, op);
  op.loss_db = std::min(1.0, s.max_loss_db);
  r.host_lane_w_per_db =
      op.loss_db > 0 ? (tr::part_power_w(s, op) - r.host_lane_w_at_0db) / op.loss_db : 0.0;
  r.host_max_loss_db = s.max_loss_db;
}

void add_scaled(PowerLedger &to, const PowerLedger &from, LinkEnd end, double count) {
  for (PowerEntry e : from.entries()) {
    if (e.end == LinkEnd::a)
      e.end = end;
    e.power_w *= count;
    e.heat_w *= count;
    to.add(std::move(e));
  }
}

} // namespace

transceivers::ModuleBuild module_at_rate(const transceivers::ModuleBuild &build,
                                         const LaneRate &lane) {
  tr::ModuleBuild b = build;
  const double rate = lane.line_rate_bps;
  if (!(rate > 0))
    throw InputError("module '" + build.name + "'", "lane rate must be > 0");
  // Same architecture, same payload: lanes × rate. Lane payload from the lane's FEC.
  const double old_lane_payload = build.payload_bps / build.lanes;
  const double new_lane_payload = rate * lane.fec.rate();
  const double lanes = std::round(build.lanes * old_lane_payload / new_lane_payload);
  if (std::abs(build.lane_rate_bps - rate) <= 1e-6 * rate)
    return b; // the build's own rate: unchanged
  if (!(lanes >= 1 && lanes <= 64))
    throw InputError("module '" + build.name + "'", "at " + gbps(rate) + " it would need " +
                                                        std::to_string(lanes) +
                                                        " lanes per end; accepted 1 to 64");
  b.lanes = static_cast<int>(lanes);
  b.lane_rate_bps = rate;
  b.payload_bps = b.lanes * new_lane_payload;
  swap_part(b.dsp_host_serdes, rate, b.name);
  swap_part(b.dsp, rate, b.name);
  swap_part(b.cdr, rate, b.name);
  swap_part(b.driver, rate, b.name);
  swap_part(b.tia, rate, b.name);
  swap_part(b.redriver, rate, b.name);
  swap_part(b.retimer, rate, b.name);
  swap_part(b.d2d, rate, b.name);
  swap_part(b.host_serdes, rate, b.name);
  // The EEPROM runs no lanes (module_power clamps its rate); lasers and optics are unchanged.
  return b;
}

namespace {

// What technology_power needs that depends on neither the length nor the lane count: the
// technology's module build at the lane rate (or its host SerDes power spec), looked up once per
// (tech, lane, sets, ambient) (DESIGN.md §8: catalog lookups are setup). A lookup that failed is
// kept as its exception and rethrown.
struct PowerSetup {
  std::exception_ptr error;
  std::string module_name;                 ///< the entry's `module` ("" when host SerDes only)
  std::optional<tr::ModuleBuild> build;    ///< module_at_rate of it
  std::optional<tr::PartPowerSpec> serdes; ///< host-only technologies
  std::optional<tr::ModulePower> fixed;    ///< module power when it does not track the length
};

std::string power_key(const std::string &tech, const LaneRate &lane,
                      const std::vector<std::string> &sets, double ambient_k) {
  std::string k;
  k.reserve(64);
  auto num = [&](double v) { // the bits: no formatting on the per-point path
    char b[sizeof(double)];
    std::memcpy(b, &v, sizeof b);
    k.append(b, sizeof b);
  };
  k += tech;
  k += '\x1f';
  k += lane.name;
  k += '\x1f';
  k += lane.fec.name;
  k += '\x1f';
  num(lane.line_rate_bps);
  num(lane.baud_bd);
  num(lane.modulation.levels);
  num(ambient_k);
  for (const auto &s : sets) {
    k += '\x1e';
    k += s;
  }
  return k;
}

std::shared_ptr<const PowerSetup> make_setup(const std::string &tech, const LaneRate &lane,
                                             const std::vector<std::string> &sets,
                                             double ambient_k) {
  auto st = std::make_shared<PowerSetup>();
  try {
    // Validates the name (listing the known ones) and the sets.
    const Technology any_rate = make_technology(tech, 1.0, sets);
    // A rate the technology does not run has no power either (as evaluate_link refuses it).
    const std::string cls = technology_rate_class(any_rate, lane);
    // At a lane-rate class, per-rate keys (module_25G …) stand in for their base key: the
    // module build and the SerDes of hop 1 at this class.
    const Technology t = cls.empty() ? any_rate : make_technology(tech, 1.0, sets, cls);
    if (!t.module.empty()) {
      st->module_name = t.module;
      st->build = module_at_rate(tr::find_module(t.module), lane);
      if (!(st->build->kind == tr::ModuleKind::dac && st->build->host_serdes)) {
        tr::ModuleConditions cond;
        cond.ambient_k = ambient_k;
        st->fixed = tr::module_power(*st->build, cond);
      }
    } else {
      const std::string reach = reach_of(t.hops.front().serdes, tech);
      st->serdes = tr::find_serdes_power(reach, serdes_rate_class(lane, tech));
    }
  } catch (...) {
    st->error = std::current_exception();
  }
  return st;
}

std::shared_ptr<const PowerSetup> power_setup(const std::string &tech, const LaneRate &lane,
                                              const std::vector<std::string> &sets,
                                              double ambient_k) {
  static std::shared_mutex m;
  static std::unordered_map<std::string, std::shared_ptr<const PowerSetup>> cache;
  // Each thread remembers its last setup: consecutive points of a sweep share it.
  thread_local std::string last_tech, last_lane, last_fec;
  thread_local std::vector<std::string> last_sets;
  thread_local double last_rate = 0, last_baud = 0, last_ambient = 0;
  thread_local int last_levels = 0;
  thread_local std::shared_ptr<const PowerSetup> last;
  if (last && tech == last_tech && lane.name == last_lane && lane.fec.name == last_fec &&
      lane.line_rate_bps == last_rate && lane.baud_bd == last_baud &&
      lane.modulation.levels == last_levels && ambient_k == last_ambient && sets == last_sets)
    return last;
  auto remember = [&](std::shared_ptr<const PowerSetup> st) {
    last_tech = tech;
    last_lane = lane.name;
    last_fec = lane.fec.name;
    last_sets = sets;
    last_rate = lane.line_rate_bps;
    last_baud = lane.baud_bd;
    last_levels = lane.modulation.levels;
    last_ambient = ambient_k;
    last = st;
    return st;
  };
  std::string key = power_key(tech, lane, sets, ambient_k);
  {
    std::shared_lock lock(m);
    const auto it = cache.find(key);
    if (it != cache.end())
      return remember(it->second);
  }
  auto st = make_setup(tech, lane, sets, ambient_k);
  std::unique_lock lock(m);
  if (cache.size() >= 4096)
    cache.clear();
  return remember(cache.emplace(std::move(key), std::move(st)).first->second);
}

} // namespace

int technology_module_lanes(const std::string &tech, const LaneRate &lane,
                            const std::vector<std::string> &sets, double ambient_k) {
  if (!(ambient_k >= 200 && ambient_k <= 400))
    throw InputError("ambient", "must be 200 to 400 K");
  const std::shared_ptr<const PowerSetup> setup = power_setup(tech, lane, sets, ambient_k);
  if (setup->error)
    std::rethrow_exception(setup->error);
  return setup->build ? setup->build->lanes : 0;
}

TechnologyPower technology_power(const std::string &tech, const LaneRate &lane, int lanes,
                                 double length_m, const std::vector<std::string> &sets,
                                 double ambient_k, std::optional<double> known_hop1_il_db,
                                 double channel_temperature_k,
                                 const std::vector<std::string> &catalogs) {
  if (!(lanes >= 1 && lanes <= 1024))
    throw InputError("lanes", "must be 1 to 1024 (got " + std::to_string(lanes) + ")");
  if (!(length_m >= 0) || !std::isfinite(length_m))
    throw InputError("length", "must be >= 0 m");
  if (!(ambient_k >= 200 && ambient_k <= 400))
    throw InputError("ambient", "must be 200 to 400 K");
  if (!(channel_temperature_k >= 200 && channel_temperature_k <= 450))
    throw InputError("channel temperature",
                     "must be 200 K to 450 K (got " + number_text(channel_temperature_k) + " K)");
  const std::shared_ptr<const PowerSetup> setup = power_setup(tech, lane, sets, ambient_k);
  if (setup->error)
    std::rethrow_exception(setup->error);

  TechnologyPower r;
  double absorbed_per_end_w = 0; // signal absorbed in the cable per transmitting end, W
  r.tech = tech;
  r.lanes = lanes;
  tr::ModuleConditions cond;
  cond.ambient_k = ambient_k;
  if (setup->build) {
    const tr::ModuleBuild &b = *setup->build;
    if (b.kind == tr::ModuleKind::dac && b.host_serdes) {
      // A passive cable: the host SerDes equalises the whole channel (the hop's own IL).
      double il = 0;
      try {
        il = known_hop1_il_db
                 ? *known_hop1_il_db
                 : hop1_il_db(tech, lane, length_m, sets, channel_temperature_k, catalogs);
      } catch (const InputError &e) {
        throw ChannelInputError(e.where(), e.detail());
      }
      cond.host_loss_db = std::min(il, b.host_serdes->max_loss_db);
      r.host_loss_tracks_length = true;
      r.channel_il_db = il;
      if (il > b.host_serdes->max_loss_db)
        r.warnings.push_back("host SerDes " + b.host_serdes->name + " equalises at most " +
                             db1(b.host_serdes->max_loss_db) + " dB; the channel has " + db1(il) +
                             " dB (power charged at its maximum)");
    }
    // The cached module power when it does not track the length; else this thread's last one
    // when the loss is the same (a DAC beyond its SerDes' loss: the loss is clamped).
    // (Held, so no other setup can take its address while it is remembered.)
    thread_local std::shared_ptr<const PowerSetup> last_setup;
    thread_local double last_loss = -1;
    thread_local std::optional<tr::ModulePower> last_power;
    const double loss = cond.host_loss_db.value_or(-1);
    if (!setup->fixed && !(last_setup == setup && last_loss == loss && last_power)) {
      last_setup.reset(); // until it is whole
      last_power = tr::module_power(b, cond);
      last_setup = setup;
      last_loss = loss;
    }
    const tr::ModulePower &m = setup->fixed ? *setup->fixed : *last_power;
    r.module = b.name;
    r.module_lanes = b.lanes;
    r.module_power_w = m.figures.power_w;
    r.module_heat_w = m.ledger.total_heat_w();
    r.host_serdes_lane_w = m.figures.host_serdes_w / b.lanes;
    r.host_loss_db = cond.host_loss_db.value_or(b.host_loss_db);
    if (b.host_serdes) {
      tr::OperatingPoint op;
      op.lane_rate_bps = b.lane_rate_bps;
      op.temperature_k = ambient_k; // as module_power: host silicon at the inlet temperature
      host_law(r, *b.host_serdes, op);
    }
    r.lane_payload_bps = b.payload_bps / b.lanes;
    r.cable_per_module_pair = b.kind != tr::ModuleKind::d2d;
    for (const auto &w : m.warnings)
      r.warnings.push_back(w);
    const int per_end = (lanes + b.lanes - 1) / b.lanes;
    r.modules = 2 * per_end;
    r.cables = r.cable_per_module_pair ? per_end : 0;
    add_scaled(r.ledger, m.ledger, LinkEnd::a, per_end);
    add_scaled(r.ledger, m.ledger, LinkEnd::b, per_end);
    for (const auto &e : m.ledger.entries()) // the signal one end's lanes leave in the cable
      if (e.end == LinkEnd::medium)
        r.module_cable_heat_w += e.heat_w;
    absorbed_per_end_w = per_end * r.module_cable_heat_w;
  } else {
    // Host SerDes only (PCB, backplane): the class of hop 1 at the lane's rate class, equalising
    // the hop's loss at Nyquist.
    const tr::PartPowerSpec &s = *setup->serdes;
    const double il = known_hop1_il_db
                          ? *known_hop1_il_db
                          : hop1_il_db(tech, lane, length_m, sets, channel_temperature_k, catalogs);
    const double loss = std::min(il, s.max_loss_db);
    if (il > s.max_loss_db)
      r.warnings.push_back("host SerDes " + s.name + " equalises at most " + db1(s.max_loss_db) +
                           " dB; the channel has " + db1(il) +
                           " dB (power charged at its maximum)");
    tr::OperatingPoint op;
    op.lane_rate_bps = lane.line_rate_bps;
    op.loss_db = loss;
    op.temperature_k = ambient_k; // host silicon: as module_power's host SerDes
    r.host_serdes_lane_w = tr::part_power_w(s, op);
    r.host_loss_db = loss;
    host_law(r, s, op);
    r.host_loss_tracks_length = true;
    r.channel_il_db = il;
    r.lane_payload_bps = lane.line_rate_bps * lane.fec.rate();
  }
  if (r.host_serdes_lane_w > 0) {
    // Energy conservation: the signal a host SerDes launches into a passive cable and the cable
    // absorbs is drawn by that SerDes but dissipated in the medium (the module's passive entry,
    // one per transmitting end), so it is not also heat at the host; the totals then satisfy
    // heat = drawn power (the part reaching the far termination stays in the host entries).
    const double draw_w = lanes * r.host_serdes_lane_w;
    const double host_heat_w = std::max(0.0, draw_w - absorbed_per_end_w);
    r.ledger.add({"host serdes", "serdes", LinkEnd::a, draw_w, host_heat_w});
    r.ledger.add({"host serdes", "serdes", LinkEnd::b, draw_w, host_heat_w});
  }
  r.host_serdes_w = 2.0 * lanes * r.host_serdes_lane_w;
  r.power_w = r.ledger.total_power_w();
  r.heat_w = r.ledger.total_heat_w();
  r.energy_pj_per_bit = energy_pj_per_bit(r.power_w, lanes * r.lane_payload_bps);
  return r;
}

} // namespace linkphy::sweeps
