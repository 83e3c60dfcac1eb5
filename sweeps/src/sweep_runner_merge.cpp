// `linkphy merge`: shard outputs joined into one CSV sorted by point (sweep_runner.hpp).
#include "sweep_runner_text.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/sweeps/output.hpp>
#include <linkphy/sweeps/sweep_runner.hpp>

#include <filesystem>
#include <fstream>
#include <map>

namespace linkphy::sweeps {

void merge_sweep_files(const std::vector<std::string> &parts, const std::string &output) {
  if (parts.empty())
    throw InputError("merge", "no input files");
  std::string header;
  std::map<long long, std::pair<std::string, std::string>> rows; // point → (row, where)
  std::string hash, hash_from; // the first sidecar's spec_hash (sweep_spec.hpp) and its file
  long long header_cells = 0;  // cells of the header row
  for (const auto &part : parts) {
    if (!std::filesystem::is_regular_file(part))
      throw InputError(part, "not a file");
    // Shards of different sweeps can share a header (another length range, a fixed key
    // changed): their sidecars tell them apart. A part without a sidecar is not checked.
    const std::string side = part + ".json", h = detail::json_field(side, "spec_hash");
    if (!h.empty() && hash.empty()) {
      hash = h;
      hash_from = side;
    } else if (!h.empty() && h != hash)
      throw InputError(side, "spec_hash " + h + " differs from " + hash_from + "'s " + hash +
                                 ": shards of different sweeps; not merging");
    std::ifstream in(part, std::ios::binary);
    std::string line;
    std::size_t lineno = 0;
    while (std::getline(in, line)) {
      ++lineno;
      const std::string where = part + ":" + std::to_string(lineno);
      if (lineno == 1) {
        if (header.empty()) {
          header = line;
          header_cells = detail::csv_cell_count(line);
        } else if (line != header)
          throw InputError(where, "header differs from " + parts.front() + "'s");
        continue;
      }
      const long long pt = detail::row_point(line);
      if (pt < 0)
        throw InputError(where, "malformed row (expected POINT,...)");
      // A row cut short (a shard of a killed run) or with cells added is not joined.
      if (const long long c = detail::csv_cell_count(line); c != header_cells)
        throw InputError(where, "malformed row: " +
                                    (c < 0 ? std::string("a quote left open")
                                           : number_text(static_cast<double>(c)) + " cells") +
                                    "; expected " + number_text(static_cast<double>(header_cells)) +
                                    " cells, as the header");
      auto [it, fresh] = rows.try_emplace(pt, line, where);
      if (!fresh && it->second.first != line)
        throw InputError(where,
                         "point " + std::to_string(pt) + " conflicts with " + it->second.second);
    }
    if (lineno == 0)
      throw InputError(part, "empty file (no header)");
  }
  OutputFile out(output);
  out.stream() << header << '\n';
  for (const auto &kv : rows)
    out.stream() << kv.second.first << '\n';
  out.commit();
}

} // namespace linkphy::sweeps
