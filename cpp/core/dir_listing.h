// Directory helpers for run directories: create a folder tree, and list numbered files such as
// ckpt_000400.pt or shard_000012.bin. Stateless; thread-safe.
#pragma once

#include <string>
#include <vector>

namespace hz {

void make_dirs(const std::string& path);  // mkdir -p; throws hz::Error naming the path
bool path_exists(const std::string& path);
// The numbers N of the entries named <prefix><digits><suffix> in `dir`, ascending; an absent
// directory gives none. Entries that are not regular files (a directory, a symlink to a device)
// are listed too, so that their reader refuses them by name instead of a run silently using an
// older file.
std::vector<long> numbered_files(const std::string& dir, const std::string& prefix,
                                 const std::string& suffix);

}  // namespace hz
