// Errors raised on bad input: each carries where it happened (a file:line, a key, a spec) and
// what is wrong, so that the CLI can print one line `linkphy: WHERE: WHAT` and exit with code 2.
#pragma once

#include <stdexcept>
#include <string>

namespace linkphy {

/// Bad input from a user: a malformed file, an unknown key, a number without its unit, physics out
/// of range. `where()` names the place ("ch.s4p:12", "stripline spec key 'width'"), may be empty.
class InputError : public std::runtime_error {
public:
  InputError(std::string where, const std::string &what)
      : std::runtime_error(where.empty() ? what : where + ": " + what), where_(std::move(where)),
        detail_(what) {}
  /// The place the error refers to (file:line or key); empty when there is none.
  const std::string &where() const noexcept { return where_; }
  /// The message without the place.
  const std::string &detail() const noexcept { return detail_; }

private:
  std::string where_;
  std::string detail_;
};

/// A channel no equaliser setting of the COM table can open (Annex 93A.1.6: no setting gives a
/// pulse with a zero crossing before its peak): still an InputError for `linkphy com` on a file,
/// but a link evaluator reports the link as not closing instead.
class EqualiserSearchError : public InputError {
public:
  using InputError::InputError;
};

} // namespace linkphy
