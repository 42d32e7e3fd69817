// Small helpers shared by test programs: the message of an expected hz::Error, and a fresh
// per-process temporary directory.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <functional>
#include <string>

#include "core/dir_listing.h"
#include "core/error.h"

namespace hz::test {

// The what() of the hz::Error that f throws, or "" if it throws none.
inline std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// ::testing::TempDir()/hz_<tag>_<pid>, created.
inline std::string temp_dir(const std::string& tag) {
  const std::string dir = ::testing::TempDir() + "hz_" + tag + "_" + std::to_string(::getpid());
  make_dirs(dir);
  return dir;
}

}  // namespace hz::test
