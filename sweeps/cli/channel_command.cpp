// `linkphy channel SPEC... --freq START:STOP:N [--format csv|json] [--temperature T] [-o FILE]`:
// frequency response of cascaded media (DESIGN.md §6). CSV columns freq_hz,il_db,s21_re,s21_im.
#include "commands.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/network_ops.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/sweeps/channel_kinds.hpp>
#include <linkphy/sweeps/json_text.hpp>
#include <linkphy/sweeps/output.hpp>
#include <linkphy/sweeps/user_catalog.hpp>

#include <charconv>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

namespace linkphy::cli {
namespace {

struct ChannelOptions {
  std::vector<std::string> specs;
  std::string freq;
  std::string format = "csv";
  std::string temperature = "25 degC";
  std::string output;
  std::vector<std::string> catalogs;
};

std::string num(double v) { return number_text(v); }

// Output cells at full precision (shortest round-trip text); non-finite: JSON null, CSV inf/nan.
std::string json_num(double v) { return sweeps::json_number(v, sweeps::kShortestDigits); }
std::string csv_num(double v) { return sweeps::csv_number(v, sweeps::kShortestDigits); }

/// "START:STOP:N" with units on START and STOP, e.g. "10MHz:50GHz:5000".
std::vector<double> parse_grid(const std::string &text) {
  const std::string where = "--freq '" + text + "'";
  const auto c1 = text.find(':');
  const auto c2 = c1 == std::string::npos ? c1 : text.find(':', c1 + 1);
  if (c2 == std::string::npos || text.find(':', c2 + 1) != std::string::npos)
    throw InputError(where, "expected START:STOP:N, e.g. 10MHz:50GHz:5000");
  const double f0 = parse_quantity_as(text.substr(0, c1), Dimension::frequency, where + " START");
  const double f1 =
      parse_quantity_as(text.substr(c1 + 1, c2 - c1 - 1), Dimension::frequency, where + " STOP");
  const std::string ntext = text.substr(c2 + 1);
  long n = 0;
  const auto r = std::from_chars(ntext.data(), ntext.data() + ntext.size(), n);
  if (r.ec != std::errc() || r.ptr != ntext.data() + ntext.size() || n < 1 || n > 10000000)
    throw InputError(where + " N", "'" + ntext + "' is not a point count; accepted: 1 to 10000000");
  check_frequency_hz(f0, where + " START");
  check_frequency_hz(f1, where + " STOP");
  if (!(f1 >= f0) || (n > 1 && !(f1 > f0)))
    throw InputError(where + " STOP", "must be above START (or equal with N = 1); accepted: "
                                      "START <= STOP, 0 or 1 Hz to 10 THz");
  if (f0 == 0.0 && n > 1 && (f1 - f0) / static_cast<double>(n - 1) < kMinFrequency_hz)
    throw InputError(where + " N", "the step (STOP - START)/(N - 1) is under 1 Hz; accepted: "
                                   "grid frequencies of 0, or 1 Hz to 10 THz");
  std::vector<double> f(static_cast<std::size_t>(n));
  for (long k = 0; k < n; ++k)
    f[static_cast<std::size_t>(k)] =
        n == 1 ? f0 : f0 + (f1 - f0) * static_cast<double>(k) / (n - 1);
  return f;
}

int run_channel(const ChannelOptions &o) {
  if (o.format != "csv" && o.format != "json")
    throw InputError("--format '" + o.format + "'", "accepted: csv, json");
  const std::vector<double> freq = parse_grid(o.freq);
  Conditions cond;
  cond.temperature_k = parse_quantity_as(o.temperature, Dimension::temperature, "--temperature");
  if (!(cond.temperature_k >= 200.0 && cond.temperature_k <= 450.0))
    throw InputError("--temperature '" + o.temperature + "'", "accepted: 200 K to 450 K "
                                                              "(-73 degC to 177 degC)");
  check_user_catalogs(o.catalogs);
  sweeps::ChannelContext ctx{channels::ChannelCatalogs::builtin(), std::filesystem::current_path()};
  for (const auto &c : o.catalogs) {
    const sweeps::UserCatalog u = sweeps::parse_user_catalog(c, "--catalog");
    ctx.catalogs.load_user(u.kind, u.file);
  }
  std::vector<Network> nets;
  std::vector<std::string> names;
  for (const auto &text : o.specs) {
    sweeps::ChannelStage stage = sweeps::make_channel_stage(text, ctx);
    if (!stage.electrical)
      throw InputError("spec '" + text + "'",
                       "is a " + stage.family + " stage; `channel` cascades electrical media");
    nets.push_back(stage.electrical->network(freq, cond));
    names.push_back(stage.electrical->describe());
    if (nets.size() > 1 && nets.back().z0_ohm != nets.front().z0_ohm)
      throw InputError("spec '" + text + "'",
                       "is referenced to " + num(nets.back().z0_ohm[0]) +
                           " ohm but the first stage to " + num(nets.front().z0_ohm[0]) +
                           " ohm; cascade single-ended with single-ended, differential with "
                           "differential (diff=true for via/connector)");
  }
  // Consecutive media are cascaded as networks, so reflections between them count (DESIGN §2).
  const Network total = nets.size() == 1 ? nets.front() : cascade(nets);

  sweeps::OutputFile out(o.output);
  std::ostream &os = out.stream();
  std::string buf;
  if (o.format == "csv") {
    buf = "freq_hz,il_db,s21_re,s21_im\n";
    for (std::size_t k = 0; k < freq.size(); ++k) {
      const Complex s21 = total.at(k, 1, 0);
      buf += csv_num(freq[k]) + ',' + csv_num(-20.0 * std::log10(std::abs(s21))) + ',' +
             csv_num(s21.real()) + ',' + csv_num(s21.imag()) + '\n';
    }
  } else {
    buf = "{\"command\":\"channel\",\"temperature_k\":" + json_num(cond.temperature_k) +
          ",\"z0_ohm\":" + json_num(total.z0_ohm[0]) + ",\"stages\":[";
    for (std::size_t i = 0; i < names.size(); ++i)
      buf += (i ? "," : "") + std::string("{\"spec\":") + sweeps::json_string(o.specs[i]) +
             ",\"name\":" + sweeps::json_string(names[i]) + "}";
    buf += "],\"points\":[";
    for (std::size_t k = 0; k < freq.size(); ++k) {
      const Complex s21 = total.at(k, 1, 0);
      buf += (k ? ",\n" : "\n") + std::string("{\"freq_hz\":") + json_num(freq[k]) +
             ",\"il_db\":" + json_num(-20.0 * std::log10(std::abs(s21))) +
             ",\"s21_re\":" + json_num(s21.real()) + ",\"s21_im\":" + json_num(s21.imag()) + "}";
    }
    buf += "]}\n";
  }
  os << buf;
  out.commit();
  return 0;
}

void register_channel(CLI::App &app) {
  auto opts = std::make_shared<ChannelOptions>();
  auto *sub = app.add_subcommand("channel", "Frequency response of cascaded channel media");
  sub->add_option("specs", opts->specs, "Channel specs KIND:key=value,... (cascaded in order)")
      ->required();
  sub->add_option(
         "--freq", opts->freq,
         "Frequency grid START:STOP:N, e.g. 10MHz:50GHz:5000 (0 or 1 Hz to 10 THz; N 1 to 1e7)")
      ->required();
  sub->add_option("--format", opts->format, "Output format: csv (default) or json");
  sub->add_option("--temperature", opts->temperature,
                  "Board/cable temperature, e.g. 85degC (default 25 degC; 200 K to 450 K)");
  sub->add_option("-o,--output", opts->output, "Output file (default stdout)");
  sub->add_option("--catalog", opts->catalogs,
                  "User catalog KIND=FILE (KIND: laminates, foils, cables, packages); "
                  "its entries add to or override the built-in ones");
  std::string footer = "\nCSV columns: freq_hz,il_db,s21_re,s21_im (il_db = -20 log10|S21|).\n"
                       "Example:\n  linkphy channel twinax:awg=26,length=2m "
                       "via:l=0.2nH,c=0.1pF,diff=true --freq 10MHz:50GHz:5000\n"
                       "Differential media (twinax, annex93a, stripline with spacing) are Sdd "
                       "referenced to 2*z0 (100 ohm).\nKinds:\n";
  for (const auto &k : sweeps::channel_kind_names())
    footer += "  " + sweeps::channel_kind_help(k) + "\n";
  sub->footer(footer);
  set_runner(sub, [opts] { return run_channel(*opts); });
}

const bool registered = add_command("channel", register_channel);
} // namespace
} // namespace linkphy::cli
