#include "serve/records_dir.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "core/files.h"
#include "serve/http_error.h"

namespace hz::serve {

namespace fs = std::filesystem;

namespace {
constexpr size_t kMaxNameLength = 100;

bool ends_with(const std::string& s, std::string_view tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}
}  // namespace

std::string canonical_dir(const std::string& dir, const std::string& flag) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) fail(flag, " '", dir, "' is not an existing directory");
  const std::string out = fs::canonical(dir, ec).string();
  if (ec) fail(flag, " '", dir, "': ", ec.message());
  return out;
}

RecordsDir::RecordsDir(const std::string& dir) : dir_(canonical_dir(dir, "--records")) {}

void RecordsDir::require_enabled() const {
  if (!enabled())
    fail_with(404,
              "no records directory: start the server with --records DIR to list, load "
              "and save records there (a record can still be pasted)");
}

void RecordsDir::check_name(const std::string& name) {
  if (name.empty() || name.size() > kMaxNameLength)
    fail_with(400, "a record name must have 1 to ", kMaxNameLength, " characters");
  if (name[0] == '.') fail_with(400, "record name '", name, "' may not start with '.'");
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-'))
      fail_with(400, "record name '", name,
                "' may hold only letters, digits, '.', '_' and '-' (a file name, not a path)");
  if (!ends_with(name, ".txt")) fail_with(400, "record name '", name, "' must end in .txt");
}

std::vector<std::string> RecordsDir::list() const {
  require_enabled();
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir_, ec)) {
    const std::string name = entry.path().filename().string();
    if (!entry.is_symlink(ec) && entry.is_regular_file(ec) && ends_with(name, ".txt") &&
        name[0] != '.')
      names.push_back(name);
  }
  if (ec) fail_with(500, "cannot list the records directory: ", ec.message());
  std::sort(names.begin(), names.end());
  return names;
}

std::string RecordsDir::read(const std::string& name) const {
  require_enabled();
  check_name(name);
  const std::string path = dir_ + "/" + name;
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) fail_with(404, "no record '", name, "' in the records directory");
  struct stat st {};
  const bool regular = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
  if (!regular || static_cast<size_t>(st.st_size) > kMaxRecordBytes) {
    ::close(fd);
    if (!regular) fail_with(404, "'", name, "' is not a regular file");
    fail_with(413, "record '", name, "' has ", st.st_size, " bytes; the limit is ",
              kMaxRecordBytes);
  }
  std::string text(static_cast<size_t>(st.st_size), '\0');
  size_t got = 0;
  while (got < text.size()) {
    const ssize_t n = ::read(fd, text.data() + got, text.size() - got);
    if (n <= 0) break;
    got += static_cast<size_t>(n);
  }
  ::close(fd);
  text.resize(got);
  return text;
}

std::string RecordsDir::write_new(std::string name, std::string_view text) const {
  require_enabled();
  if (!ends_with(name, ".txt")) name += ".txt";
  check_name(name);
  const std::string path = dir_ + "/" + name;
  struct stat st {};
  if (::lstat(path.c_str(), &st) == 0)
    fail_with(409, "a record named '", name, "' exists already; choose another name");
  write_file_atomically(path, text);  // a temporary file in the same directory, then rename
  return name;
}

}  // namespace hz::serve
