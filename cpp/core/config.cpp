#include "core/config.h"

#include <yaml-cpp/eventhandler.h>

#include <charconv>
#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "core/error.h"
#include "core/files.h"
#include "core/utf8.h"

namespace hz {

Config Config::load_file(const std::string& path) {
  return from_string(read_file(path, uint64_t{16} << 20, "config file"), path);
}

namespace {

// YAML text is Unicode; yaml-cpp passes other bytes through on reading but not on writing, so a
// config holding them would not read back the same from the resolved copy a run keeps.
void check_utf8(const std::string& text, const std::string& what) {
  const size_t bad = first_invalid_utf8(text);
  if (bad != std::string::npos) fail(what, ": byte ", bad, " is not valid UTF-8 text");
}

// A map key as text; keys are plain names, never lists, maps or empty (null) keys.
std::string key_text(const YAML::Node& key, const std::string& where) {
  if (!key.IsScalar()) fail(where, ": a key must be a plain name, not a list, a map or nothing");
  return key.Scalar();
}

// yaml-cpp keeps a repeated key and lookups see its first value: a config that says `seed: 1`
// then `seed: 2` must not silently mean 1.
// Counts documents without building them, stopping at the second: yaml-cpp's LoadAll never
// returns on some text (",").
bool holds_more_than_one_document(const std::string& text) {
  struct Ignore : YAML::EventHandler {
    void OnDocumentStart(const YAML::Mark&) override {}
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
    void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
    void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t,
                  const std::string&) override {}
    void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                         YAML::EmitterStyle::value) override {}
    void OnSequenceEnd() override {}
    void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                    YAML::EmitterStyle::value) override {}
    void OnMapEnd() override {}
  } ignore;
  std::istringstream in(text);
  YAML::Parser parser(in);
  return parser.HandleNextDocument(ignore) && parser.HandleNextDocument(ignore);
}

// `origin` names the text ("config 'FILE'", "--set 'k=v'"). `seen` holds the text positions of
// the maps and lists checked: an alias (*name) is the node of its anchor, so each is checked once
// (aliases of aliases would otherwise cost exponential time, and an alias can refer to itself).
void check_no_repeated_keys(const YAML::Node& node, const std::string& path,
                            const std::string& origin, std::set<int>& seen) {
  if (!node.IsSequence() && !node.IsMap()) return;
  if (node.Mark().pos >= 0 && !seen.insert(node.Mark().pos).second) return;
  if (node.IsSequence())
    for (const auto& item : node) check_no_repeated_keys(item, path, origin, seen);
  if (!node.IsMap()) return;
  std::map<std::string, int> line_of;
  for (const auto& kv : node) {
    const std::string k = key_text(kv.first, origin), full = path.empty() ? k : path + "." + k;
    const int line = kv.first.Mark().line + 1;
    const auto [it, first] = line_of.emplace(k, line);
    if (!first)
      fail(origin, ": key ", quote(full), " is given twice (lines ", it->second, " and ", line,
           "); give it once");
    check_no_repeated_keys(kv.second, full, origin, seen);
  }
}

void check_no_repeated_keys(const YAML::Node& node, const std::string& path,
                            const std::string& origin) {
  std::set<int> seen;
  check_no_repeated_keys(node, path, origin, seen);
}

}  // namespace

Config Config::from_string(const std::string& text, const std::string& source) {
  Config c;
  c.source_ = source;
  check_utf8(text, "config '" + source + "'");
  bool more_than_one = false;
  try {
    c.doc_ = YAML::Load(text);
    more_than_one = holds_more_than_one_document(text);
  } catch (const YAML::Exception& e) {
    fail("config '", source, "' is not valid YAML: ", e.what());
  }
  if (more_than_one)
    fail("config '", source, "' holds more than one YAML document (a second '---'); a config ",
         "is one document");
  if (c.doc_.IsNull()) c.doc_ = YAML::Node(YAML::NodeType::Map);
  if (!c.doc_.IsMap()) fail("config '", source, "': the top level must be a map of keys");
  check_no_repeated_keys(c.doc_, "", "config '" + source + "'");
  return c;
}

void Config::set_override(const std::string& assignment) {
  const size_t eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    fail("override ", quote(assignment), " is not of the form key.path=value");
  const std::string path = assignment.substr(0, eq), value = assignment.substr(eq + 1);
  check_utf8(assignment, "override '" + assignment + "'");
  const auto earlier = overrides_->find(path);
  if (earlier != overrides_->end())  // the last would silently win
    fail("--set ", quote(assignment), ": ", quote(path), " is already set by --set ",
         quote(earlier->second), "; set each key once");
  std::vector<std::string> parts;
  std::stringstream ss(path);
  for (std::string part; std::getline(ss, part, '.');) {
    if (part.empty()) fail("override ", quote(assignment), " has an empty key in its path");
    parts.push_back(part);
  }
  YAML::Node parsed;
  try {
    parsed = YAML::Load(value);
  } catch (const YAML::Exception& e) {
    fail("override ", quote(assignment), ": value is not valid YAML: ", e.what());
  }
  if (parsed.IsNull())
    fail("--set ", quote(assignment),
         ": the value is empty or null; give a value (leave the --set ", "out to keep the file's)");
  check_no_repeated_keys(parsed, path, "--set '" + assignment + "'");
  // yaml-cpp nodes are handles: walk with fresh handles and assign into the tree.
  std::vector<YAML::Node> chain{doc_};
  for (size_t i = 0; i + 1 < parts.size(); ++i) {
    YAML::Node next = chain.back()[parts[i]];
    if (!next.IsDefined() || next.IsNull()) {
      chain.back()[parts[i]] = YAML::Node(YAML::NodeType::Map);
      next = chain.back()[parts[i]];
    }
    if (!next.IsMap())
      fail("override ", quote(assignment), ": ", quote(parts[i]),
           " is not a section (map) in the config");
    chain.push_back(next);
  }
  chain.back()[parts.back()] = parsed;
  (*overrides_)[path] = assignment;
}

ConfigSection Config::root() {
  return ConfigSection(doc_, "", source_, records_, overrides_);
}

std::string Config::resolved_yaml() const {
  // Rebuilds the nested map from the dotted records, each doc as a comment line above its key.
  // Written by hand: yaml-cpp's emitter puts a comment after the previous value.
  struct Tree {
    std::map<std::string, Tree> children;
    std::string value, doc;
    bool leaf = false;
  };
  Tree root;
  for (const auto& r : *records_) {
    Tree* t = &root;
    std::stringstream ss(r.path);
    for (std::string part; std::getline(ss, part, '.');) t = &t->children[part];
    if (!r.section) {
      t->leaf = true;
      t->value = r.value;
    }
    if (!r.doc.empty()) t->doc = r.doc;
  }
  std::string text;
  std::function<void(const Tree&, int)> emit = [&](const Tree& t, int indent) {
    const std::string pad(static_cast<size_t>(indent), ' ');
    for (const auto& [k, child] : t.children) {
      if (!child.leaf && child.children.empty()) continue;  // a section with nothing read
      if (!child.doc.empty()) {
        std::string doc = child.doc;
        for (size_t at = doc.find('\n'); at != std::string::npos; at = doc.find('\n', at + 1))
          doc.replace(at, 1, "\n" + pad + "# ");
        text += pad + "# " + doc + "\n";
      }
      YAML::Emitter key;
      key << k;
      if (child.leaf && child.children.empty()) {
        text += pad + key.c_str() + ": " + child.value + "\n";
      } else {
        text += pad + key.c_str() + ":\n";
        emit(child, indent + 2);
      }
    }
  };
  emit(root, 0);
  return text;
}

std::string ConfigSection::origin(const std::string& key) const {
  const std::string path = full(key);
  for (const auto& [set, assignment] : *overrides_)
    if (path == set || path.rfind(set + ".", 0) == 0 || set.rfind(path + ".", 0) == 0)
      return "--set '" + assignment + "'";
  return "config '" + source_ + "'";
}

std::string ConfigSection::where(const std::string& key) const {
  const std::string from = origin(key);
  return from.rfind("--set", 0) == 0 ? from : from + ": key '" + full(key) + "'";
}

bool ConfigSection::has(const std::string& key) const {
  return node_.IsMap() && node_[key].IsDefined() && !node_[key].IsNull();
}

std::optional<YAML::Node> ConfigSection::lookup(const std::string& key) {
  read_.push_back(key);
  if (!node_.IsMap()) return std::nullopt;
  const YAML::Node& cnode = node_;
  YAML::Node v = cnode[key];
  if (!v.IsDefined() || v.IsNull()) return std::nullopt;
  return v;
}

void ConfigSection::record(const std::string& key, const std::string& value,
                           const std::string& doc) {
  records_->push_back({full(key), value, doc});
}

static std::string scalar_of(const YAML::Node& v, const std::string& where, const char* type) {
  if (!v.IsScalar()) fail(where, " must be ", type, ", not a list or map");
  return v.Scalar();
}

long ConfigSection::get_int(const std::string& key, long def, long lo, long hi,
                            const std::string& doc) {
  std::optional<YAML::Node> v = lookup(key);
  long out = def;
  const std::string where = this->where(key);
  if (v) {
    const std::string text = scalar_of(*v, where, "an integer");
    char* end = nullptr;
    errno = 0;
    out = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || errno || *end != '\0')
      fail(where, " must be an integer, not ", quote(text));
  }
  if (out < lo || out > hi) fail(where, " = ", out, " is out of range [", lo, ", ", hi, "]");
  record(key, std::to_string(out), doc);
  return out;
}

double ConfigSection::get_double(const std::string& key, double def, double lo, double hi,
                                 const std::string& doc) {
  std::optional<YAML::Node> v = lookup(key);
  double out = def;
  const std::string where = this->where(key);
  if (v) {
    const std::string text = scalar_of(*v, where, "a number");
    char* end = nullptr;
    errno = 0;
    out = std::strtod(text.c_str(), &end);
    if (text.empty() || errno || *end != '\0' || !std::isfinite(out))
      fail(where, " must be a number, not ", quote(text));
  }
  if (out < lo || out > hi) fail(where, " = ", out, " is out of range [", lo, ", ", hi, "]");
  // The shortest text that reads back as the same double ("0.1", not "0.10000000000000001").
  char text[64];
  const auto [end, ec] = std::to_chars(text, text + sizeof text, out);
  record(key, ec == std::errc() ? std::string(text, end) : std::to_string(out), doc);
  return out;
}

bool ConfigSection::get_bool(const std::string& key, bool def, const std::string& doc) {
  std::optional<YAML::Node> v = lookup(key);
  bool out = def;
  if (v) {
    const std::string where = this->where(key);
    const std::string text = scalar_of(*v, where, "true or false");
    if (!parse_bool_text(text, &out)) fail(where, " must be true or false, not ", quote(text));
  }
  record(key, out ? "true" : "false", doc);
  return out;
}

std::string ConfigSection::get_string(const std::string& key, const std::string& def,
                                      const std::vector<std::string>& allowed,
                                      const std::string& doc) {
  std::optional<YAML::Node> v = lookup(key);
  std::string out = def;
  const std::string where = this->where(key);
  if (v) out = scalar_of(*v, where, "a string");
  if (!allowed.empty()) {
    bool ok = false;
    std::string list;
    for (const auto& a : allowed) {
      ok = ok || a == out;
      list += (list.empty() ? "" : ", ") + a;
    }
    if (!ok) fail(where, " cannot be ", quote(out), "; one of: ", list);
  }
  YAML::Emitter e;
  e << out;
  record(key, e.c_str(), doc);
  return out;
}

ConfigSection ConfigSection::section(const std::string& key, const std::string& doc) {
  std::optional<YAML::Node> v = lookup(key);
  if (v && !v->IsMap()) fail(where(key), " must be a section (a map of keys)");
  if (!doc.empty()) records_->push_back({full(key), "", doc, true});
  return ConfigSection(v ? *v : YAML::Node(YAML::NodeType::Map), full(key), source_, records_,
                       overrides_);
}

GameOptions ConfigSection::options_map(const std::string& key, const std::string& doc) {
  std::optional<YAML::Node> v = lookup(key);
  GameOptions out;
  if (!v) return out;
  if (!v->IsMap()) fail(where(key), " must be a map of options");
  for (const auto& kv : *v) {
    const std::string k = key_text(kv.first, "config '" + source_ + "': in '" + full(key) + "'");
    // Option names are identifiers; a '.' would also split the key in resolved_yaml().
    if (k.empty() || k.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                         "0123456789_-") != std::string::npos)
      fail(origin(key + "." + k), ": option name ", quote(k), " in '", full(key),
           "' is not a name (letters, digits, '_', '-')");
    if (!kv.second.IsScalar()) fail(where(key + "." + k), " must be a single value");
    out.set(k, kv.second.Scalar());
  }
  // Values are recorded as YAML (quoted where needed), so the resolved config reads back the
  // same; the doc goes with the map's key.
  if (!doc.empty()) records_->push_back({full(key), "", doc, true});
  for (const auto& [k, value] : out.values()) {
    YAML::Emitter e;
    e << value;
    record(key + "." + k, e.c_str(), "");
  }
  return out;
}

void ConfigSection::finish() const {
  if (!node_.IsMap()) return;
  for (const auto& kv : node_) {
    const std::string k = key_text(
        kv.first, "config '" + source_ + "'" + (path_.empty() ? "" : " in '" + path_ + "'"));
    bool known = false;
    for (const auto& r : read_) known = known || r == k;
    if (!known) {
      std::string list;
      for (const auto& r : read_) list += (list.empty() ? "" : ", ") + r;
      fail(origin(k), ": unknown key ", quote(full(k)), "",
           path_.empty() ? "" : " in section '" + path_ + "'",
           "; valid keys: ", list.empty() ? "(none)" : list);
    }
  }
}

}  // namespace hz
