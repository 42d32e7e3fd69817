// A self-registration table: entries (games, heuristic agents, commands, benchmarks) add
// themselves from static initialisers in their own files, so that no file lists them.
//
// Registry<Key, Entry, Tag>::instance() is the one table for that Tag; it is written only during
// static initialisation (through add()) and read-only afterwards, so lookups from many threads
// are safe. Entries are kept sorted by key.
#pragma once

#include <map>
#include <utility>

namespace hz {

template <class Key, class Entry, class Tag>
class Registry {
 public:
  using Table = std::map<Key, Entry>;

  static Registry& instance() {
    static Registry registry;  // a function-local static: built before its first use
    return registry;
  }

  // Adds `entry` under `key`; false (and nothing added) when the key is taken already, for the
  // caller to report in its own words.
  bool add(Key key, Entry entry) { return table_.emplace(std::move(key), std::move(entry)).second; }

  // The entry under `key`, or nullptr.
  const Entry* find(const Key& key) const {
    const auto it = table_.find(key);
    return it == table_.end() ? nullptr : &it->second;
  }

  const Table& entries() const { return table_; }

 private:
  Registry() = default;
  Table table_;
};

}  // namespace hz
