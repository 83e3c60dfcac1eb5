// The cells of a row a sweep wrote, checked against what its evaluator writes in each column
// (Evaluator::text_columns): the rows `linkphy sweep --resume` copies from OUT.partial and the
// rows `linkphy merge` copies from a shard. Internal to sweeps/src.
#pragma once

#include <linkphy/sweeps/evaluators.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace linkphy::sweeps::detail {

enum class CellKind : unsigned char {
  skip,   ///< not checked here (the point index; a resumed row's axis cells, compared whole)
  number, ///< a finite number, or nan/inf/-inf, as format_value writes it (unquoted)
  text,   ///< printable UTF-8, quoted only as csv_field quotes it
};

/// The kind of each of `header`'s columns: an evaluator column (`evaluator` may be null: none)
/// as its text_columns() says, the first column (the point index) `skip`, any other `other`.
std::vector<CellKind> cell_kinds(const std::vector<std::string> &header, const Evaluator *evaluator,
                                 CellKind other);

/// A cell or name for a message: printable ASCII as is, any other byte (and a backslash) as \xNN,
/// at most 40 bytes shown, then "… (N bytes)".
std::string shown_cell(std::string_view c);

/// The cells of a CSV line (RFC 4180: quotes kept, as written), e.g. a header's names.
std::vector<std::string> csv_cells(std::string_view line);

/// Checks every cell of `line` (as many cells as `kinds`: counted before) against its kind.
/// Throws InputError(FILE:LINE, "column 'NAME': 'CELL' is not a number (accepted: …)" + tail)
/// at the first bad one. Cheap: one pass, no allocation unless a cell is bad.
void check_row_cells(std::string_view line, const std::vector<CellKind> &kinds,
                     const std::vector<std::string> &header, const std::string &file,
                     std::size_t lineno, const char *tail);

} // namespace linkphy::sweeps::detail
