#include "nn/network.h"

#include <dlfcn.h>
#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <mutex>

#include "core/config.h"
#include "core/rng.h"
#include "nn/network_impl.h"

namespace hz {

// ---------------------------------------------------------------------------------- config

NetworkConfig NetworkConfig::from_config(ConfigSection s, ObservationShape observation,
                                         int num_actions, int num_players,
                                         const std::vector<int32_t>& policy_cells) {
  NetworkConfig c;
  c.blocks = s.get_int("blocks", 4, 0, 64, "residual blocks in the tower");
  c.channels = s.get_int("channels", 32, 1, 1024, "channels of every tower convolution");
  c.policy_channels =
      s.get_int("policy_channels", 2, 1, 256, "1x1-convolution channels of the policy head");
  c.value_channels =
      s.get_int("value_channels", 1, 1, 256, "1x1-convolution channels of the value head");
  c.value_hidden = s.get_int("value_hidden", 64, 1, 4096, "hidden units of the value head");
  c.policy_head = s.get_string("policy_head", "dense", {"dense", "from_to"},
                               "policy head: dense (a linear layer to every action) or from_to "
                               "(logit = from-cell embedding . to-cell embedding)");
  c.policy_dim = s.get_int("policy_dim", 32, 1, 1024, "from_to: cell embedding dimension");
  s.finish();
  c.observation = observation;
  c.num_actions = num_actions;
  c.num_players = num_players;
  if (c.policy_head == "from_to") c.set_policy_cells(policy_cells);
  return c;
}

void NetworkConfig::set_policy_cells(const std::vector<int32_t>& cells) {
  const int grid = observation.height * observation.width;
  if (cells.empty())
    fail(
        "network: policy_head from_to needs a game that maps its moves to cells; this one "
        "does not (use policy_head: dense)");
  if (cells.size() != 2 * static_cast<size_t>(num_actions))
    fail("network: ", cells.size(), " policy cells for ", num_actions, " actions");
  policy_special = 0;
  for (int i = 0; i < num_actions; ++i) {
    const int from = cells[2 * i], to = cells[2 * i + 1];
    if ((from < 0) != (to < 0) || from >= grid || to >= grid)
      fail("network: policy index ", i, " has cells (", from, ", ", to, ") outside [0, ", grid,
           ")");
    policy_special += from < 0;
  }
  policy_cells = cells;
}

std::string NetworkConfig::to_string() const {
  std::string text =
      str_cat("blocks=", blocks, ",channels=", channels, ",policy_channels=", policy_channels,
              ",value_channels=", value_channels, ",value_hidden=", value_hidden,
              ",planes=", observation.planes, ",height=", observation.height,
              ",width=", observation.width, ",actions=", num_actions, ",players=", num_players);
  if (policy_head != "dense")  // dense configs keep the text they always had
    text += str_cat(",policy_head=", policy_head, ",policy_dim=", policy_dim,
                    ",policy_special=", policy_special);
  return text;
}

NetworkConfig NetworkConfig::parse(const std::string& text) {
  GameOptions kv = GameOptions::parse(text);
  auto get = [&](const char* key, long lo, long hi) {
    if (!kv.has(key)) fail("network config '", text, "' has no '", key, "'");
    const long v = kv.get_int(key);
    if (v < lo || v > hi)
      fail("network config '", text, "': ", key, "=", v, " is out of range [", lo, ", ", hi, "]");
    return static_cast<int>(v);
  };
  NetworkConfig c;
  c.blocks = get("blocks", 0, 64);
  c.channels = get("channels", 1, 1024);
  c.policy_channels = get("policy_channels", 1, 256);
  c.value_channels = get("value_channels", 1, 256);
  c.value_hidden = get("value_hidden", 1, 4096);
  c.observation.planes = get("planes", 1, 1 << 16);
  c.observation.height = get("height", 1, 1 << 12);
  c.observation.width = get("width", 1, 1 << 12);
  c.num_actions = get("actions", 1, 1 << 24);
  c.num_players = get("players", 1, kMaxPlayers);
  size_t fields = 10;
  if (kv.has("policy_head")) {
    c.policy_head = kv.get("policy_head");
    if (c.policy_head != "from_to")
      fail("network config '", text, "': policy_head=", c.policy_head, " is not from_to");
    c.policy_dim = get("policy_dim", 1, 1024);
    c.policy_special = get("policy_special", 0, c.num_actions);
    fields += 3;
  }
  if (kv.values().size() != fields) fail("network config '", text, "' has unknown fields");
  return c;
}

double NetworkConfig::parameter_count() const {
  const double c = channels, cells = double(observation.height) * observation.width;
  const double conv3x3 = 9.0 * c * c, batch_norm = 2.0 * c;
  const double stem = 9.0 * observation.planes * c + batch_norm;
  const double tower = blocks * 2.0 * (conv3x3 + batch_norm);
  const double policy =
      policy_head == "from_to"
          ? 2.0 * (c * policy_dim + policy_dim) + (c + 1.0) * std::max(1, policy_special)
          : c * policy_channels + 2.0 * policy_channels +
                (double(policy_channels) * cells + 1.0) * num_actions;
  const double value = c * value_channels + 2.0 * value_channels +
                       (double(value_channels) * cells + 1.0) * value_hidden +
                       (double(value_hidden) + 1.0) * num_players;
  return stem + tower + policy + value;
}

// ---------------------------------------------------------------------------------- modules

ResidualBlockImpl::ResidualBlockImpl(int channels) {
  auto conv = [&] {
    return torch::nn::Conv2d(
        torch::nn::Conv2dOptions(channels, channels, 3).padding(1).bias(false));
  };
  conv1 = register_module("conv1", conv());
  bn1 = register_module("bn1", torch::nn::BatchNorm2d(channels));
  conv2 = register_module("conv2", conv());
  bn2 = register_module("bn2", torch::nn::BatchNorm2d(channels));
}

torch::Tensor ResidualBlockImpl::forward(const torch::Tensor& x) {
  torch::Tensor y = torch::relu(bn1(conv1(x)));
  y = bn2(conv2(y));
  return torch::relu(y + x);
}

PolicyValueNetImpl::PolicyValueNetImpl(const NetworkConfig& c) {
  const int cells = c.observation.height * c.observation.width;
  stem = register_module(
      "stem",
      torch::nn::Conv2d(
          torch::nn::Conv2dOptions(c.observation.planes, c.channels, 3).padding(1).bias(false)));
  stem_bn = register_module("stem_bn", torch::nn::BatchNorm2d(c.channels));
  tower = register_module("tower", torch::nn::ModuleList());
  for (int i = 0; i < c.blocks; ++i) tower->push_back(ResidualBlock(c.channels));
  auto conv1x1 = [](int in, int out) {
    return torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, 1).bias(false));
  };
  if (c.policy_head == "from_to") {
    add_from_to_head(c);
  } else {
    policy_conv = register_module("policy_conv", conv1x1(c.channels, c.policy_channels));
    policy_bn = register_module("policy_bn", torch::nn::BatchNorm2d(c.policy_channels));
    policy_fc =
        register_module("policy_fc", torch::nn::Linear(c.policy_channels * cells, c.num_actions));
  }
  value_conv = register_module("value_conv", conv1x1(c.channels, c.value_channels));
  value_bn = register_module("value_bn", torch::nn::BatchNorm2d(c.value_channels));
  value_fc1 =
      register_module("value_fc1", torch::nn::Linear(c.value_channels * cells, c.value_hidden));
  value_fc2 = register_module("value_fc2", torch::nn::Linear(c.value_hidden, c.num_players));
}

// Cell embeddings from and to (with biases), a linear layer for moves without cells, and the
// column of each action in [from x to pair logits | special logits]: a buffer, so a network read
// from a file brings its game's map along (a new one takes it from c.policy_cells).
void PolicyValueNetImpl::add_from_to_head(const NetworkConfig& c) {
  const int cells = c.observation.height * c.observation.width;
  auto embed = [&] {
    return torch::nn::Conv2d(torch::nn::Conv2dOptions(c.channels, c.policy_dim, 1).bias(true));
  };
  policy_from = register_module("policy_from", embed());
  policy_to = register_module("policy_to", embed());
  policy_special = register_module("policy_special",
                                   torch::nn::Linear(c.channels, std::max(1, c.policy_special)));
  policy_scale = 1.0 / std::sqrt(static_cast<double>(c.policy_dim));
  torch::Tensor columns = torch::zeros({c.num_actions}, torch::kInt64);
  if (!c.policy_cells.empty()) {
    auto* col = columns.data_ptr<int64_t>();
    int64_t special = 0;
    for (int i = 0; i < c.num_actions; ++i) {
      const int from = c.policy_cells[2 * i], to = c.policy_cells[2 * i + 1];
      col[i] = from < 0 ? int64_t{cells} * cells + special++ : int64_t{from} * cells + to;
    }
  }
  policy_columns = register_buffer("policy_columns", columns);
  grid_cells = cells;
  index_pairs();
}

void PolicyValueNetImpl::index_pairs() {
  if (!policy_columns.defined() || grid_cells == 0) return;
  c10::InferenceMode normal_tensors(false);  // index_select keeps its index for backward
  const torch::Tensor columns = policy_columns.contiguous();
  const int64_t* col = columns.data_ptr<int64_t>();
  const int64_t n = columns.numel(), pairs = grid_cells * grid_cells;
  const int64_t special = policy_special ? policy_special->options.out_features() : 0;
  for (int64_t i = 0; i < n; ++i)
    if (col[i] < 0 || col[i] >= pairs + special)
      fail("network: action ", i, " has policy column ", col[i], ", outside [0, ", pairs + special,
           ")");
  std::vector<char> from_used(grid_cells, 0), to_used(grid_cells, 0);
  for (int64_t i = 0; i < n; ++i)
    if (col[i] < pairs) from_used[col[i] / grid_cells] = to_used[col[i] % grid_cells] = 1;
  std::vector<int64_t> from_index(grid_cells, -1), to_index(grid_cells, -1);
  std::vector<int64_t> from_cells, to_cells;
  for (int64_t cell = 0; cell < grid_cells; ++cell) {
    if (from_used[cell]) {
      from_index[cell] = static_cast<int64_t>(from_cells.size());
      from_cells.push_back(cell);
    }
    if (to_used[cell]) {
      to_index[cell] = static_cast<int64_t>(to_cells.size());
      to_cells.push_back(cell);
    }
  }
  const auto used_to = static_cast<int64_t>(to_cells.size());
  const int64_t used_pairs = static_cast<int64_t>(from_cells.size()) * used_to;
  torch::Tensor out = torch::empty({n}, torch::kInt64);
  int64_t* o = out.data_ptr<int64_t>();
  for (int64_t i = 0; i < n; ++i)
    o[i] = col[i] < pairs
               ? from_index[col[i] / grid_cells] * used_to + to_index[col[i] % grid_cells]
               : used_pairs + (col[i] - pairs);
  auto to_tensor = [](const std::vector<int64_t>& v) {
    return torch::from_blob(const_cast<int64_t*>(v.data()), {static_cast<int64_t>(v.size())},
                            torch::kInt64)
        .clone();
  };
  pair_from_cells = to_tensor(from_cells);
  pair_to_cells = to_tensor(to_cells);
  pair_columns = out;
}

torch::Tensor PolicyValueNetImpl::policy_logits(const torch::Tensor& h) {
  if (policy_fc) return policy_fc(torch::relu(policy_bn(policy_conv(h))).flatten(1));
  // [n, d, used cells]; the scale goes on the small factor, not on the product
  const torch::Tensor from =
      policy_from(h).flatten(2).index_select(2, pair_from_cells) * policy_scale;
  const torch::Tensor to = policy_to(h).flatten(2).index_select(2, pair_to_cells);
  const torch::Tensor pairs = torch::bmm(from.transpose(1, 2), to).flatten(1);
  const torch::Tensor special = policy_special(h.mean({2, 3}));
  return torch::cat({pairs, special}, 1).index_select(1, pair_columns);
}

torch::Tensor PolicyValueNetImpl::tower_out(const torch::Tensor& x) {
  torch::Tensor h = torch::relu(stem_bn(stem(x)));
  for (const auto& block : *tower) h = block->as<ResidualBlock>()->forward(h);
  return h;
}

std::pair<torch::Tensor, torch::Tensor> PolicyValueNetImpl::forward(const torch::Tensor& x) {
  const torch::Tensor h = tower_out(x);
  torch::Tensor v = torch::relu(value_bn(value_conv(h))).flatten(1);
  v = torch::tanh(value_fc2(torch::relu(value_fc1(v))));
  return {policy_logits(h), v};
}

std::vector<std::pair<std::string, torch::Tensor>> Network::Impl::state() const {
  std::vector<std::pair<std::string, torch::Tensor>> out;
  for (const auto& p : net->named_parameters()) out.emplace_back(p.key(), p.value());
  for (const auto& b : net->named_buffers()) out.emplace_back(b.key(), b.value());
  return out;
}

// ---------------------------------------------------------------------------------- Network

namespace {

// He-normal weights from an hz::Rng (deterministic, independent of LibTorch's global RNG);
// zero biases; batch norm scale 1. The last value layer is scaled down so tanh starts unsaturated.
// The from_to head's "to" embedding starts at zero, so the first policy is uniform over the legal
// moves: two random embeddings give pair logits several nats apart (measured: a new 3-player
// Chinese Checkers network put 0.85 of its prior on one of the 14 opening moves), and self-play
// targets, which start from the prior, then reinforce an arbitrary choice. Its gradient (through
// the "from" embedding) is not zero, so the head learns from the first step.
void initialise(PolicyValueNetImpl& net, uint64_t seed) {
  torch::NoGradGuard no_grad;
  Rng rng(seed);
  for (auto& p : net.named_parameters()) {
    torch::Tensor t = p.value();
    const std::string& name = p.key();
    const bool is_bias = name.size() >= 4 && name.compare(name.size() - 4, 4, "bias") == 0;
    if (is_bias || name.rfind("policy_to.", 0) == 0) {
      t.zero_();
    } else if (t.dim() == 1) {
      t.fill_(1.0f);  // batch-norm scale
    } else {
      const int64_t fan_in = t.numel() / t.size(0);
      double stddev = std::sqrt(2.0 / static_cast<double>(fan_in));
      if (name.rfind("value_fc2", 0) == 0 || name.rfind("policy_fc", 0) == 0)
        stddev = std::sqrt(1.0 / static_cast<double>(fan_in));
      torch::Tensor cpu = torch::empty(t.sizes(), torch::kFloat32);
      float* data = cpu.data_ptr<float>();
      for (int64_t i = 0; i < cpu.numel(); ++i) data[i] = static_cast<float>(rng.normal() * stddev);
      t.copy_(cpu);
    }
  }
}

}  // namespace

// glibc returns large freed blocks to the system (mmap threshold, heap trimming), so every
// forward pass that allocates activations above ~128 KiB page-faults them in again: measured
// here, a 4x32 network on 5x5 ran at ~4k evaluations per CPU-second at batch 64-256 instead of
// ~25k. Raising both thresholds once per process keeps that memory in the heap.
void keep_freed_memory_in_heap() {
  static std::once_flag once;
  std::call_once(once, [] {
    mallopt(M_MMAP_THRESHOLD, 32 << 20);  // glibc's maximum on 64-bit
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
  });
}

Network::Network(const NetworkConfig& config, Uninitialised) {
  keep_freed_memory_in_heap();
  if (config.observation.size() <= 0 || config.num_actions <= 0 || config.num_players <= 0 ||
      config.num_players > kMaxPlayers)
    fail("network config '", config.to_string(), "' has an empty shape");
  impl_ = std::make_unique<Impl>(config);
  impl_->set_training(false);
}

Network::Network(const NetworkConfig& config, uint64_t seed) : Network(config, Uninitialised{}) {
  initialise(*impl_->net, seed);
}

Network::~Network() = default;

const NetworkConfig& Network::config() const {
  return impl_->config;
}

int64_t Network::num_parameters() const {
  int64_t n = 0;
  for (const auto& p : impl_->net->parameters()) n += p.numel();
  return n;
}

std::unique_ptr<Network> Network::clone() const {
  std::unique_ptr<Network> out(new Network(impl_->config, Uninitialised{}));
  torch::NoGradGuard no_grad;
  auto src = impl_->state();
  auto dst = out->impl_->state();
  HZ_CHECK(src.size() == dst.size(), "network clone: tensor lists differ");
  for (size_t i = 0; i < src.size(); ++i) dst[i].second.copy_(src[i].second);
  out->impl_->net->index_pairs();
  return out;
}

namespace {

// Runs the network in inference mode; returns contiguous (logits, values).
std::pair<torch::Tensor, torch::Tensor> infer(const Network::Impl& impl, const float* obs, int n) {
  if (impl.training) fail("inference asked of a network in training mode");
  const NetworkConfig& c = impl.config;
  torch::Tensor x = torch::from_blob(
      const_cast<float*>(obs), {n, c.observation.planes, c.observation.height, c.observation.width},
      torch::kFloat32);
  auto [logits, values] = impl.net.ptr()->forward(x);  // read-only in eval mode
  return {logits.contiguous(), values.contiguous()};
}

}  // namespace

void Network::forward(const float* observations, int n, float* policy_logits, float* values) const {
  if (n <= 0) return;
  torch::InferenceMode guard;
  auto [logits, v] = infer(*impl_, observations, n);
  std::memcpy(policy_logits, logits.data_ptr<float>(), sizeof(float) * logits.numel());
  std::memcpy(values, v.data_ptr<float>(), sizeof(float) * v.numel());
}

void Network::forward_gather(const float* observations, int n, const int32_t* row_offsets,
                             const int32_t* indices, float* gathered, float* values) const {
  if (n <= 0) return;
  torch::InferenceMode guard;
  auto [logits, v] = infer(*impl_, observations, n);
  const int num_actions = impl_->config.num_actions;
  const float* all = logits.data_ptr<float>();
  for (int i = 0; i < n; ++i) {
    const float* row = all + static_cast<int64_t>(i) * num_actions;
    for (int32_t k = row_offsets[i]; k < row_offsets[i + 1]; ++k) {
      HZ_CHECK(indices[k] >= 0 && indices[k] < num_actions, "policy index ", indices[k],
               " out of range");
      gathered[k] = row[indices[k]];
    }
  }
  std::memcpy(values, v.data_ptr<float>(), sizeof(float) * v.numel());
}

std::vector<float> Network::from_to_reference_logits(const float* observations, int n, int from,
                                                     int to) const {
  const NetworkConfig& c = impl_->config;
  const int cells = c.observation.height * c.observation.width;
  if (c.policy_head != "from_to") fail("from_to_reference_logits: the network's head is dense");
  if (from < 0 || from >= cells || to < 0 || to >= cells)
    fail("from_to_reference_logits: cells (", from, ", ", to, ") outside [0, ", cells, ")");
  if (n <= 0) return {};
  torch::InferenceMode guard;
  PolicyValueNetImpl& m = *impl_->net;
  const torch::Tensor h = m.tower_out(torch::from_blob(
      const_cast<float*>(observations),
      {n, c.observation.planes, c.observation.height, c.observation.width}, torch::kFloat32));
  const torch::Tensor logits =
      (m.policy_from(h).flatten(2).select(2, from) * m.policy_to(h).flatten(2).select(2, to))
          .sum(1) *
      m.policy_scale;
  const torch::Tensor out = logits.contiguous();
  return {out.data_ptr<float>(), out.data_ptr<float>() + n};
}

// ---------------------------------------------------------------------------------- archives

// Tensors are stored under index keys ("t0", "t1", ...) with their names in one string, so the
// archive never depends on how an archive treats dotted names; load checks names and shapes.
void save_network(const Network& net, torch::serialize::OutputArchive& archive) {
  std::string names;
  int i = 0;
  for (const auto& [name, tensor] : net.impl().state()) {
    archive.write(str_cat("t", i++), tensor);
    names += name + "\n";
  }
  archive.write("names", c10::IValue(names));
  archive.write("config", c10::IValue(net.config().to_string()));
}

void load_network(Network& net, torch::serialize::InputArchive& archive,
                  const std::string& source) {
  torch::NoGradGuard no_grad;
  c10::IValue config, names;
  if (!archive.try_read("config", config) || !config.isString() ||
      !archive.try_read("names", names) || !names.isString())
    fail("'", source, "': no network in the file");
  if (config.toStringRef() != net.config().to_string())
    fail("'", source, "': network is '", config.toStringRef(), "', expected '",
         net.config().to_string(), "'");
  std::string expected_names;
  auto state = net.impl().state();
  for (const auto& entry : state) expected_names += entry.first + "\n";
  if (names.toStringRef() != expected_names)
    fail("'", source, "': network tensors are named differently from this build's network");
  for (size_t i = 0; i < state.size(); ++i) {
    const std::string& name = state[i].first;
    torch::Tensor stored;
    if (!archive.try_read(str_cat("t", i), stored))
      fail("'", source, "': network tensor '", name, "' is missing");
    if (stored.sizes() != state[i].second.sizes() ||
        stored.scalar_type() != state[i].second.scalar_type())
      fail("'", source, "': network tensor '", name, "' has shape ", stored.sizes(), ", expected ",
           state[i].second.sizes());
    state[i].second.copy_(stored);
  }
  net.impl().net->index_pairs();
}

// ---------------------------------------------------------------------------------- threads

namespace {
// OpenBLAS keeps its own pool; it is found at run time so the build does not depend on it.
void set_openblas_threads(int threads) {
  using SetThreads = void (*)(int);
  if (auto f = reinterpret_cast<SetThreads>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads")))
    f(threads);
}
}  // namespace

void set_torch_threads(int intra_op_threads) {
  if (intra_op_threads < 1) fail("torch threads must be at least 1, not ", intra_op_threads);
  torch::set_num_threads(intra_op_threads);
  set_openblas_threads(intra_op_threads);
}

void set_torch_threads_for_this_thread(int intra_op_threads) {
  if (intra_op_threads < 1) fail("torch threads must be at least 1, not ", intra_op_threads);
  torch::get_num_threads();  // LibTorch's lazy per-thread initialisation happens first
  using SetThreads = void (*)(int);
  if (auto f = reinterpret_cast<SetThreads>(dlsym(RTLD_DEFAULT, "omp_set_num_threads")))
    f(intra_op_threads);
}

int blas_threads() {
  using GetThreads = int (*)();
  if (auto f = reinterpret_cast<GetThreads>(dlsym(RTLD_DEFAULT, "openblas_get_num_threads")))
    return f();
  return 0;
}

int cap_blas_threads(int max_threads) {
  if (max_threads < 1) fail("BLAS threads must be at least 1, not ", max_threads);
  if (blas_threads() > max_threads) set_openblas_threads(max_threads);
  return blas_threads();
}

}  // namespace hz
