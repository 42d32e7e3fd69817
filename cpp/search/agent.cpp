#include "search/agent.h"

#include <cerrno>
#include <cstdlib>

#include "core/error.h"

namespace hz {

AgentSpec AgentSpec::parse(std::string_view text) {
  AgentSpec spec;
  const size_t colon = text.find(':');
  spec.kind = std::string(text.substr(0, colon));
  if (spec.kind.empty()) fail("agent spec ", quote(std::string(text)), " has no agent kind");
  if (colon == std::string_view::npos) return spec;
  std::string_view rest = text.substr(colon + 1);
  size_t start = 0;
  while (start <= rest.size()) {
    size_t end = rest.find(',', start);
    if (end == std::string_view::npos) end = rest.size();
    std::string_view item = rest.substr(start, end - start);
    start = end + 1;
    if (item.empty()) {
      if (end == rest.size()) break;
      continue;
    }
    const size_t eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0)
      fail("agent spec ", quote(std::string(text)), ": setting ", quote(std::string(item)),
           " is not of the form key=value");
    const std::string key(item.substr(0, eq));
    if (spec.settings.count(key))
      fail("agent spec ", quote(std::string(text)), ": setting ", quote(key), " given twice");
    spec.settings[key] = std::string(item.substr(eq + 1));
  }
  return spec;
}

std::string AgentSpec::to_string() const {
  std::string out = kind;
  char sep = ':';
  for (const auto& [k, v] : settings) {
    out += sep + k + "=" + v;
    sep = ',';
  }
  return out;
}

const std::string* SpecReader::find(const std::string& key) {
  known_.push_back(key);
  auto it = spec_.settings.find(key);
  return it == spec_.settings.end() ? nullptr : &it->second;
}

long SpecReader::get_int(const std::string& key, long def, long lo, long hi) {
  const std::string* text = find(key);
  if (!text) return def;
  char* end = nullptr;
  errno = 0;
  const long v = std::strtol(text->c_str(), &end, 10);
  if (text->empty() || errno || *end != '\0' || v < lo || v > hi)
    fail("agent ", quote(spec_.kind), ": setting ", quote(key), " must be an integer in [", lo,
         ", ", hi, "], not ", quote(*text));
  return v;
}

double SpecReader::get_double(const std::string& key, double def, double lo, double hi) {
  const std::string* text = find(key);
  if (!text) return def;
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(text->c_str(), &end);
  if (text->empty() || errno || *end != '\0' || !(v >= lo && v <= hi))
    fail("agent ", quote(spec_.kind), ": setting ", quote(key), " must be a number in [", lo, ", ",
         hi, "], not ", quote(*text));
  return v;
}

std::string SpecReader::get_string(const std::string& key, const std::string& def,
                                   const std::vector<std::string>& allowed) {
  const std::string* text = find(key);
  if (!text) return def;
  if (allowed.empty()) return *text;
  std::string list;
  for (const auto& a : allowed) {
    if (a == *text) return *text;
    list += (list.empty() ? "" : ", ") + a;
  }
  fail("agent ", quote(spec_.kind), ": setting ", quote(key), " cannot be ", quote(*text),
       "; one of: ", list);
}

bool SpecReader::get_bool(const std::string& key, bool def) {
  const std::string* text = find(key);
  if (!text) return def;
  bool v = false;
  if (!parse_bool_text(*text, &v))
    fail("agent ", quote(spec_.kind), ": setting ", quote(key), " must be true or false, not ",
         quote(*text));
  return v;
}

void SpecReader::finish() const {
  for (const auto& [k, v] : spec_.settings) {
    bool ok = false;
    for (const auto& known : known_) ok = ok || known == k;
    if (!ok) {
      std::string list;
      for (const auto& known : known_) list += (list.empty() ? "" : ", ") + known;
      fail("agent ", quote(spec_.kind), " has no setting ", quote(k),
           "; valid settings: ", list.empty() ? "(none)" : list);
    }
  }
}

}  // namespace hz
