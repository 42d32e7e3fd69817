// Directory helpers for run directories: create a folder tree, check that a folder or a file can be
// written, and list numbered files such as ckpt_000400.pt or shard_000012.bin. Stateless;
// thread-safe.
#pragma once

#include <string>
#include <vector>

namespace hz {

void make_dirs(const std::string& path);  // mkdir -p; throws hz::Error naming the path
bool path_exists(const std::string& path);
// Checks, before long work whose result goes to a file, that the file can be written there
// afterwards: its folder exists and takes a new file, and the path is not a folder itself.
// Throws hz::Error naming `flag` ("--out") and the path.
void check_output_file(const std::string& path, const std::string& flag);
// The same for a folder that files will be written into (make_dirs first).
void check_writable_dir(const std::string& dir, const std::string& flag);
// The numbers N of the entries named <prefix><digits><suffix> in `dir`, ascending; an absent
// directory gives none. Entries that are not regular files (a directory, a symlink to a device)
// are listed too, so that their reader refuses them by name instead of a run silently using an
// older file.
std::vector<long> numbered_files(const std::string& dir, const std::string& prefix,
                                 const std::string& suffix);

}  // namespace hz
