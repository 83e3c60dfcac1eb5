// Text helpers shared by the sweep runner, its writer and `linkphy merge` (CSV rows, JSON strings,
// partial files). Internal to sweeps/src.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace linkphy::sweeps::detail {

/// RFC 4180 quoting of one CSV cell: csv_field (json_text.hpp; quoted for ',', '"', CR, LF).
std::string csv_escape(const std::string &s);
/// A JSON string body (without the quotes).
std::string json_escape(const std::string &s);
/// Leading point index of a CSV row, or -1 when the row is malformed.
long long row_point(const std::string &line);
/// Number of cells of a CSV row (RFC 4180 quotes), or -1 when a quote is left open.
long long csv_cell_count(const std::string &line);
/// The string value of `"field": "…"` in a JSON file linkphy wrote (a sweep sidecar or a
/// partial's stamp: one flat object, values without escapes), or "" when the file or the field
/// is missing.
std::string json_field(const std::filesystem::path &p, const std::string &field);
/// The strings of `"field": ["a", "b", …]` in a JSON file linkphy wrote (a sidecar's "columns"),
/// or an empty list when the file or the field is missing, or a string holds an escape.
std::vector<std::string> json_string_list(const std::filesystem::path &p, const std::string &field);
/// The whole number of the last `"field": N` in a JSON file linkphy wrote (a sidecar's axes carry
/// their own "points" before the top-level one), or -1 when the file or the field is missing or
/// its value is not a whole number ≥ 0.
long long json_count(const std::filesystem::path &p, const std::string &field);
/// The complete lines of a partial file; with `truncate`, cuts the file after its last '\n' (a
/// half-written row of a killed run).
std::vector<std::string> read_complete_lines(const std::filesystem::path &p, bool truncate = true);

} // namespace linkphy::sweeps::detail
