// `linkphy merge`: shard outputs joined into one CSV sorted by point (sweep_runner.hpp).
#include "sweep_cells.hpp"
#include "sweep_merge_check.hpp"
#include "sweep_runner_text.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/sweeps/output.hpp>
#include <linkphy/sweeps/sweep_runner.hpp>

#include <filesystem>
#include <fstream>
#include <map>

namespace linkphy::sweeps {

std::string merge_sweep_files(const std::vector<std::string> &parts, const std::string &output,
                              bool allow_partial) {
  if (parts.empty())
    throw InputError("merge", "no input files");
  std::string header;
  std::map<long long, std::pair<std::string, std::string>> rows; // point → (row, where)
  std::string hash, hash_from;      // the first sidecar's spec_hash (sweep_spec.hpp) and its file
  long long header_cells = 0;       // cells of the header row
  std::vector<std::string> columns; // the header's names
  std::vector<detail::CellKind> kinds; // what each column holds (sweep_cells.hpp)
  std::vector<detail::MergeShard> shards;
  for (const auto &part : parts) {
    if (!std::filesystem::is_regular_file(part))
      throw InputError(part, "not a file");
    // Shards of different sweeps can share a header (another length range, a fixed key
    // changed): their sidecars tell them apart. A part without a sidecar is not checked.
    auto &shard = shards.emplace_back(detail::read_merge_shard(part));
    const std::string &side = shard.side, &h = shard.spec_hash;
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
      if (!line.empty() && line.back() == '\r') // CRLF line ends (a shard a Windows tool saved)
        line.pop_back();
      const std::string where = part + ":" + std::to_string(lineno);
      if (lineno == 1) {
        // The header the sidecar records: a part whose header was changed after the run (a BOM,
        // a renamed column) is not merged under a header no sweep wrote.
        if (const auto recorded = side.empty() ? std::vector<std::string>{}
                                               : detail::json_string_list(side, "columns");
            !recorded.empty()) {
          std::string expected;
          for (const auto &c : recorded) {
            if (!expected.empty())
              expected += ',';
            expected += detail::csv_escape(c);
          }
          if (line != expected)
            throw InputError(where, "header differs from the columns " + side +
                                        " records (accepted: " + expected + "); not merging");
        }
        if (header.empty()) {
          header = line;
          header_cells = detail::csv_cell_count(line);
          // The evaluator the first sidecar names, else the one whose columns end the header;
          // the other columns (axes) are checked as text.
          columns = detail::csv_cells(line);
          std::unique_ptr<Evaluator> ev;
          if (const std::string name = side.empty() ? "" : detail::json_field(side, "evaluator");
              !name.empty()) {
            for (const auto &info : evaluators())
              if (info.name == name)
                ev = info.make();
          }
          if (!ev)
            ev = detail::evaluator_of_header(columns);
          kinds = detail::cell_kinds(columns, ev.get(), detail::CellKind::text);
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
      detail::check_row_cells(line, kinds, columns, part, lineno, "; not merging");
      // A row of another shard than the sidecar records: the sidecar is not this file's.
      if (!shard.holds(pt))
        throw InputError(
            where, "point " + std::to_string(pt) + " is not one of shard " +
                       std::to_string(shard.k) + "/" + std::to_string(shard.n) + "'s (index % " +
                       std::to_string(shard.n) + " == " + std::to_string(shard.k - 1) +
                       (shard.sweep_points >= 0 ? ", below " + std::to_string(shard.sweep_points)
                                                : std::string()) +
                       "), as " + shard.side + " records");
      if (shard.known())
        shard.points.push_back(pt);
      auto [it, fresh] = rows.try_emplace(pt, line, where);
      if (!fresh && it->second.first != line)
        throw InputError(where,
                         "point " + std::to_string(pt) + " conflicts with " + it->second.second);
    }
    if (lineno == 0)
      throw InputError(part, "empty file (no header)");
  }
  // Before any output: an incomplete set is refused (no file), unless allow_partial.
  const std::string note =
      detail::check_merge_complete(shards, allow_partial, static_cast<long long>(rows.size()));
  OutputFile out(output);
  out.stream() << header << '\n';
  for (const auto &kv : rows)
    out.stream() << kv.second.first << '\n';
  out.commit();
  return note;
}

} // namespace linkphy::sweeps
