// Text normalisation shared by the parsers of FEC names, lane rates and modulations; not
// installed.
#pragma once

#include <cctype>
#include <string>
#include <string_view>

namespace linkphy::text_detail {

/// `text` upper-cased with every white-space character removed: "rs (544, 514)" → "RS(544,514)".
inline std::string upper_no_space(std::string_view text) {
  std::string s;
  for (char ch : text)
    if (!std::isspace(static_cast<unsigned char>(ch)))
      s += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return s;
}

} // namespace linkphy::text_detail
