// Output files that never exist half-written: data goes to a temporary sibling and is renamed onto
// the target only on commit() (DESIGN.md §6: a failure leaves no partial output file).
#pragma once

#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

namespace linkphy::sweeps {

/// What an output path that is a character device or FIFO (/dev/null, a named pipe) may be.
enum class StreamTarget {
  refuse,        ///< refused: the command also writes files beside it (sidecar, partial)
  write_in_place ///< written in place (one output file, OutputFile)
};

/// Throws InputError(`where`, …) unless `path` can be an output file: in a directory that exists
/// and, if it exists, a regular file, or a character device / FIFO when `stream` is
/// write_in_place. Directories, sockets and symbolic links are refused (a file is renamed onto
/// the path, which would replace them). Empty and "-" (stdout) pass. `where` names the option,
/// e.g. "-o".
void check_output_path(const std::string &path, const std::string &where = {},
                       StreamTarget stream = StreamTarget::refuse);

/// Writes to `path` atomically, or to stdout when `path` is empty or "-"; a `path` that exists
/// and is not a regular file (/dev/null, a FIFO) is written in place.
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
  bool direct_ = false; ///< target is a device or pipe: written in place, never renamed onto
  bool committed_ = false;
};

} // namespace linkphy::sweeps
