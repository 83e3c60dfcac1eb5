// A small XML well-formedness check for the plot tests (XML 1.0 §2.1, §2.8, §3.1): one root
// element, every start tag closed in order, attribute values quoted, comments/CDATA/PIs/DOCTYPE
// skipped whole, '&' only as a named or numeric reference, no text after the root. Returns "" when
// well-formed, else what is wrong and where. Written here (no XML library is a build dependency).
#pragma once

#include <cctype>
#include <string>
#include <vector>

namespace linkphy::test {

inline std::string xml_wellformed(const std::string &x) {
  std::vector<std::string> stack;
  bool root_seen = false, root_closed = false;
  std::size_t i = 0;
  auto err = [&](const std::string &what) { return what + " at byte " + std::to_string(i); };
  auto skip_to = [&](const std::string &end) {
    const auto j = x.find(end, i);
    if (j == std::string::npos)
      return false;
    i = j + end.size();
    return true;
  };
  auto name_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == ':' || c == '-' ||
           c == '.';
  };
  while (i < x.size()) {
    if (x[i] == '&') {
      const auto semi = x.find(';', i);
      if (semi == std::string::npos || semi - i > 10)
        return err("bare '&'");
      const std::string ref = x.substr(i + 1, semi - i - 1);
      if (ref != "lt" && ref != "gt" && ref != "amp" && ref != "quot" && ref != "apos" &&
          (ref.empty() || ref[0] != '#'))
        return err("unknown entity &" + ref + ";");
      i = semi + 1;
      continue;
    }
    if (x[i] != '<') {
      if (root_closed && !std::isspace(static_cast<unsigned char>(x[i])))
        return err("text after the root element");
      ++i;
      continue;
    }
    if (x.compare(i, 4, "<!--") == 0) {
      if (!skip_to("-->"))
        return err("unterminated comment");
    } else if (x.compare(i, 9, "<![CDATA[") == 0) {
      if (!skip_to("]]>"))
        return err("unterminated CDATA");
    } else if (x.compare(i, 2, "<?") == 0) {
      if (!skip_to("?>"))
        return err("unterminated processing instruction");
    } else if (x.compare(i, 9, "<!DOCTYPE") == 0) {
      int depth = 0; // DOCTYPE may hold an internal subset in [ ]
      for (; i < x.size(); ++i) {
        if (x[i] == '[')
          ++depth;
        else if (x[i] == ']')
          --depth;
        else if (x[i] == '>' && depth == 0)
          break;
      }
      if (i++ >= x.size())
        return err("unterminated DOCTYPE");
    } else if (x.compare(i, 2, "</") == 0) {
      std::size_t j = i + 2;
      while (j < x.size() && name_char(x[j]))
        ++j;
      const std::string name = x.substr(i + 2, j - i - 2);
      while (j < x.size() && std::isspace(static_cast<unsigned char>(x[j])))
        ++j;
      if (j >= x.size() || x[j] != '>')
        return err("bad end tag");
      if (stack.empty() || stack.back() != name)
        return err("end tag </" + name + "> does not match " +
                   (stack.empty() ? std::string("nothing") : "<" + stack.back() + ">"));
      stack.pop_back();
      if (stack.empty())
        root_closed = true;
      i = j + 1;
    } else {
      std::size_t j = i + 1;
      while (j < x.size() && name_char(x[j]))
        ++j;
      const std::string name = x.substr(i + 1, j - i - 1);
      if (name.empty())
        return err("'<' not starting a tag");
      if (root_closed)
        return err("second root element <" + name + ">");
      // attributes: name = "value" | 'value'
      for (;;) {
        while (j < x.size() && std::isspace(static_cast<unsigned char>(x[j])))
          ++j;
        if (j >= x.size())
          return err("unterminated tag <" + name + ">");
        if (x[j] == '>' || x.compare(j, 2, "/>") == 0)
          break;
        const std::size_t a = j;
        while (j < x.size() && name_char(x[j]))
          ++j;
        if (j == a)
          return err("bad attribute in <" + name + ">");
        while (j < x.size() && std::isspace(static_cast<unsigned char>(x[j])))
          ++j;
        if (j >= x.size() || x[j] != '=')
          return err("attribute without '=' in <" + name + ">");
        ++j;
        while (j < x.size() && std::isspace(static_cast<unsigned char>(x[j])))
          ++j;
        if (j >= x.size() || (x[j] != '"' && x[j] != '\''))
          return err("unquoted attribute value in <" + name + ">");
        const auto close = x.find(x[j], j + 1);
        if (close == std::string::npos)
          return err("unterminated attribute value in <" + name + ">");
        if (x.substr(j + 1, close - j - 1).find('<') != std::string::npos)
          return err("'<' in an attribute value of <" + name + ">");
        j = close + 1;
      }
      root_seen = true;
      if (x[j] == '>') {
        stack.push_back(name);
        i = j + 1;
      } else {
        i = j + 2;
        if (stack.empty())
          root_closed = true;
      }
    }
  }
  if (!root_seen)
    return "no root element";
  if (!stack.empty())
    return "unclosed element <" + stack.back() + ">";
  return "";
}

} // namespace linkphy::test
