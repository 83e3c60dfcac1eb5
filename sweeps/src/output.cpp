#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/output.hpp>

#include <unistd.h>

namespace linkphy::sweeps {

void check_output_path(const std::string &path, const std::string &where, StreamTarget stream) {
  if (path.empty() || path == "-")
    return;
  const std::string at = where.empty() ? path : where + " '" + path + "'";
  const std::string accepted = "; accepted: a file path in an existing directory, or - for stdout";
  const std::filesystem::path p(path);
  std::error_code ec;
  if (std::filesystem::is_directory(p, ec) || path.back() == '/')
    throw InputError(at, "is a directory" + accepted);
  // The output is written next to the path and renamed onto it: that would replace a device
  // (-o /dev/null as root), a FIFO or a symbolic link with a plain file.
  // A device or FIFO is written in place by commands with one output file (OutputFile); the
  // commands that also write a sidecar or partial beside it refuse it.
  const auto link = std::filesystem::symlink_status(p, ec);
  const bool stream_ok =
      stream == StreamTarget::write_in_place &&
      (std::filesystem::is_character_file(link) || std::filesystem::is_fifo(link));
  if (!ec && std::filesystem::exists(link) && !std::filesystem::is_regular_file(link) && !stream_ok)
    throw InputError(at, std::string(std::filesystem::is_symlink(link)
                                         ? "is a symbolic link (it would be replaced by a file)"
                                     : stream == StreamTarget::refuse
                                         ? "is not a regular file (a device, FIFO or socket: "
                                           "this command writes its sidecar or partial file "
                                           "beside the output and renames onto it)"
                                         : "is a socket or block device") +
                             "; accepted: a file path in an existing directory, or - for "
                             "stdout (e.g. > /dev/null)");
  const std::filesystem::path parent = p.parent_path();
  if (!parent.empty() && !std::filesystem::is_directory(parent, ec))
    throw InputError(at, "directory '" + parent.string() + "' does not exist" + accepted);
}

OutputFile::OutputFile(const std::string &path) {
  if (path.empty() || path == "-") {
    to_stdout_ = true;
    return;
  }
  check_output_path(path, {}, StreamTarget::write_in_place);
  target_ = path;
  std::error_code ec;
  const auto st = std::filesystem::status(target_, ec);
  if (!ec && std::filesystem::exists(st) && !std::filesystem::is_regular_file(st)) {
    // A device or pipe (-o /dev/null, a FIFO): written in place. Renaming a temporary onto it
    // replaced the node by a regular file (as root, /dev/null itself); it holds no partial file.
    direct_ = true;
    file_.open(target_, std::ios::binary | std::ios::out);
    if (!file_)
      throw InputError(path, "cannot open for writing");
    return;
  }
  temp_ = target_;
  temp_ += ".tmp." + std::to_string(::getpid());
  file_.open(temp_, std::ios::binary | std::ios::trunc);
  if (!file_)
    throw InputError(path, "cannot open for writing");
}

OutputFile::~OutputFile() {
  if (!to_stdout_ && !direct_ && !committed_) {
    file_.close();
    std::error_code ec;
    std::filesystem::remove(temp_, ec);
  }
}

std::ostream &OutputFile::stream() { return to_stdout_ ? std::cout : file_; }

void OutputFile::commit() {
  if (to_stdout_) {
    std::cout.flush();
    committed_ = true;
    return;
  }
  file_.flush();
  if (!file_)
    throw InputError(target_.string(), "write failed");
  file_.close();
  if (!direct_)
    std::filesystem::rename(temp_, target_);
  committed_ = true;
}

} // namespace linkphy::sweeps
