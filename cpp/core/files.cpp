#include "core/files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "core/error.h"

namespace hz {

// What write_file_atomically puts between a path and its pid while writing: "PATH.tmp.<pid>".
static constexpr std::string_view kTemporaryInfix = ".tmp.";

static void write_all(int fd, const char* data, size_t size, const std::string& path) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("cannot write '", path, "': ", std::strerror(errno));
    }
    data += n;
    size -= static_cast<size_t>(n);
  }
}

void write_file_atomically(const std::string& path, std::string_view bytes) {
  const std::string tmp = path + std::string(kTemporaryInfix) + std::to_string(::getpid());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) fail("cannot create '", tmp, "': ", std::strerror(errno));
  try {
    write_all(fd, bytes.data(), bytes.size(), tmp);
  } catch (...) {
    ::close(fd);
    ::unlink(tmp.c_str());
    throw;
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    ::unlink(tmp.c_str());
    fail("cannot flush '", tmp, "': ", std::strerror(errno));
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    ::unlink(tmp.c_str());
    fail("cannot rename '", tmp, "' to '", path, "': ", std::strerror(errno));
  }
  // Make the rename itself durable.
  const size_t slash = path.find_last_of('/');
  const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash + 1);
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
}

namespace {

const char* file_kind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "an unknown kind of file";
}

// An open regular file: O_NONBLOCK so that opening a FIFO does not wait for a writer.
class RegularFile {
 public:
  RegularFile(const std::string& path, std::string_view what) : path_(path), what_(what) {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd_ < 0) fail("cannot open ", what, " '", path, "': ", std::strerror(errno));
    struct stat st;
    if (::fstat(fd_, &st) != 0) {
      ::close(fd_);
      fail("cannot read ", what, " '", path, "': ", std::strerror(errno));
    }
    if (!S_ISREG(st.st_mode)) {
      ::close(fd_);
      fail("cannot read ", what, " '", path, "': it is ", file_kind(st.st_mode),
           ", not a regular file");
    }
    size_ = static_cast<uint64_t>(st.st_size);
  }
  ~RegularFile() { ::close(fd_); }
  RegularFile(const RegularFile&) = delete;
  RegularFile& operator=(const RegularFile&) = delete;
  uint64_t size() const { return size_; }

  char last_byte() {
    char c = 0;
    if (size_ == 0 || ::pread(fd_, &c, 1, static_cast<off_t>(size_ - 1)) != 1)
      fail("cannot read ", what_, " '", path_, "': ", std::strerror(errno));
    return c;
  }
  // The first min(n, size()) bytes; fewer if the file shrank meanwhile.
  std::string read(uint64_t n) {
    std::string out(static_cast<size_t>(std::min(n, size_)), '\0');
    size_t done = 0;
    while (done < out.size()) {
      const ssize_t got = ::read(fd_, out.data() + done, out.size() - done);
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) fail("cannot read ", what_, " '", path_, "': ", std::strerror(errno));
      if (got == 0) break;
      done += static_cast<size_t>(got);
    }
    out.resize(done);
    return out;
  }

 private:
  std::string path_;
  std::string_view what_;
  int fd_ = -1;
  uint64_t size_ = 0;
};

}  // namespace

std::string read_file(const std::string& path, uint64_t max_bytes, std::string_view what) {
  RegularFile file(path, what);
  if (file.size() > max_bytes)
    fail(what, " '", path, "' is ", file.size(), " bytes, more than the ", max_bytes,
         " bytes such a file can hold");
  return file.read(file.size());
}

std::string read_file_head(const std::string& path, size_t n, uint64_t* size_out,
                           std::string_view what) {
  RegularFile file(path, what);
  *size_out = file.size();
  return file.read(n);
}

void append_durably(const std::string& path, std::string_view bytes) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) fail("cannot open '", path, "' for appending: ", std::strerror(errno));
  try {
    write_all(fd, bytes.data(), bytes.size(), path);
  } catch (...) {
    ::close(fd);
    throw;
  }
  ::fdatasync(fd);
  ::close(fd);
}

void append_line_durably(const std::string& path, std::string_view line) {
  std::string data(line);
  data += '\n';
  append_durably(path, data);
}

size_t drop_torn_last_line(const std::string& path) {
  // Whole lines end in '\n': then the last byte alone says so, without reading a long log.
  std::error_code ec;
  const bool present = std::filesystem::exists(path, ec);  // a symlink loop sets ec
  if (ec) fail("cannot read '", path, "': ", ec.message());
  if (!present) return 0;
  {
    RegularFile file(path, "file");
    if (file.size() == 0 || file.last_byte() == '\n') return 0;
  }
  const std::string text = read_file(path);
  const size_t keep = text.empty() || text.back() == '\n' ? text.size() : text.rfind('\n') + 1;
  // rfind gives npos when there is no '\n' at all: npos + 1 wraps to 0, the whole file is torn.
  if (keep == text.size()) return 0;
  if (::truncate(path.c_str(), static_cast<off_t>(keep)) != 0)
    fail("cannot cut the torn last line off '", path, "': ", std::strerror(errno));
  return text.size() - keep;
}

std::vector<std::string> remove_interrupted_writes(const std::string& dir) {
  std::vector<std::string> removed;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    const size_t at = name.rfind(kTemporaryInfix);
    if (!entry.is_regular_file(ec) || at == std::string::npos || at == 0) continue;
    const std::string pid = name.substr(at + kTemporaryInfix.size());
    if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos) continue;
    removed.push_back(entry.path().string());
  }
  std::sort(removed.begin(), removed.end());
  for (const auto& path : removed) std::filesystem::remove(path, ec);
  return removed;
}

uint32_t crc32(const void* data, size_t size, uint32_t previous) {
  return static_cast<uint32_t>(
      ::crc32_z(previous, static_cast<const Bytef*>(data), static_cast<z_size_t>(size)));
}

namespace {

// Offset of the 8 digits of the last "crc32" field's value, or npos.
size_t json_checksum_digits(std::string_view json) {
  const size_t key = json.rfind("\"crc32\"");
  if (key == std::string_view::npos) return key;
  size_t at = key + 7;
  while (at < json.size() && (json[at] == ' ' || json[at] == ':')) ++at;
  if (at + 10 > json.size() || json[at] != '"' || json[at + 9] != '"')
    return std::string_view::npos;
  for (size_t i = at + 1; i < at + 9; ++i)
    if (!std::isxdigit(static_cast<unsigned char>(json[i]))) return std::string_view::npos;
  return at + 1;
}

}  // namespace

void seal_json_checksum(std::string& json) {
  const size_t at = json_checksum_digits(json);
  if (at == std::string::npos || json.compare(at, 8, "00000000") != 0)
    fail("internal: JSON text without a \"crc32\": \"00000000\" field to seal");
  char digits[9];
  std::snprintf(digits, sizeof digits, "%08x", crc32(json.data(), json.size()));
  json.replace(at, 8, digits);
}

JsonChecksum check_json_checksum(std::string_view json) {
  const size_t at = json_checksum_digits(json);
  if (at == std::string_view::npos) return JsonChecksum::kAbsent;
  const uint32_t stored =
      static_cast<uint32_t>(std::stoul(std::string(json.substr(at, 8)), nullptr, 16));
  std::string zeroed(json);
  zeroed.replace(at, 8, "00000000");
  return crc32(zeroed.data(), zeroed.size()) == stored ? JsonChecksum::kMatches
                                                       : JsonChecksum::kMismatch;
}

}  // namespace hz
