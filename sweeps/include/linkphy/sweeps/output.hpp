// Output files that never exist half-written: data goes to a temporary sibling and is renamed onto
// the target only on commit() (DESIGN.md §6: a failure leaves no partial output file).
#pragma once

#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

namespace linkphy::sweeps {

/// Writes to `path` atomically, or to stdout when `path` is empty or "-".
class OutputFile {
public:
  explicit OutputFile(const std::string &path);
  ~OutputFile(); ///< removes the temporary file unless commit() ran
  OutputFile(const OutputFile &) = delete;
  OutputFile &operator=(const OutputFile &) = delete;
  std::ostream &stream();
  /// Flushes and renames the temporary file onto the target. Throws on I/O failure.
  void commit();

private:
  std::filesystem::path target_;
  std::filesystem::path temp_;
  std::ofstream file_;
  bool to_stdout_ = false;
  bool committed_ = false;
};

} // namespace linkphy::sweeps
