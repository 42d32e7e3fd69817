// Fuzz targets of the binary files a run keeps:
//
//   shard:       the bytes of a sample shard -> read_shard_info, read_shard
//   journal:     the bytes of a game journal -> GameJournal::read (an Alquerque run's)
//   checkpoint:  the bytes of a checkpoint   -> read_checkpoint_meta, load_checkpoint_network,
//                                               load_checkpoint into a trainer
//   metrics:     the bytes of metrics.jsonl  -> drop_torn_last_line, check_metrics_file (resume)
//
// The readers take paths, so each input is written to a per-process temporary file. Both
// formats carry CRC-32 checksums; fix_checksums() recomputes them so that mutations also reach
// the checks behind the checksums (a crafted file, not only a damaged one). An accepted shard
// must encode back to a shard that reads to the same samples; an accepted checkpoint must load
// completely and, saved again, read back with the same metadata. An accepted journal read without
// its torn tail must give the same games and no torn bytes.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <memory>

#include "core/config.h"
#include "core/error.h"
#include "core/files.h"
#include "core/rng.h"
#include "fuzz.h"
#include "games/registry.h"
#include "nn/network.h"
#include "selfplay/game_journal.h"
#include "selfplay/shards.h"
#include "train/checkpoint.h"
#include "train/run_metrics.h"
#include "train/trainer.h"

namespace hz::fuzz {
namespace {

// A file in a per-process temporary folder (created on first use).
std::string temp_path(const std::string& name) {
  const char* tmp = std::getenv("TMPDIR");
  const std::string dir =
      std::string(tmp && *tmp ? tmp : "/tmp") + "/hz_fuzz_" + std::to_string(::getpid());
  ::mkdir(dir.c_str(), 0700);
  return dir + "/" + name;
}

void write_plain(const std::string& path, std::string_view bytes) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) throw FuzzViolation("cannot write the fuzz input file " + path);
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n <= 0) break;
    done += static_cast<size_t>(n);
  }
  ::close(fd);
  if (done != bytes.size()) throw FuzzViolation("short write of the fuzz input file " + path);
}

template <class T>
T load(const std::string& s, size_t at) {
  T v;
  std::memcpy(&v, s.data() + at, sizeof(T));
  return v;
}
template <class T>
void store(std::string& s, size_t at, T v) {
  std::memcpy(s.data() + at, &v, sizeof(T));
}

// -------------------------------------------------------------------------------------- shards

bool same_samples(const std::vector<Sample>& a, const std::vector<Sample>& b, int players) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const Sample &x = a[i], &y = b[i];
    // Bitwise float comparison: a NaN read from a file must come back as the same NaN.
    auto same_floats = [](const float* p, const float* q, size_t n) {
      return std::memcmp(p, q, n * sizeof(float)) == 0;
    };
    if (x.game_id != y.game_id || x.ply != y.ply || x.player != y.player ||
        x.observation.size() != y.observation.size() || x.policy.size() != y.policy.size() ||
        !same_floats(x.value.data(), y.value.data(), players) ||
        !same_floats(x.observation.data(), y.observation.data(), x.observation.size()))
      return false;
    for (size_t k = 0; k < x.policy.size(); ++k)
      if (x.policy[k].first != y.policy[k].first ||
          !same_floats(&x.policy[k].second, &y.policy[k].second, 1))
        return false;
  }
  return true;
}

void run_shard(std::string_view input) {
  const std::string path = temp_path("shard.bin");
  write_plain(path, input);
  ShardInfo header;
  bool header_ok = true;
  try {
    header = read_shard_info(path);
  } catch (const Error&) {
    header_ok = false;
  }
  ShardInfo info;
  const std::vector<Sample> samples = read_shard(path, &info);
  after_accepting("after read_shard accepted the shard", [&] {
    require(header_ok, "read_shard accepted a shard whose header read_shard_info rejects");
    require(header.game == info.game && header.count == info.count &&
                header.observation == info.observation && header.num_actions == info.num_actions,
            "read_shard_info and read_shard disagree on the header");
    require(samples.size() == info.count, "sample count differs from the header's");
    const std::string again_path = temp_path("shard_again.bin");
    write_plain(again_path, encode_shard(info, samples));
    ShardInfo info2;
    const std::vector<Sample> again = read_shard(again_path, &info2, &info);
    require(same_samples(samples, again, info.num_players),
            "the re-encoded shard reads back other samples");
    require(info2.game == info.game && info2.count == info.count && info2.games == info.games,
            "the re-encoded shard has another header");
  });
}

void fix_shard_checksums(std::string& s) {
  if (s.size() < 80) return;
  const uint32_t hbytes = load<uint32_t>(s, 12);
  if (hbytes < 80 || hbytes > s.size()) return;
  store<uint32_t>(s, 60, crc32(s.data() + hbytes, s.size() - hbytes));
  store<uint32_t>(s, 64, 0);
  store<uint32_t>(s, 64, crc32(s.data(), hbytes));
}

std::vector<std::string> shard_seeds() {
  std::vector<std::string> out;
  Rng rng(31);
  for (const std::string& name : game_names()) {
    const auto game = make_game(name, game_info(name).test_variants.at(0));
    std::vector<Sample> samples;
    auto s = game->new_initial_state();
    for (int ply = 0; ply < 6 && !s->is_terminal(); ++ply) {
      Sample x;
      x.observation = s->observation();
      const std::vector<Action> legal = s->legal_actions();
      for (Action a : legal)
        x.policy.push_back({s->policy_index(a), 1.0f / static_cast<float>(legal.size())});
      for (int p = 0; p < game->num_players(); ++p) x.value[p] = p == 0 ? 1.0f : -1.0f;
      x.game_id = 3;
      x.ply = s->move_number();
      x.player = s->current_player();
      samples.push_back(std::move(x));
      s->apply(legal[rng.uniform_int(static_cast<uint32_t>(legal.size()))]);
    }
    ShardInfo info;
    info.game = game->full_name();
    info.observation = game->observation_shape();
    info.num_actions = game->num_actions();
    info.num_players = game->num_players();
    info.games = 1;
    out.push_back(encode_shard(info, samples));
  }
  return out;
}

// ------------------------------------------------------------------------------------- journal

ShardInfo journal_game_info() {
  const auto game = make_game("alquerque");
  ShardInfo info;
  info.game = game->full_name();
  info.observation = game->observation_shape();
  info.num_actions = game->num_actions();
  info.num_players = game->num_players();
  return info;
}

void run_journal(std::string_view input) {
  const std::string path = temp_path("journal.bin");
  write_plain(path, input);
  const ShardInfo expected = journal_game_info();
  const GameJournal::Recovered r = GameJournal(path).read(expected);
  after_accepting("after the journal was read", [&] {
    require(r.torn_bytes <= input.size(), "more torn bytes than the file has");
    require(r.games <= input.size() / 16, "more games than records could fit");
    write_plain(path, input.substr(0, input.size() - r.torn_bytes));
    const GameJournal::Recovered again = GameJournal(path).read(expected);
    require(again.torn_bytes == 0, "the journal without its torn tail still has a torn tail");
    require(again.games == r.games && same_samples(again.samples, r.samples, expected.num_players),
            "the journal without its torn tail reads other games");
  });
}

// Records of the journal are one-game shards: repair each record's checksums.
void fix_journal_checksums(std::string& s) {
  size_t at = 0;
  while (at + 16 <= s.size()) {
    const uint64_t length = load<uint64_t>(s, at + 8);
    if (length > s.size() - at - 16) return;
    std::string record = s.substr(at + 16, length);
    fix_shard_checksums(record);
    s.replace(at + 16, length, record);
    at += 16 + length;
  }
}

std::vector<std::string> journal_seeds() {
  const std::string path = temp_path("journal_seed.bin");
  std::remove(path.c_str());
  GameJournal journal(path);
  const ShardInfo info = journal_game_info();
  const auto game = make_game("alquerque");
  Rng rng(37);
  std::vector<std::string> out;
  for (uint64_t id = 5; id < 7; ++id) {
    std::vector<Sample> samples;
    auto s = game->new_initial_state();
    for (int ply = 0; ply < 4 && !s->is_terminal(); ++ply) {
      Sample x;
      x.observation = s->observation();
      const std::vector<Action> legal = s->legal_actions();
      for (Action a : legal)
        x.policy.push_back({s->policy_index(a), 1.0f / static_cast<float>(legal.size())});
      x.value[0] = 1.0f;
      x.value[1] = -1.0f;
      x.game_id = id;
      x.ply = s->move_number();
      x.player = s->current_player();
      samples.push_back(std::move(x));
      s->apply(legal[rng.uniform_int(static_cast<uint32_t>(legal.size()))]);
    }
    journal.append(info, samples);
    out.push_back(read_file(path));  // one game, then two
  }
  return out;
}

// ------------------------------------------------------------------------------------- metrics

// A resume's path through RUN/metrics.jsonl (train/training_run.cpp): cut a torn last line, check
// every line, then go on appending. An accepted file must keep its other bytes, have no torn
// line left, and stay accepted with a new line appended.
void run_metrics(std::string_view input) {
  const std::string dir = temp_path("metrics_run");
  ::mkdir(dir.c_str(), 0700);
  const std::string path = dir + "/metrics.jsonl";
  write_plain(path, input);
  const size_t torn = drop_torn_last_line(path);
  check_metrics_file(path);
  after_accepting("after the metrics file was accepted", [&] {
    require(torn <= input.size(), "more torn bytes than the file has");
    require(read_file(path) == input.substr(0, input.size() - torn),
            "cutting the torn line changed the lines before it");
    require(drop_torn_last_line(path) == 0, "a torn line is left after cutting it");
    append_metrics_line(dir, {{"kind", "train"}, {"step", 7}});
    check_metrics_file(path);
  });
}

// Reseals every line's "crc32" digits (seal_json_checksum wants them zeroed first).
void fix_metrics_checksums(std::string& s) {
  std::string out;
  for (size_t at = 0; at < s.size();) {
    const size_t end = std::min(s.find('\n', at), s.size());
    std::string line = s.substr(at, end - at);
    const size_t key = line.rfind("\"crc32\":\"");
    if (key != std::string::npos && key + 17 < line.size() && line[key + 17] == '"') {
      line.replace(key + 9, 8, "00000000");
      try {
        seal_json_checksum(line);
      } catch (const Error&) {  // another "crc32" key after this one: left as it is
      }
    }
    out += line;
    if (end < s.size()) out += '\n';
    at = end + 1;
  }
  s = out;
}

std::vector<std::string> metrics_seeds() {
  const std::string dir = temp_path("metrics_seed");
  ::mkdir(dir.c_str(), 0700);
  const std::string path = dir + "/metrics.jsonl";
  std::remove(path.c_str());
  std::vector<std::string> out;
  // A run started before lines had checksums, then resumed: old lines first.
  write_plain(path, "{\"kind\":\"train\",\"step\":0}\n");
  append_metrics_line(dir, {{"kind", "train"}, {"step", 10}, {"loss", 1.25}});
  out.push_back(read_file(path));
  append_metrics_line(dir, {{"kind", "eval"}, {"step", 20}, {"name", "a \"b\""}});
  out.push_back(read_file(path));
  out.push_back(read_file(path) + "{\"metrics_version\":2,\"kind\":\"tr");  // torn by a kill
  return out;
}

// --------------------------------------------------------------------------------- checkpoints

constexpr const char* kCheckpointGame = "alquerque";

NetworkConfig seed_network() {
  const auto game = make_game(kCheckpointGame);
  Config c = Config::from_string("blocks: 1\nchannels: 4\nvalue_hidden: 8\n");
  return NetworkConfig::from_config(c.root(), game->observation_shape(), game->num_actions(),
                                    game->num_players());
}

TrainerConfig trainer_config(const std::string& optimizer) {
  TrainerConfig tc;
  tc.optimizer = optimizer;
  tc.batch_size = 2;
  return tc;
}

// Trainers to load into, one per optimizer kind, built once.
struct CheckpointTrainers {
  std::unique_ptr<Trainer> sgd, adam;
  Trainer& for_optimizer(const std::string& kind) {
    std::unique_ptr<Trainer>& t = kind == "adam" ? adam : sgd;
    if (!t) t = std::make_unique<Trainer>(seed_network(), trainer_config(kind), 1);
    return *t;
  }
};

void run_checkpoint(CheckpointTrainers& trainers, std::string_view input) {
  const std::string path = temp_path("ckpt.pt");
  write_plain(path, input);
  const CheckpointMeta meta = read_checkpoint_meta(path);
  CheckpointMeta meta2;
  const std::unique_ptr<Network> net = load_checkpoint_network(path, &meta2);
  after_accepting("after the checkpoint's network loaded", [&] {
    require(meta2.network == meta.network && meta2.step == meta.step && meta2.game == meta.game,
            "the two checkpoint readers disagree");
    require(net->config() == meta.network, "the loaded network has another config");
  });
  if (!(meta.network == seed_network()) || (meta.optimizer != "sgd" && meta.optimizer != "adam"))
    return;  // no trainer of this shape to load into
  Trainer& trainer = trainers.for_optimizer(meta.optimizer);
  const CheckpointMeta loaded = load_checkpoint(path, trainer, meta.game, meta.game_options);
  after_accepting("after load_checkpoint accepted the checkpoint", [&] {
    require(trainer.step() == meta.step && loaded.rng == meta.rng, "trainer state not restored");
    const std::string again = temp_path("ckpt_again.pt");
    save_checkpoint(again, trainer, loaded);
    const CheckpointMeta m = read_checkpoint_meta(again);
    require(m.step == meta.step && m.games == meta.games && m.samples == meta.samples &&
                m.game == meta.game && m.game_options == meta.game_options && m.rng == meta.rng &&
                m.optimizer == meta.optimizer && m.network == meta.network,
            "a re-saved checkpoint reads back other metadata");
  });
}

void fix_checkpoint_checksums(std::string& s) {
  if (s.size() < 24) return;
  store<uint64_t>(s, 16, s.size() - 24);
  store<uint32_t>(s, 12, crc32(s.data() + 24, s.size() - 24));
}

std::vector<std::string> checkpoint_seeds() {
  std::vector<std::string> out;
  const auto game = make_game(kCheckpointGame);
  for (const std::string optimizer : {"sgd", "adam"}) {
    Trainer trainer(seed_network(), trainer_config(optimizer), 5);
    // One step, so that the optimizer has state to save.
    TrainBatch batch;
    batch.size = 2;
    batch.observations.assign(2 * game->observation_shape().size(), 0.5f);
    batch.values = {1, -1, -1, 1};
    batch.policy_offsets = {0, 2, 3};
    batch.policy_indices = {0, 1, 2};
    batch.policy_targets = {0.5f, 0.5f, 1.0f};
    trainer.train_step(batch);
    CheckpointMeta meta;
    meta.games = 4;
    meta.samples = 40;
    meta.elapsed_s = 1.5;
    meta.game = kCheckpointGame;
    meta.game_options = game->options().to_string();
    const std::string path = temp_path("seed.pt");
    save_checkpoint(path, trainer, meta);
    out.push_back(read_file(path));
  }
  return out;
}

}  // namespace

void add_file_targets(std::vector<Target>& out) {
  const std::vector<std::string> binary_tokens = {std::string("\0\0\0\0", 4),
                                                  std::string("\xff\xff\xff\xff", 4),
                                                  std::string("\x7f", 1),
                                                  std::string("\x80", 1),
                                                  "HZSHARD",
                                                  "HZGJ",
                                                  "HZCKPT",
                                                  "PK\x03\x04",
                                                  "PK\x01\x02",
                                                  "PK\x05\x06",
                                                  "data.pkl",
                                                  "alquerque",
                                                  "network_config"};
  out.push_back({"shard", "sample shard bytes -> read_shard_info, read_shard", true, shard_seeds,
                 run_shard, binary_tokens, fix_shard_checksums});
  out.push_back({"journal", "game journal bytes -> GameJournal::read", true, journal_seeds,
                 run_journal, binary_tokens, fix_journal_checksums});
  const std::vector<std::string> metrics_tokens = {"{",
                                                   "}",
                                                   "\n",
                                                   ",",
                                                   "\"crc32\":\"00000000\"",
                                                   "\"crc32\":",
                                                   "\"metrics_version\":1",
                                                   "\"kind\":\"train\"",
                                                   "\"step\":",
                                                   "null",
                                                   "\r",
                                                   std::string("\0", 1),
                                                   "\xff"};
  out.push_back({"metrics", "RUN/metrics.jsonl bytes -> drop_torn_last_line, check_metrics_file",
                 true, metrics_seeds, run_metrics, metrics_tokens, fix_metrics_checksums});
  auto trainers = std::make_shared<CheckpointTrainers>();
  out.push_back({"checkpoint",
                 "checkpoint bytes -> read_checkpoint_meta, load_checkpoint_network, "
                 "load_checkpoint",
                 true, checkpoint_seeds,
                 [trainers](std::string_view in) { run_checkpoint(*trainers, in); }, binary_tokens,
                 fix_checkpoint_checksums});
}

}  // namespace hz::fuzz
