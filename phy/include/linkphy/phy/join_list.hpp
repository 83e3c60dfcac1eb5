// The one comma-join behind every "accepted: a, b, c" / "known: a, b, c" list in the messages of
// every module (phy is the bottom layer: DESIGN.md §1).
#pragma once

#include <functional>
#include <string>

namespace linkphy {

/// "a, b, c": the items of `items` (each made text by `text`, by default the item itself)
/// separated by ", ". A separator goes before an item only once the text so far is not empty
/// (as the loops this replaced did): {"", "b"} gives "b". Empty `items` give "".
template <class Range, class Text = std::identity>
std::string join_list(const Range &items, Text text = {}) {
  std::string out;
  for (const auto &item : items) {
    if (!out.empty())
      out += ", ";
    out += std::string(std::invoke(text, item));
  }
  return out;
}

} // namespace linkphy
