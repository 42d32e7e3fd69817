// The one directory hopzero serve reads game records from and saves them to (--records DIR).
// Requests name records by a bare file name, never a path: a name is checked before any file
// is touched (letters, digits, '.', '_', '-'; ends in .txt; no leading dot, so no '..'), and
// the file must be a regular file directly in the directory, not a symlink (opened with
// O_NOFOLLOW). Nothing else on the machine is read or written through it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hz::serve {

// The canonical path of directory `dir`; throws hz::Error naming `flag` if it is not one.
std::string canonical_dir(const std::string& dir, const std::string& flag);

class RecordsDir {
 public:
  static constexpr size_t kMaxRecordBytes = 4 << 20;

  RecordsDir() = default;  // no directory: every operation fails with a 404 saying so
  // Throws hz::Error if `dir` is not an existing directory.
  explicit RecordsDir(const std::string& dir);

  bool enabled() const { return !dir_.empty(); }
  const std::string& path() const { return dir_; }
  // Names of the record files (*.txt, regular, not symlinks), sorted.
  std::vector<std::string> list() const;
  // The text of record `name`; HttpError 400 for a bad name, 404 when absent or not a regular
  // file, 413 when larger than kMaxRecordBytes.
  std::string read(const std::string& name) const;
  // Writes a new record `name` (".txt" is appended when missing) atomically and returns the
  // name used; HttpError 409 if it exists.
  std::string write_new(std::string name, std::string_view text) const;

  // Throws HttpError 400 unless `name` is an acceptable record file name.
  static void check_name(const std::string& name);

 private:
  void require_enabled() const;
  std::string dir_;  // canonical path, "" when disabled
};

}  // namespace hz::serve
