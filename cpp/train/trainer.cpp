#include "train/trainer.h"

#include <cmath>

#include "core/config.h"
#include "train/trainer_impl.h"

namespace hz {

TrainerConfig TrainerConfig::from_config(ConfigSection& s) {
  TrainerConfig c;
  c.batch_size = s.get_int("batch_size", c.batch_size, 1, 1 << 16, "samples per minibatch");
  c.optimizer =
      s.get_string("optimizer", c.optimizer, {"sgd", "adam"}, "sgd (with momentum) or adam");
  c.learning_rate =
      s.get_double("learning_rate", c.learning_rate, 1e-7, 10.0, "base learning rate");
  c.momentum = s.get_double("momentum", c.momentum, 0.0, 0.999, "SGD momentum (sgd only)");
  c.weight_decay = s.get_double("weight_decay", c.weight_decay, 0.0, 1.0,
                                "L2 penalty on all weights, applied by the optimizer");
  c.value_loss_weight = s.get_double("value_loss_weight", c.value_loss_weight, 0.0, 100.0,
                                     "weight of the value MSE next to the policy cross-entropy");
  c.search_value_weight =
      s.get_double("search_value_weight", c.search_value_weight, 0.0, 1.0,
                   "value target = (1 - w) * final return + w * the search's root value");
  c.lr_schedule = s.get_string("lr_schedule", c.lr_schedule, {"constant", "step", "cosine"},
                               "learning-rate schedule over training steps");
  c.lr_warmup_steps = s.get_int("lr_warmup_steps", c.lr_warmup_steps, 0, 1L << 40,
                                "steps of linear warm-up from 0 to the scheduled rate");
  c.lr_step_every = s.get_int("lr_step_every", c.lr_step_every, 1, 1L << 40,
                              "step schedule: steps between decays");
  c.lr_step_factor = s.get_double("lr_step_factor", c.lr_step_factor, 1e-6, 1.0,
                                  "step schedule: factor applied at each decay");
  c.lr_min_factor = s.get_double("lr_min_factor", c.lr_min_factor, 0.0, 1.0,
                                 "cosine schedule: final rate as a share of learning_rate");
  c.augment = s.get_bool("augment", c.augment, "train each sample under a random symmetry");
  return c;
}

double TrainerConfig::learning_rate_at(long step, double progress) const {
  double lr = learning_rate;
  const double step_share = static_cast<double>(step) / std::max(1L, total_steps);
  if (lr_schedule == "step") {
    // Under a time budget, the step a run has reached in time: progress * total_steps.
    const long at = std::max(step, static_cast<long>(progress * static_cast<double>(total_steps)));
    lr *= std::pow(lr_step_factor, static_cast<double>(at / lr_step_every));
  } else if (lr_schedule == "cosine") {
    const double t = std::min(1.0, std::max(step_share, progress));
    lr *= lr_min_factor + (1.0 - lr_min_factor) * 0.5 * (1.0 + std::cos(M_PI * t));
  }
  if (step < lr_warmup_steps) lr *= static_cast<double>(step + 1) / (lr_warmup_steps + 1);
  return lr;
}

Trainer::Impl::Impl(const NetworkConfig& net_config, const TrainerConfig& c, uint64_t seed)
    : config(c), network(std::make_unique<Network>(net_config, seed)), rng(seed ^ 0x5EED) {
  network->impl().set_training(true);
  auto params = network->impl().net->parameters();
  if (c.optimizer == "adam") {
    optimizer = std::make_unique<torch::optim::Adam>(
        params, torch::optim::AdamOptions(c.learning_rate).weight_decay(c.weight_decay));
  } else if (c.optimizer == "sgd") {
    optimizer =
        std::make_unique<torch::optim::SGD>(params, torch::optim::SGDOptions(c.learning_rate)
                                                        .momentum(c.momentum)
                                                        .weight_decay(c.weight_decay));
  } else {
    fail("unknown optimizer '", c.optimizer, "'; one of: sgd, adam");
  }
}

void Trainer::Impl::set_learning_rate(double lr) {
  for (auto& group : optimizer->param_groups()) {
    if (config.optimizer == "adam")
      static_cast<torch::optim::AdamOptions&>(group.options()).lr(lr);
    else
      static_cast<torch::optim::SGDOptions&>(group.options()).lr(lr);
  }
}

namespace {

struct BatchTensors {
  torch::Tensor observations, values, legal, targets, policy_weights;
};

BatchTensors to_tensors(const NetworkConfig& c, const TrainBatch& b) {
  const int64_t n = b.size, actions = c.num_actions;
  if (n <= 0) fail("empty training batch");
  if (b.observations.size() != static_cast<size_t>(n) * c.observation.size() ||
      b.values.size() != static_cast<size_t>(n) * c.num_players ||
      b.policy_offsets.size() != static_cast<size_t>(n) + 1 ||
      b.policy_indices.size() != b.policy_targets.size())
    fail("training batch buffers do not match the network shape (", c.to_string(), ")");
  BatchTensors t;
  t.observations = torch::from_blob(
      const_cast<float*>(b.observations.data()),
      {n, c.observation.planes, c.observation.height, c.observation.width}, torch::kFloat32);
  t.values =
      torch::from_blob(const_cast<float*>(b.values.data()), {n, c.num_players}, torch::kFloat32);
  if (!b.policy_weights.empty()) {
    if (b.policy_weights.size() != static_cast<size_t>(n))
      fail("training batch: ", b.policy_weights.size(), " policy weights for ", n, " rows");
    t.policy_weights =
        torch::from_blob(const_cast<float*>(b.policy_weights.data()), {n}, torch::kFloat32);
  }
  std::vector<int64_t> flat(b.policy_indices.size());
  for (int64_t i = 0; i < n; ++i)
    for (int32_t k = b.policy_offsets[i]; k < b.policy_offsets[i + 1]; ++k) {
      if (b.policy_indices[k] < 0 || b.policy_indices[k] >= actions)
        fail("training batch: policy index ", b.policy_indices[k], " out of range");
      flat[k] = i * actions + b.policy_indices[k];
    }
  torch::Tensor index =
      torch::from_blob(flat.data(), {static_cast<int64_t>(flat.size())}, torch::kInt64).clone();
  t.legal =
      torch::zeros({n * actions}, torch::kBool).index_fill_(0, index, true).view({n, actions});
  torch::Tensor probs = torch::from_blob(const_cast<float*>(b.policy_targets.data()),
                                         {static_cast<int64_t>(flat.size())}, torch::kFloat32);
  t.targets =
      torch::zeros({n * actions}, torch::kFloat32).index_put_({index}, probs).view({n, actions});
  return t;
}

struct Losses {
  torch::Tensor total, policy, value;
  TrainStats stats;
};

Losses compute_losses(PolicyValueNet& net, const BatchTensors& t, double value_weight) {
  auto [logits, values] = net->forward(t.observations);
  // A large finite fill (not -inf) keeps 0 * log p at exactly 0 for masked entries.
  torch::Tensor masked = logits.masked_fill(t.legal.logical_not(), -1e30f);
  torch::Tensor log_p = torch::log_softmax(masked, 1);
  Losses l;
  torch::Tensor row_policy_loss = -(t.targets * log_p).sum(1);
  if (t.policy_weights.defined())
    l.policy = (row_policy_loss * t.policy_weights).sum() / t.policy_weights.sum().clamp_min(1.0);
  else
    l.policy = row_policy_loss.mean();
  l.value = (values - t.values).pow(2).mean();
  l.total = l.policy + value_weight * l.value;
  torch::NoGradGuard no_grad;
  l.stats.loss = l.total.item<double>();
  l.stats.policy_loss = l.policy.item<double>();
  l.stats.value_loss = l.value.item<double>();
  l.stats.policy_entropy = (-(log_p.exp() * log_p).sum(1)).mean().item<double>();
  torch::Tensor target0 = t.values.select(1, 0), pred0 = values.select(1, 0);
  torch::Tensor decisive = target0.abs() > 1e-6;
  const double decided = decisive.sum().item<double>();
  l.stats.value_accuracy =
      decided > 0 ? ((pred0 * target0 > 0).logical_and(decisive)).sum().item<double>() / decided
                  : std::nan("");
  return l;
}

}  // namespace

Trainer::Trainer(const NetworkConfig& network, const TrainerConfig& config, uint64_t seed)
    : impl_(std::make_unique<Impl>(network, config, seed)) {}
Trainer::~Trainer() = default;

namespace {

// Copies (first part) or adds (later parts) every parameter's gradient into `flat`, in order.
void gather_gradients(const std::vector<torch::Tensor>& params, std::vector<float>& flat,
                      bool first) {
  size_t total = 0;
  for (const torch::Tensor& p : params) total += static_cast<size_t>(p.numel());
  if (first) flat.assign(total, 0.0f);
  size_t at = 0;
  for (const torch::Tensor& p : params) {
    const size_t n = static_cast<size_t>(p.numel());
    if (p.grad().defined()) {
      const torch::Tensor g = p.grad().contiguous();
      const float* src = g.data_ptr<float>();
      for (size_t i = 0; i < n; ++i) flat[at + i] += src[i];
    }
    at += n;
  }
}

void scatter_gradients(const std::vector<torch::Tensor>& params, const std::vector<float>& flat) {
  torch::NoGradGuard no_grad;
  size_t at = 0;
  for (torch::Tensor p : params) {
    const int64_t n = p.numel();
    torch::Tensor from =
        torch::from_blob(const_cast<float*>(flat.data() + at), p.sizes(), torch::kFloat32);
    if (p.grad().defined())
      p.mutable_grad().copy_(from);
    else
      p.mutable_grad() = from.clone();
    at += static_cast<size_t>(n);
  }
  HZ_CHECK(at == flat.size(), "gradient buffer of ", flat.size(), " floats for ", at, " weights");
}

// One optimizer step on the mean gradient of `parts` (each part's own forward and backward pass);
// gradients are flattened only where they must be combined: several parts or a reducer.
TrainStats step_on_parts(Trainer::Impl& m, const TrainBatch* const* parts, size_t count,
                         double progress) {
  HZ_CHECK(count > 0, "a training step needs a minibatch");
  const double lr = m.config.learning_rate_at(m.step, progress);
  m.set_learning_rate(lr);
  const bool flatten = count > 1 || m.reducer;
  std::vector<torch::Tensor> params;  // only where gradients are flattened
  if (flatten) params = m.network->impl().net->parameters();
  TrainStats mean;
  int decisive_parts = 0;
  for (size_t i = 0; i < count; ++i) {
    BatchTensors t = to_tensors(m.network->config(), *parts[i]);
    m.optimizer->zero_grad();
    Losses l = compute_losses(m.network->impl().net, t, m.config.value_loss_weight);
    // A non-finite loss would make every later weight NaN: stop before the optimizer's update,
    // so that the run ends with this message and never writes a checkpoint of a broken network.
    if (!std::isfinite(l.stats.loss))
      fail("training step ", m.step + 1, ": the loss is not finite (", l.stats.loss, ": policy ",
           l.stats.policy_loss, ", value ", l.stats.value_loss,
           "); stopped before the update (a non-finite number in the batch, or a diverging "
           "network)");
    l.total.backward();
    if (flatten) gather_gradients(params, m.flat_gradients, i == 0);
    mean.loss += l.stats.loss / count;
    mean.policy_loss += l.stats.policy_loss / count;
    mean.value_loss += l.stats.value_loss / count;
    mean.policy_entropy += l.stats.policy_entropy / count;
    if (std::isfinite(l.stats.value_accuracy)) {
      mean.value_accuracy += l.stats.value_accuracy;
      ++decisive_parts;
    }
  }
  mean.value_accuracy = decisive_parts ? mean.value_accuracy / decisive_parts : std::nan("");
  if (flatten) {
    if (count > 1)
      for (float& g : m.flat_gradients) g /= static_cast<float>(count);
    if (m.reducer) m.reducer(m.flat_gradients);
    scatter_gradients(params, m.flat_gradients);
  }
  m.optimizer->step();
  ++m.step;
  mean.learning_rate = lr;
  return mean;
}

}  // namespace

TrainStats Trainer::train_step(const TrainBatch& batch, double progress) {
  const TrainBatch* part = &batch;
  return step_on_parts(*impl_, &part, 1, progress);
}

TrainStats Trainer::train_step(const std::vector<TrainBatch>& parts, double progress) {
  std::vector<const TrainBatch*> pointers;
  for (const TrainBatch& b : parts) pointers.push_back(&b);
  return step_on_parts(*impl_, pointers.data(), pointers.size(), progress);
}

void Trainer::set_gradient_reducer(GradientReducer reducer) {
  impl_->reducer = std::move(reducer);
}

std::vector<float> Trainer::flat_parameters() const {
  std::vector<float> out;
  for (const torch::Tensor& p : impl_->network->impl().net->parameters()) {
    const torch::Tensor c = p.detach().contiguous();
    out.insert(out.end(), c.data_ptr<float>(), c.data_ptr<float>() + c.numel());
  }
  return out;
}

TrainStats Trainer::measure(const TrainBatch& batch) {
  Impl& m = *impl_;
  m.network->impl().set_training(false);
  torch::NoGradGuard no_grad;
  BatchTensors t = to_tensors(m.network->config(), batch);
  Losses l = compute_losses(m.network->impl().net, t, m.config.value_loss_weight);
  m.network->impl().set_training(true);
  l.stats.learning_rate = m.config.learning_rate_at(m.step);
  return l.stats;
}

long Trainer::step() const {
  return impl_->step;
}
const TrainerConfig& Trainer::config() const {
  return impl_->config;
}
const NetworkConfig& Trainer::network_config() const {
  return impl_->network->config();
}
Rng& Trainer::rng() {
  return impl_->rng;
}
const Network& Trainer::network() const {
  return *impl_->network;
}

std::shared_ptr<Network> Trainer::snapshot() const {
  return std::shared_ptr<Network>(impl_->network->clone());
}

}  // namespace hz
