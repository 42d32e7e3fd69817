#include "core/dir_listing.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "core/error.h"

namespace hz {

void make_dirs(const std::string& path) {
  std::error_code ec;
  std::filesystem::create_directories(path, ec);
  if (ec) fail("cannot create directory '", path, "': ", ec.message());
}

bool path_exists(const std::string& path) {
  std::error_code ec;
  return std::filesystem::exists(path, ec);
}

void check_writable_dir(const std::string& dir, const std::string& flag) {
  // Creating a file is the one test that also catches read-only mounts and /proc.
  const std::string probe = dir + "/.hopzero-write-check." + std::to_string(::getpid());
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) fail(flag, " ", quote(dir), ": cannot write files there: ", std::strerror(errno));
  ::close(fd);
  ::unlink(probe.c_str());
}

void check_output_file(const std::string& path, const std::string& flag) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    fail(flag, " ", quote(path), " is a directory; give a file name");
  const std::string dir = std::filesystem::path(path).parent_path().string();
  const std::string folder = dir.empty() ? "." : dir;
  if (!std::filesystem::is_directory(folder, ec))
    fail(flag, " ", quote(path), ": the folder ", quote(folder), " does not exist",
         ec ? " (" + ec.message() + ")" : "");
  check_writable_dir(folder, flag);
}

std::vector<long> numbered_files(const std::string& dir, const std::string& prefix,
                                 const std::string& suffix) {
  std::vector<long> out;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.size() <= prefix.size() + suffix.size() || name.rfind(prefix, 0) != 0 ||
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
      continue;
    const std::string digits =
        name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
    if (digits.size() > 15 || digits.find_first_not_of("0123456789") != std::string::npos) continue;
    out.push_back(std::stol(digits));
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace hz
