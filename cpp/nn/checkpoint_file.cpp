#include "nn/checkpoint_file.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <sstream>

#include "core/dir_listing.h"
#include "core/error.h"
#include "core/files.h"
#include "games/registry.h"
#include "nn/checkpoint_archive.h"
#include "nn/network_impl.h"

namespace hz {

namespace {

constexpr char kMagic[8] = {'H', 'Z', 'C', 'K', 'P', 'T', '\0', '\0'};
constexpr uint32_t kVersion = 1;
constexpr size_t kHeader = 24;

// Checked before a network is built from a checkpoint's stored config, so that a crafted config
// cannot allocate gigabytes: the network must fit the checkpoint's game variant, and its weights
// (4 bytes each) must fit in the payload that is to hold them. A game this build does not have
// (a test's toy game) has no variant to compare with; the size bound holds for every game.
void check_stored_network(const CheckpointMeta& m, const std::string& path, uint64_t payload) {
  const NetworkConfig& n = m.network;
  const std::vector<std::string> names = game_names();
  if (std::find(names.begin(), names.end(), m.game) != names.end()) {
    std::shared_ptr<AnyGame> game;
    try {
      game = make_game(m.game, GameOptions::parse(m.game_options));
    } catch (const Error& e) {
      fail("checkpoint '", path, "': its game cannot be made: ", e.what());
    }
    if (!(n.observation == game->observation_shape()) || n.num_actions != game->num_actions() ||
        n.num_players != game->num_players())
      fail("checkpoint '", path, "': its network config '", n.to_string(), "' does not fit ",
           game->full_name(), " (observation ", game->observation_shape().planes, "x",
           game->observation_shape().height, "x", game->observation_shape().width, ", ",
           game->num_actions(), " actions, ", game->num_players(), " players)");
  }
  if (4.0 * n.parameter_count() > static_cast<double>(payload))
    fail("checkpoint '", path, "': its network config '", n.to_string(), "' has ",
         static_cast<uint64_t>(n.parameter_count()), " parameters, more than its ", payload,
         "-byte payload can hold (the file is corrupt)");
}

}  // namespace

void write_checkpoint_meta(torch::serialize::OutputArchive& a, const CheckpointMeta& m) {
  a.write("step", c10::IValue(static_cast<int64_t>(m.step)));
  a.write("games", c10::IValue(static_cast<int64_t>(m.games)));
  a.write("samples", c10::IValue(static_cast<int64_t>(m.samples)));
  a.write("elapsed_s", c10::IValue(m.elapsed_s));
  a.write("game", c10::IValue(m.game));
  a.write("game_options", c10::IValue(m.game_options));
  a.write("network_config", c10::IValue(m.network.to_string()));
  a.write("optimizer_kind", c10::IValue(m.optimizer));
  std::vector<int64_t> rng(m.rng.begin(), m.rng.end());
  a.write("rng", c10::IValue(rng));
}

CheckpointMeta read_checkpoint_fields(torch::serialize::InputArchive& a, const std::string& path) {
  auto field = [&](const char* key) {
    c10::IValue v;
    if (!a.try_read(key, v)) fail("checkpoint '", path, "': field '", key, "' is missing");
    return v;
  };
  auto integer = [&](const char* key) {
    c10::IValue v = field(key);
    if (!v.isInt()) fail("checkpoint '", path, "': field '", key, "' is not an integer");
    return v.toInt();
  };
  auto text = [&](const char* key) {
    c10::IValue v = field(key);
    if (!v.isString()) fail("checkpoint '", path, "': field '", key, "' is not a string");
    return v.toStringRef();
  };
  CheckpointMeta m;
  m.step = integer("step");
  m.games = static_cast<uint64_t>(integer("games"));
  m.samples = static_cast<uint64_t>(integer("samples"));
  c10::IValue elapsed = field("elapsed_s");
  if (!elapsed.isDouble()) fail("checkpoint '", path, "': field 'elapsed_s' is not a number");
  m.elapsed_s = elapsed.toDouble();
  m.game = text("game");
  m.game_options = text("game_options");
  try {
    m.network = NetworkConfig::parse(text("network_config"));
  } catch (const Error& e) {
    fail("checkpoint '", path, "': ", e.what());
  }
  m.optimizer = text("optimizer_kind");
  c10::IValue rng = field("rng");
  if (!rng.isIntList() || rng.toIntList().size() != 4)
    fail("checkpoint '", path, "': field 'rng' is not four integers");
  for (size_t i = 0; i < 4; ++i) m.rng[i] = static_cast<uint64_t>(rng.toIntList().get(i));
  if (m.step < 0) fail("checkpoint '", path, "': negative step ", m.step);
  return m;
}

std::string seal_checkpoint(torch::serialize::OutputArchive& archive) {
  std::ostringstream payload;
  archive.save_to(payload);
  const std::string body = payload.str();
  std::string file(kHeader, '\0');
  const uint32_t crc = crc32(body.data(), body.size());
  const uint64_t size = body.size();
  std::memcpy(file.data(), kMagic, 8);
  std::memcpy(file.data() + 8, &kVersion, 4);
  std::memcpy(file.data() + 12, &crc, 4);
  std::memcpy(file.data() + 16, &size, 8);
  return file + body;
}

uint64_t open_checkpoint_bytes(const std::string& path, const std::string& data,
                               torch::serialize::InputArchive& archive) {
  if (data.size() < kHeader)
    fail("checkpoint '", path, "' is truncated (", data.size(), " bytes, shorter than its header)");
  if (std::memcmp(data.data(), kMagic, 8) != 0)
    fail("checkpoint '", path, "' is not a hopzero checkpoint (bad magic)");
  uint32_t version, crc;
  uint64_t size;
  std::memcpy(&version, data.data() + 8, 4);
  std::memcpy(&crc, data.data() + 12, 4);
  std::memcpy(&size, data.data() + 16, 8);
  if (version != kVersion)
    fail("checkpoint '", path, "' has format version ", version, "; this build reads ", kVersion);
  if (data.size() - kHeader < size)
    fail("checkpoint '", path, "' is truncated (", data.size() - kHeader, " of ", size,
         " payload bytes)");
  if (data.size() - kHeader > size)
    fail("checkpoint '", path, "' has ", data.size() - kHeader - size,
         " bytes after its payload (corrupt)");
  if (crc32(data.data() + kHeader, size) != crc)
    fail("checkpoint '", path, "' is corrupt (checksum mismatch)");
  try {
    archive.load_from(data.data() + kHeader, size);
  } catch (const c10::Error& e) {
    fail("checkpoint '", path, "' cannot be read by LibTorch: ", e.what_without_backtrace());
  } catch (const std::exception& e) {
    // The archive holds TorchScript; its parser throws its own exception types.
    fail("checkpoint '", path, "' cannot be read by LibTorch: ", e.what());
  }
  return size;
}

uint64_t open_checkpoint_file(const std::string& path, torch::serialize::InputArchive& archive) {
  return open_checkpoint_bytes(path, read_file(path, kMaxCheckpointBytes, "checkpoint"), archive);
}

void check_checkpoint_game(const CheckpointMeta& m, const std::string& path,
                           const std::string& game, const std::string& options) {
  if (!game.empty() && m.game != game)
    fail("checkpoint '", path, "' is for game '", m.game, "', not '", game, "'");
  if (!game.empty() && m.game_options != options)
    fail("checkpoint '", path, "' is for ", m.game, " with options '", m.game_options, "', not '",
         options, "'");
}

std::string checkpoint_path(const std::string& dir, long step) {
  char name[32];
  std::snprintf(name, sizeof(name), "ckpt_%06ld.pt", step);
  return dir + "/" + name;
}

std::vector<long> list_checkpoints(const std::string& dir) {
  return numbered_files(dir, "ckpt_", ".pt");
}

std::string encode_network(const Network& net) {
  torch::serialize::OutputArchive archive;
  save_network(net, archive);
  std::ostringstream out;
  archive.save_to(out);
  return out.str();
}

std::unique_ptr<Network> decode_network(const std::string& source, const std::string& bytes,
                                        const NetworkConfig& expected) {
  torch::serialize::InputArchive archive;
  try {
    archive.load_from(bytes.data(), bytes.size());
  } catch (const c10::Error& e) {
    fail("network '", source, "' cannot be read by LibTorch: ", e.what_without_backtrace());
  } catch (const std::exception& e) {
    fail("network '", source, "' cannot be read by LibTorch: ", e.what());
  }
  auto net = std::make_unique<Network>(expected, 0);
  load_network(*net, archive, source);  // checks the config and every tensor's shape
  return net;
}

CheckpointMeta read_checkpoint_meta(const std::string& path) {
  torch::serialize::InputArchive archive;
  open_checkpoint_file(path, archive);
  return read_checkpoint_fields(archive, path);
}

std::unique_ptr<Network> load_checkpoint_network(const std::string& path,
                                                 CheckpointMeta* meta_out) {
  torch::serialize::InputArchive archive, network;
  const uint64_t payload = open_checkpoint_file(path, archive);
  CheckpointMeta meta = read_checkpoint_fields(archive, path);
  check_stored_network(meta, path, payload);
  auto net = std::make_unique<Network>(meta.network, 0);
  if (!archive.try_read("network", network)) fail("checkpoint '", path, "' lacks its network");
  load_network(*net, network, path);
  if (meta_out) *meta_out = meta;
  return net;
}

}  // namespace hz
