// `linkphy merge`: shard outputs joined into one CSV sorted by point (sweep_runner.hpp).
#include "sweep_cells.hpp"
#include "sweep_header_check.hpp"
#include "sweep_merge_check.hpp"
#include "sweep_runner_text.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/sweeps/output.hpp>
#include <linkphy/sweeps/sweep_runner.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <string_view>

namespace linkphy::sweeps {

std::string merge_sweep_files(const std::vector<std::string> &parts, const std::string &output,
                              bool allow_partial) {
  if (parts.empty())
    throw InputError("merge", "no input files");
  std::string header;
  struct Row {
    std::string line;
    std::size_t part, lineno; // where it was read: parts[part], line `lineno`
  };
  std::map<long long, Row> rows;    // by point
  std::string hash, hash_from;      // the first sidecar's spec_hash (sweep_spec.hpp) and its file
  long long header_cells = 0;       // cells of the header row
  std::vector<std::string> columns; // the header's names
  std::vector<detail::CellKind> kinds; // what each column holds (sweep_cells.hpp)
  std::vector<detail::MergeShard> shards;
  shards.reserve(parts.size());
  for (std::size_t part_index = 0; part_index < parts.size(); ++part_index) {
    const std::string &part = parts[part_index];
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
        const auto recorded =
            side.empty() ? std::vector<std::string>{} : detail::json_string_list(side, "columns");
        if (!recorded.empty()) {
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
          // The evaluator the first sidecar names; without a sidecar recording the columns, the
          // header must be one a sweep of that evaluator (or of any, without a name) writes. The
          // other columns (axes) are checked as text.
          columns = detail::csv_cells(line);
          const std::string name = side.empty() ? "" : detail::json_field(side, "evaluator");
          std::unique_ptr<Evaluator> ev;
          if (recorded.empty())
            ev = detail::evaluator_of_header(columns, name, where, "; not merging");
          else
            for (const auto &info : evaluators())
              if (info.name == name)
                ev = info.make();
          kinds = detail::cell_kinds(columns, ev.get(), detail::CellKind::text);
        } else if (line != header)
          throw InputError(where, "header differs from " + parts.front() +
                                      "'s (accepted: " + header + "); not merging");
        continue;
      }
      // The point index as the sweep writes it: "+2" or " 2" would be copied as they are.
      const long long pt = detail::row_point(line);
      if (const std::string_view cell(line.data(), std::min(line.find(','), line.size()));
          pt < 0 || cell != std::to_string(pt))
        throw InputError(where, "malformed row: point '" + detail::shown_cell(cell) +
                                    "' (accepted: rows that start with the point index, 0, 1, "
                                    "2, … in digits, as a sweep writes it); not merging");
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
      auto [it, fresh] = rows.try_emplace(pt, Row{line, part_index, lineno});
      if (fresh)
        continue;
      // A point twice: rows that differ never merge; nor does a sweep write a point twice in one
      // file, nor put it in two shards (shards of different splits overlap, which their sidecars
      // tell: check_merge_complete).
      const Row &first = it->second;
      const std::string at = parts[first.part] + ":" + std::to_string(first.lineno);
      if (first.line != line)
        throw InputError(where, "point " + std::to_string(pt) + " conflicts with " + at +
                                    " (accepted: one row per point); not merging");
      if (first.part == part_index)
        throw InputError(where, "point " + std::to_string(pt) + " again, as at " + at +
                                    " (accepted: each point once, as a sweep writes it); not "
                                    "merging");
      if (!shard.known() || !shards[first.part].known())
        throw InputError(where,
                         "point " + std::to_string(pt) + " also at " + at +
                             (parts[first.part] == part ? " (the same file given twice)" : "") +
                             " (accepted: each point in one part, as the shards of one sweep "
                             "hold them); not merging");
    }
    if (lineno == 0)
      throw InputError(part, "empty file (no header)");
  }
  // Before any output: an incomplete set is refused (no file), unless allow_partial.
  // Points no part holds, below the last one (or a sidecar's sweep_points): without sidecars,
  // the only sign of a shard or a row missing. The first few, for the message.
  detail::MergeGaps gaps;
  const long long last = rows.empty() ? -1 : rows.rbegin()->first;
  gaps.end = last < std::numeric_limits<long long>::max() ? last + 1 : last;
  for (const auto &s : shards)
    gaps.end = std::max(gaps.end, s.known() ? s.sweep_points : 0);
  gaps.missing = gaps.end - static_cast<long long>(rows.size());
  long long next = 0;
  for (auto it = rows.begin(); gaps.missing > 0 && gaps.first.size() < 8 && next < gaps.end;
       ++next) {
    if (it != rows.end() && it->first == next)
      ++it;
    else
      gaps.first.push_back(next);
  }
  if (!gaps.first.empty()) { // the rows around the first: where in the parts it is missing
    const auto row = [&](const auto &kv) {
      return "point " + std::to_string(kv.first) + " (" + parts[kv.second.part] + ":" +
             std::to_string(kv.second.lineno) + ")";
    };
    const auto after = rows.upper_bound(gaps.first.front());
    const bool has_before = after != rows.begin();
    gaps.around = has_before ? "after " + row(*std::prev(after)) : "";
    if (after != rows.end())
      gaps.around += (has_before ? " and before " : "before ") + row(*after);
  }
  const std::string note = detail::check_merge_complete(shards, allow_partial, gaps);
  OutputFile out(output);
  out.stream() << header << '\n';
  for (const auto &kv : rows)
    out.stream() << kv.second.line << '\n';
  out.commit();
  return note;
}

} // namespace linkphy::sweeps
