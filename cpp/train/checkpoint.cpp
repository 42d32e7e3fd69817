#include "train/checkpoint.h"

#include <utility>

#include "core/error.h"
#include "core/files.h"
#include "nn/checkpoint_archive.h"
#include "train/trainer_impl.h"

namespace hz {

std::string encode_checkpoint(const Trainer& trainer, CheckpointMeta meta) {
  const Trainer::Impl& m = trainer.impl();
  meta.step = m.step;
  meta.network = m.network->config();
  meta.optimizer = m.config.optimizer;
  meta.rng = m.rng.state();
  torch::serialize::OutputArchive archive, network, optimizer;
  write_checkpoint_meta(archive, meta);
  save_network(*m.network, network);
  archive.write("network", network);
  m.optimizer->save(optimizer);
  archive.write("optimizer", optimizer);
  return seal_checkpoint(archive);
}

void save_checkpoint(const std::string& path, const Trainer& trainer, CheckpointMeta meta) {
  write_file_atomically(path, encode_checkpoint(trainer, std::move(meta)));
}

namespace {

// Restores `trainer` from an opened checkpoint archive named `path` in errors.
CheckpointMeta restore_trainer(torch::serialize::InputArchive& archive, const std::string& path,
                               Trainer& trainer, const std::string& expected_game,
                               const std::string& expected_options) {
  Trainer::Impl& m = trainer.impl();
  torch::serialize::InputArchive network, optimizer;
  CheckpointMeta meta = read_checkpoint_fields(archive, path);
  check_checkpoint_game(meta, path, expected_game, expected_options);
  if (!(meta.network == m.network->config()))
    fail("checkpoint '", path, "' holds network '", meta.network.to_string(),
         "' but the config asks for '", m.network->config().to_string(), "'");
  if (meta.optimizer != m.config.optimizer)
    fail("checkpoint '", path, "' was trained with optimizer '", meta.optimizer,
         "', the config asks for '", m.config.optimizer, "'");
  if (!archive.try_read("network", network) || !archive.try_read("optimizer", optimizer))
    fail("checkpoint '", path, "' lacks its network or optimizer state");
  load_network(*m.network, network, path);
  try {
    m.optimizer->load(optimizer);
  } catch (const c10::Error& e) {
    fail("checkpoint '", path, "': optimizer state cannot be read: ", e.what_without_backtrace());
  } catch (const std::exception& e) {
    fail("checkpoint '", path, "': optimizer state cannot be read: ", e.what());
  }
  m.step = meta.step;
  m.rng.set_state(meta.rng);
  return meta;
}

}  // namespace

CheckpointMeta load_checkpoint(const std::string& path, Trainer& trainer,
                               const std::string& expected_game,
                               const std::string& expected_options) {
  torch::serialize::InputArchive archive;
  open_checkpoint_file(path, archive);
  return restore_trainer(archive, path, trainer, expected_game, expected_options);
}

CheckpointMeta decode_checkpoint(const std::string& source, const std::string& bytes,
                                 Trainer& trainer) {
  torch::serialize::InputArchive archive;
  open_checkpoint_bytes(source, bytes, archive);
  return restore_trainer(archive, source, trainer, "", "");
}

}  // namespace hz
