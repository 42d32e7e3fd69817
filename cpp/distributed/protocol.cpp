#include "distributed/protocol.h"

#include <algorithm>
#include <cstring>

#include "core/error.h"

namespace hz::dist {

ByteWriter& ByteWriter::text(const std::string& s) {
  u64(s.size());
  return raw(s.data(), s.size());
}

ByteWriter& ByteWriter::raw(const void* data, size_t n) {
  out_.append(static_cast<const char*>(data), n);
  return *this;
}

void ByteReader::raw(void* out, size_t n) {
  if (n > data_.size() - at_)
    fail(what_, ": message truncated (", data_.size(), " bytes, a field at byte ", at_, " needs ",
         n, ")");
  std::memcpy(out, data_.data() + at_, n);
  at_ += n;
}

uint64_t ByteReader::u64() {
  uint64_t v;
  raw(&v, sizeof v);
  return v;
}

double ByteReader::f64() {
  double v;
  raw(&v, sizeof v);
  return v;
}

std::string ByteReader::text() {
  const uint64_t n = u64();
  if (n > data_.size() - at_) fail(what_, ": message truncated (a text of ", n, " bytes)");
  std::string s = data_.substr(at_, n);
  at_ += n;
  return s;
}

std::string ByteReader::rest() {
  std::string s = data_.substr(at_);
  at_ = data_.size();
  return s;
}

void ByteReader::finish() const {
  if (at_ != data_.size())
    fail(what_, ": ", data_.size() - at_, " unexpected bytes at the end of the message");
}

std::string Identity::describe() const {
  if (!problem.empty()) return problem;
  return str_cat("game ", game, ", network ", network, ", protocol ", protocol);
}

std::string encode_identity(const Identity& id) {
  return ByteWriter().u64(id.protocol).text(id.game).text(id.network).text(id.problem).take();
}

Identity decode_identity(const std::string& what, const std::string& bytes) {
  ByteReader r(bytes, what);
  Identity id;
  id.protocol = static_cast<uint32_t>(r.u64());
  // A rank of another protocol version may encode the rest differently: stop at the version.
  if (id.protocol != kProtocolVersion) return id;
  id.game = r.text();
  id.network = r.text();
  id.problem = r.text();
  r.finish();
  return id;
}

std::string encode_hello(const Hello& h) {
  ByteWriter w;
  w.text(encode_identity(h.identity)).text(h.config_yaml).f64(h.connect_timeout_s);
  return w.take();
}

Hello decode_hello(const std::string& bytes) {
  ByteReader r(bytes, "rank 0's hello");
  Hello h;
  h.identity = decode_identity("rank 0's identity", r.text());
  if (h.identity.protocol != kProtocolVersion) return h;
  h.config_yaml = r.text();
  h.connect_timeout_s = r.f64();
  r.finish();
  return h;
}

std::string encode_go(const Go& g) {
  return ByteWriter().text(g.problem).u64(static_cast<uint64_t>(g.learners)).take();
}

Go decode_go(const std::string& bytes) {
  ByteReader r(bytes, "rank 0's go-ahead");
  Go g;
  g.problem = r.text();
  g.learners = static_cast<int>(r.u64());
  r.finish();
  return g;
}

namespace {

// The counters in a fixed order (the histogram follows them).
constexpr int kStatCounters = 15;
int64_t* counters(SelfPlayStats& s, int i) {
  int64_t* all[kStatCounters] = {&s.games,          &s.searches,        &s.fast_searches,
                                 &s.actions,        &s.simulations,     &s.evaluations,
                                 &s.nodes,          &s.collisions,      &s.batches,
                                 &s.resignations,   &s.playthroughs,    &s.false_resignations,
                                 &s.sparring_games, &s.sparring_losses, &s.sparring_draws};
  return all[i];
}

void write_stats(ByteWriter& w, const SelfPlayStats& stats) {
  SelfPlayStats s = stats;
  w.f64(s.seconds).f64(s.cpu_seconds);
  for (int i = 0; i < kStatCounters; ++i) w.u64(static_cast<uint64_t>(*counters(s, i)));
  for (int64_t n : s.batch_histogram) w.u64(static_cast<uint64_t>(n));
}

SelfPlayStats read_stats(ByteReader& r) {
  SelfPlayStats s;
  s.seconds = r.f64();
  s.cpu_seconds = r.f64();
  for (int i = 0; i < kStatCounters; ++i) *counters(s, i) = static_cast<int64_t>(r.u64());
  for (int64_t& n : s.batch_histogram) n = static_cast<int64_t>(r.u64());
  return s;
}

}  // namespace

void add_stats(SelfPlayStats& sum, const SelfPlayStats& s) {
  SelfPlayStats add = s;
  sum.seconds = std::max(sum.seconds, s.seconds);
  sum.cpu_seconds += s.cpu_seconds;
  for (int i = 0; i < kStatCounters; ++i) *counters(sum, i) += *counters(add, i);
  for (int k = 0; k < SelfPlayStats::kHistogramBuckets; ++k)
    sum.batch_histogram[k] += s.batch_histogram[k];
}

std::string encode_stats(const SelfPlayStats& s) {
  ByteWriter w;
  write_stats(w, s);
  return w.take();
}

SelfPlayStats decode_stats(const std::string& what, const std::string& bytes) {
  ByteReader r(bytes, what);
  SelfPlayStats s = read_stats(r);
  r.finish();
  return s;
}

std::string encode_game(const ShardInfo& info, const FinishedGame& g, const SelfPlayStats& s) {
  ShardInfo one = info;
  one.games = 1;
  ByteWriter w;
  write_stats(w, s);
  w.u64(g.game_id).u64(g.actions.size());
  for (Action a : g.actions) w.u64(static_cast<uint64_t>(a));
  for (float v : g.returns) w.raw(&v, sizeof v);
  w.u64((g.resigned ? 1u : 0u) | (g.resign_playthrough ? 2u : 0u) |
        (g.resign_would_be_false ? 4u : 0u));
  w.text(encode_shard(one, g.samples));
  return w.take();
}

ReceivedGame decode_game(const std::string& what, const std::string& bytes,
                         const ShardInfo& expected) {
  ByteReader r(bytes, what);
  ReceivedGame out;
  out.stats = read_stats(r);
  FinishedGame& g = out.game;
  g.game_id = r.u64();
  const uint64_t actions = r.u64();
  if (actions > bytes.size() / sizeof(uint64_t)) fail(what, ": ", actions, " actions is corrupt");
  g.actions.resize(actions);
  for (Action& a : g.actions) a = static_cast<Action>(r.u64());
  for (float& v : g.returns) r.raw(&v, sizeof v);
  const uint64_t flags = r.u64();
  g.resigned = flags & 1u;
  g.resign_playthrough = flags & 2u;
  g.resign_would_be_false = flags & 4u;
  g.samples = decode_shard(what, r.text(), nullptr, &expected);
  r.finish();
  return out;
}

std::string encode_published(const Published& p) {
  return ByteWriter()
      .u64(static_cast<uint64_t>(p.version))
      .u64(p.next_game_id)
      .raw(p.network.data(), p.network.size())
      .take();
}

Published decode_published(const std::string& bytes) {
  ByteReader r(bytes, "rank 0's published network");
  Published p;
  p.version = static_cast<long>(r.u64());
  p.next_game_id = r.u64();
  p.network = r.rest();
  if (p.network.empty()) fail("rank 0's published network: no network in the message");
  return p;
}

namespace {

template <class T>
void write_vector(ByteWriter& w, const std::vector<T>& v) {
  w.u64(v.size()).raw(v.data(), v.size() * sizeof(T));
}

template <class T>
void read_vector(ByteReader& r, std::vector<T>& v, size_t limit) {
  const uint64_t n = r.u64();
  if (n > limit) fail("rank 0's minibatch: a field of ", n, " entries is corrupt");
  v.resize(n);
  r.raw(v.data(), n * sizeof(T));
}

}  // namespace

std::string encode_batch(const TrainBatch& b, double progress) {
  ByteWriter w;
  w.f64(progress).u64(static_cast<uint64_t>(b.size));
  write_vector(w, b.observations);
  write_vector(w, b.values);
  write_vector(w, b.policy_weights);
  write_vector(w, b.policy_offsets);
  write_vector(w, b.policy_indices);
  write_vector(w, b.policy_targets);
  return w.take();
}

TrainBatch decode_batch(const std::string& bytes, double* progress) {
  ByteReader r(bytes, "rank 0's minibatch");
  TrainBatch b;
  *progress = r.f64();
  b.size = static_cast<int>(r.u64());
  const size_t limit = bytes.size();  // no field holds more entries than the message has bytes
  read_vector(r, b.observations, limit);
  read_vector(r, b.values, limit);
  read_vector(r, b.policy_weights, limit);
  read_vector(r, b.policy_offsets, limit);
  read_vector(r, b.policy_indices, limit);
  read_vector(r, b.policy_targets, limit);
  r.finish();
  return b;
}

}  // namespace hz::dist
