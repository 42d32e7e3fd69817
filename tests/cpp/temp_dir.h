// A fresh per-process temporary directory for tests that write files.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <string>

#include "core/dir_listing.h"

namespace hz::test {

// ::testing::TempDir()/hz_<tag>_<pid>, created.
inline std::string temp_dir(const std::string& tag) {
  const std::string dir = ::testing::TempDir() + "hz_" + tag + "_" + std::to_string(::getpid());
  make_dirs(dir);
  return dir;
}

}  // namespace hz::test
