// Typed, bounded, self-documenting YAML configuration (KataGo's config parser is the model).
//
// Every value is read through a typed getter that states its default, its bounds and one line
// of documentation. A key that nobody reads is an error at finish(), as is a wrong type or an
// out-of-range value; each message names the key's full path ("train.learning_rate") and the
// file. Everything read is recorded, so the resolved config (defaults included, with their
// docs) can be written into a run directory and re-read bit for bit.
//
// Not thread-safe; read the config once at start-up into plain structs.
#pragma once

#include <yaml-cpp/yaml.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/options.h"

namespace hz {

class ConfigSection;

class Config {
 public:
  static Config load_file(const std::string& path);  // throws hz::Error naming the file
  static Config from_string(const std::string& text, const std::string& source = "<string>");

  // "train.learning_rate=0.01": sets a value at a dotted path before anything reads it. The
  // value is parsed as YAML (numbers, booleans, strings); an empty or null value is an error (it
  // would silently mean the built-in default). Unknown keys fail later, at finish(). Errors about
  // a key that an override set name the override ("--set 'k=v'"), not the file. Setting a path
  // that an earlier override set is an error.
  void set_override(const std::string& assignment);

  ConfigSection root();
  // The values read so far, as YAML with each key's documentation as a comment.
  std::string resolved_yaml() const;
  const std::string& source() const { return source_; }

 private:
  friend class ConfigSection;
  struct Record {
    std::string path, value, doc;
    bool section = false;  // a section's doc (no value)
  };
  YAML::Node doc_;
  std::string source_;
  std::shared_ptr<std::vector<Record>> records_ = std::make_shared<std::vector<Record>>();
  // Dotted path -> the override that set it, for error messages.
  std::shared_ptr<std::map<std::string, std::string>> overrides_ =
      std::make_shared<std::map<std::string, std::string>>();
};

class ConfigSection {
 public:
  long get_int(const std::string& key, long def, long lo, long hi, const std::string& doc);
  double get_double(const std::string& key, double def, double lo, double hi,
                    const std::string& doc);
  bool get_bool(const std::string& key, bool def, const std::string& doc);
  std::string get_string(const std::string& key, const std::string& def,
                         const std::vector<std::string>& allowed, const std::string& doc);
  // A nested map; an absent key gives an empty section (all defaults).
  ConfigSection section(const std::string& key, const std::string& doc);
  // A map of scalars taken as free-form options (validated later by whoever owns them, for
  // example the game registry). The key is marked read.
  GameOptions options_map(const std::string& key, const std::string& doc);
  bool has(const std::string& key) const;
  // Throws hz::Error for keys in this section that no getter read.
  void finish() const;
  const std::string& path() const { return path_; }

 private:
  friend class Config;
  ConfigSection(YAML::Node node, std::string path, std::string source,
                std::shared_ptr<std::vector<Config::Record>> records,
                std::shared_ptr<const std::map<std::string, std::string>> overrides)
      : node_(node),
        path_(std::move(path)),
        source_(std::move(source)),
        records_(records),
        overrides_(overrides) {}
  std::optional<YAML::Node> lookup(const std::string& key);
  std::string full(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }
  // "--set 'a.b=v'" when an override set the key, a section holding it or a key inside it, else
  // "config 'FILE'"; where() adds ": key 'a.b'" to the latter.
  std::string origin(const std::string& key) const;
  std::string where(const std::string& key) const;
  void record(const std::string& key, const std::string& value, const std::string& doc);
  YAML::Node node_;
  std::string path_, source_;
  std::shared_ptr<std::vector<Config::Record>> records_;
  std::shared_ptr<const std::map<std::string, std::string>> overrides_;
  std::vector<std::string> read_;
};

}  // namespace hz
