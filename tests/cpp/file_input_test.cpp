// Paths that are not regular files, and crafted files (issue 14): every reader of a run's files
// (journal, shard, checkpoint, game record, config) refuses a directory, a FIFO or a device by
// name before reading, instead of reading without a bound (a symlink to /dev/zero used to grow
// the process until the kernel killed it) or blocking on a FIFO forever.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <functional>

#include "core/config.h"
#include "core/files.h"
#include "eval/record.h"
#include "selfplay/game_journal.h"
#include "selfplay/shards.h"
#include "temp_dir.h"
#include "test_util.h"
#include "train/checkpoint.h"

namespace hz {
namespace {

namespace fs = std::filesystem;

// Runs `read` in a child process with 1 GiB of address space and 20 s of time, so that a reader
// that reads without a bound or blocks fails the test instead of the machine. Returns the
// hz::Error message, or "<no error>", "<other exception: ...>" or "<killed by signal N>".
std::string error_in_child(const std::function<void()>& read) {
  int fds[2];
  if (::pipe(fds) != 0) return "<pipe failed>";
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    const rlimit memory{1ul << 30, 1ul << 30};
    ::setrlimit(RLIMIT_AS, &memory);
    ::alarm(20);
    std::string message = "<no error>";
    try {
      read();
    } catch (const Error& e) {
      message = e.what();
    } catch (const std::exception& e) {
      message = std::string("<other exception: ") + e.what() + ">";
    }
    const ssize_t n = ::write(fds[1], message.data(), message.size());
    ::_exit(n == static_cast<ssize_t>(message.size()) ? 0 : 1);
  }
  ::close(fds[1]);
  std::string message;
  char buf[4096];
  for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;) message.append(buf, n);
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (WIFSIGNALED(status)) return "<killed by signal " + std::to_string(WTERMSIG(status)) + ">";
  return message;
}

struct NotAFile {
  std::string kind, path, says;
};

// A directory, a FIFO and a symlink to /dev/zero at `path`, one after another.
std::vector<NotAFile> not_files(const std::string& dir, const std::string& name) {
  std::vector<NotAFile> out;
  const std::string base = dir + "/" + name;
  fs::create_directories(base + ".dir");
  out.push_back({"directory", base + ".dir", "is a directory, not a regular file"});
  ::mkfifo((base + ".fifo").c_str(), 0600);
  out.push_back({"fifo", base + ".fifo", "is a FIFO (named pipe), not a regular file"});
  fs::create_symlink("/dev/zero", base + ".zero");
  out.push_back({"/dev/zero", base + ".zero", "is a character device, not a regular file"});
  return out;
}

ShardInfo alquerque_info() {
  ShardInfo info;
  info.game = "alquerque";
  info.observation = {1, 5, 5};
  info.num_actions = 10;
  info.num_players = 2;
  return info;
}

TEST(NotARegularFile, EveryRunFileReaderRefusesItByName) {
  const std::string dir = test::temp_dir("not_a_file");
  const std::vector<std::pair<std::string, std::function<void(const std::string&)>>> readers = {
      {"shard", [](const std::string& p) { read_shard(p); }},
      {"shard header", [](const std::string& p) { read_shard_info(p); }},
      {"journal", [](const std::string& p) { GameJournal(p).read(alquerque_info()); }},
      {"checkpoint", [](const std::string& p) { read_checkpoint_meta(p); }},
      {"checkpoint network", [](const std::string& p) { load_checkpoint_network(p); }},
      {"record", [](const std::string& p) { read_record_file(p); }},
      {"config", [](const std::string& p) { Config::load_file(p); }},
      {"metrics", [](const std::string& p) { drop_torn_last_line(p); }},
  };
  int case_number = 0;
  for (const auto& [reader, read] : readers) {
    for (const NotAFile& f : not_files(dir, "case" + std::to_string(case_number++))) {
      const std::string msg = error_in_child([&] { read(f.path); });
      EXPECT_TRUE(contains(msg, f.path) && contains(msg, f.says))
          << reader << " of a " << f.kind << ": " << msg;
    }
  }
}

TEST(NotARegularFile, ReadFileIsBoundedByTheFormat) {
  const std::string dir = test::temp_dir("bounded_read");
  write_file_atomically(dir + "/big", std::string(1000, 'x'));
  EXPECT_EQ(read_file(dir + "/big", 1000).size(), 1000u);
  const std::string msg = error_of([&] { read_file(dir + "/big", 999, "shard"); });
  EXPECT_TRUE(contains(msg, "shard '" + dir + "/big' is 1000 bytes, more than the 999")) << msg;
  uint64_t size = 0;
  EXPECT_EQ(read_file_head(dir + "/big", 10, &size), std::string(10, 'x'));
  EXPECT_EQ(size, 1000u);
}

}  // namespace
}  // namespace hz
