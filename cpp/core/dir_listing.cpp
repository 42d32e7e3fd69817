#include "core/dir_listing.h"

#include <algorithm>
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
