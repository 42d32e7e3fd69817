// Files that survive a kill: atomic writes (temporary file, flush, fsync, rename) and a CRC-32
// for checksummed formats. Whatever a run writes goes through here, so a reader sees either the
// old complete file or the new complete file, never half of one.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hz {

// Writes `bytes` to `path` atomically; throws hz::Error naming the path on failure.
void write_file_atomically(const std::string& path, std::string_view bytes);
// Bound of read_file for files without a tighter one of their own.
inline constexpr uint64_t kMaxReadBytes = uint64_t{1} << 30;
// Reads a whole regular file of at most `max_bytes` bytes (each format passes its own bound).
// Anything else is refused by name before a byte is read: a directory, a FIFO, a device such as
// /dev/zero (also through a symlink), a larger file. Reads the size the file had when opened, so
// no reader runs without a bound. `what` names the kind of file in errors ("shard").
std::string read_file(const std::string& path, uint64_t max_bytes = kMaxReadBytes,
                      std::string_view what = "file");
// The first `n` bytes of a regular file (fewer when it is shorter), with the same refusals, and
// its size in `size_out`.
std::string read_file_head(const std::string& path, size_t n, uint64_t* size_out,
                           std::string_view what = "file");
// Appends bytes and flushes them to disk (fdatasync); throws hz::Error naming the path. Not
// atomic: a kill can leave part of them, which readers of such files must detect.
void append_durably(const std::string& path, std::string_view bytes);
// Appends one line (plus '\n') the same way (metrics logs): readers drop a torn last line.
void append_line_durably(const std::string& path, std::string_view line);
// Cuts a torn last line (bytes after the last '\n', left by a kill during append_line_durably)
// off `path`, so that the next append starts a fresh line; returns the bytes dropped (0 when the
// file ends with '\n', is empty or is absent).
size_t drop_torn_last_line(const std::string& path);
// Removes the temporary files (NAME.tmp.<pid>) that interrupted atomic writes left in `dir` (not
// recursive) and returns their paths.
std::vector<std::string> remove_interrupted_writes(const std::string& dir);

// zlib's CRC-32 (the checksum of zip and PNG) of `size` bytes, continuing from `previous` (the
// CRC of the bytes before them; 0 to start).
uint32_t crc32(const void* data, size_t size, uint32_t previous = 0);

// Checksummed JSON text (metrics lines, ladder.json): the text holds a field "crc32" whose value
// is a string of 8 hex digits, the CRC-32 of the whole text with those digits written as
// "00000000". seal_json_checksum fills in the digits of the last "crc32" field (written as
// "00000000"); check_json_checksum says whether the text has one and whether it matches.
void seal_json_checksum(std::string& json);
enum class JsonChecksum { kMatches, kMismatch, kAbsent };
JsonChecksum check_json_checksum(std::string_view json);

}  // namespace hz
