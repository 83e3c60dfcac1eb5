// Library field names → command-line option names (option_names.hpp).
#include "option_names.hpp"

#include <cctype>
#include <string_view>
#include <utility>

namespace linkphy::cli {

std::string with_option_names(std::string text) {
  // The library's names (link_eval.hpp, crossover.hpp, crossover_study.hpp, sweep_runner.hpp,
  // plot.hpp, transceivers/com_table.hpp) and the words the CLI has always printed.
  static constexpr std::pair<std::string_view, std::string_view> names[] = {
      {"LinkRequest.rate", "--rate"},
      {"LinkRequest.modulation", "--modulation"},
      {"LinkRequest.length_m", "--length"},
      {"LinkRequest.sets", "--set"},
      {"LinkRequest.channels", "--channel"},
      {"LinkRequest.lanes", "--lanes"},
      {"LinkRequest.ambient_k", "--ambient"},
      {"LinkRequest.ber_target", "--ber-target"},
      {"LinkRequest.temperature_k", "--temperature"},
      {"LinkRequest.mc_symbols", "Monte Carlo symbols"},
      {"LinkRequest.search_threads", "search threads"},
      {"CrossoverStudy.rates", "--rates"},
      {"CrossoverStudy.criterion", "--criterion"},
      {"read_crossover_study catalogs", "--catalog"},
      {"SweepOptions.shard", "--shard"},
      {"SweepOptions.threads", "--threads"},
      {"SweepOptions.resume", "--resume"},
      {"render_plot output", "--plot"},
      {"find_com_table", "--config"},
  };
  for (const auto &[library, option] : names) {
    for (std::size_t at = text.find(library); at != std::string::npos;
         at = text.find(library, at)) {
      const std::size_t end = at + library.size();
      const bool whole = end == text.size() ||
                         !(std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_');
      if (!whole) {
        at = end;
        continue;
      }
      text.replace(at, library.size(), option);
      at += option.size();
    }
  }
  return text;
}

} // namespace linkphy::cli
