// gnuplot driver (gnuplot 5 manual: datablocks `$name << EOD`, terminals svg and pngcairo).
#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/plot.hpp>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <spawn.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace linkphy::sweeps {
namespace {

std::string quote(const std::string &s) { // gnuplot single-quoted string: '' is a quote
  std::string out = "'";
  for (char c : s) {
    if (c == '\'')
      out += '\'';
    out += c;
  }
  return out + "'";
}

std::string terminal_for(const std::filesystem::path &output, const PlotSpec &spec) {
  const std::string ext = output.extension().string();
  const std::string size =
      " size " + std::to_string(spec.width_px) + "," + std::to_string(spec.height_px);
  if (ext == ".svg")
    return "svg" + size + " noenhanced font 'sans,12' background rgb 'white'";
  if (ext == ".png")
    return "pngcairo" + size + " noenhanced font 'sans,10'";
  throw InputError("render_plot output '" + output.string() + "'",
                   "unsupported plot format '" + ext + "'; accepted: .svg, .png");
}

std::string read_all(const std::filesystem::path &p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

} // namespace

std::string gnuplot_script(const PlotSpec &spec, const std::filesystem::path &output) {
  std::ostringstream os;
  os.precision(10);
  os << "set terminal " << terminal_for(output, spec) << "\n";
  os << "set output " << quote(output.string()) << "\n";
  os << "set title " << quote(spec.title) << "\n";
  os << "set xlabel " << quote(spec.xlabel) << "\nset ylabel " << quote(spec.ylabel) << "\n";
  if (spec.logx)
    os << "set logscale x\nset format x '%g'\n";
  if (spec.logy)
    os << "set logscale y\nset format y '%g'\n";
  os << "set grid xtics ytics mxtics mytics lc rgb '#dddddd'\n";
  os << "set key " << spec.key << "\n";
  std::vector<std::size_t> drawn;
  for (std::size_t i = 0; i < spec.series.size(); ++i) {
    const auto &s = spec.series[i];
    std::ostringstream block;
    block.precision(10);
    int n = 0;
    for (std::size_t k = 0; k < s.x.size() && k < s.y.size(); ++k)
      if (std::isfinite(s.x[k]) && std::isfinite(s.y[k]) && (!spec.logx || s.x[k] > 0) &&
          (!spec.logy || s.y[k] > 0)) {
        block << s.x[k] << " " << s.y[k] << "\n";
        ++n;
      }
    if (!n)
      continue;
    os << "$s" << i << " << EOD\n" << block.str() << "EOD\n";
    drawn.push_back(i);
  }
  if (drawn.empty())
    throw InputError("render_plot output '" + output.string() + "'",
                     "'" + spec.title + "' has no point to draw");
  os << "plot ";
  for (std::size_t j = 0; j < drawn.size(); ++j) {
    const auto &s = spec.series[drawn[j]];
    os << (j ? ", \\\n     " : "") << "$s" << drawn[j] << " using 1:2 with " << s.style;
    if (s.style != "lines")
      os << " pt " << s.point_type << " ps " << s.point_size;
    if (s.style != "points")
      os << " lw 2";
    os << " title " << quote(s.title);
  }
  os << "\nunset output\n";
  return os.str();
}

void render_plot(const PlotSpec &spec, const std::filesystem::path &output) {
  const std::string where = "render_plot output '" + output.string() + "'";
  const auto dir = output.parent_path().empty() ? std::filesystem::path(".") : output.parent_path();
  std::string base = output.filename().string(); // built in steps: GCC 12 -Wrestrict false
  base.insert(0, 1, '.');                        // positive on "." + string + "…"
  base += ".XXXXXX";
  std::string tmpl = (dir / base).string();
  const int fd = ::mkstemp(tmpl.data());
  if (fd < 0)
    throw InputError(where, std::string("cannot create a file there: ") + std::strerror(errno));
  ::close(fd);
  const std::filesystem::path temp_out = tmpl + output.extension().string();
  std::filesystem::rename(tmpl, temp_out);
  const std::filesystem::path script = tmpl + ".gp", err = tmpl + ".err";
  auto cleanup = [&] {
    std::error_code ec;
    std::filesystem::remove(temp_out, ec);
    std::filesystem::remove(script, ec);
    std::filesystem::remove(err, ec);
  };
  try {
    {
      std::ofstream f(script, std::ios::binary);
      f << gnuplot_script(spec, temp_out);
      if (!f)
        throw InputError(where, "cannot write the gnuplot script");
    }
    const char *env = std::getenv("LINKPHY_GNUPLOT");
    const std::string program = env && *env ? env : "gnuplot";
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    std::vector<std::string> args = {program, script.string()};
    std::vector<char *> argv;
    for (auto &a : args)
      argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    const int rc = ::posix_spawnp(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0)
      throw InputError(where, "cannot run '" + program + "' (" + std::strerror(rc) +
                                  "); install gnuplot (Debian package gnuplot-nox)");
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
      throw InputError(where, "cannot run '" + program +
                                  "'; install gnuplot (Debian package gnuplot-nox)");
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
        std::filesystem::file_size(temp_out) == 0) {
      std::string first;
      std::istringstream lines(read_all(err));
      for (std::string line; std::getline(lines, line);)
        if (line.find_first_not_of(" \t^") != std::string::npos) {
          first = line;
          if (line.find("line") != std::string::npos || line.find("rror") != std::string::npos)
            break;
        }
      throw InputError(where, "gnuplot failed: " + (first.empty() ? "no output" : first));
    }
    // mkstemp made it owner-only; a plot is an ordinary file (rw-r--r--).
    std::filesystem::permissions(
        temp_out, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write |
                      std::filesystem::perms::group_read | std::filesystem::perms::others_read);
    std::filesystem::rename(temp_out, output);
  } catch (...) {
    cleanup();
    throw;
  }
  cleanup();
}

} // namespace linkphy::sweeps
