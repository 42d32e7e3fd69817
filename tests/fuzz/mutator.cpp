// See mutator.h.
#include "mutator.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>

namespace hz::fuzz {
namespace {

const char kInterestingChars[] = " \n\t\r,-x/:=.{}[]#\"'\\+0159az\x7f\x80\xff";

const char* const kInterestingNumbers[] = {"0",
                                           "-1",
                                           "1",
                                           "-0",
                                           "2",
                                           "7",
                                           "127",
                                           "128",
                                           "255",
                                           "256",
                                           "32767",
                                           "32768",
                                           "65535",
                                           "65536",
                                           "999999999",
                                           "1000000000",
                                           "2147483647",
                                           "2147483648",
                                           "-2147483648",
                                           "-2147483649",
                                           "4294967295",
                                           "4294967296",
                                           "9223372036854775807",
                                           "9223372036854775808",
                                           "18446744073709551616",
                                           "99999999999999999999999",
                                           "1e308",
                                           "1e-400",
                                           "nan",
                                           "inf",
                                           "-inf",
                                           "0x10",
                                           "1.5",
                                           "+3",
                                           "007"};

const uint64_t kBoundaryValues[] = {0,
                                    1,
                                    0x7f,
                                    0x80,
                                    0xff,
                                    0x7fff,
                                    0x8000,
                                    0xffff,
                                    0x7fffffff,
                                    0x80000000,
                                    0xffffffff,
                                    0x100000000ULL,
                                    0x7fffffffffffffffULL,
                                    0x8000000000000000ULL,
                                    ~0ULL,
                                    ~0ULL - 1};

}  // namespace

std::string Mutator::mutate(const std::string& input, const std::string& other) {
  std::string s = input;
  int n = 1;
  while (n < 5 && rng_.uniform_int(2) == 0) ++n;
  for (int i = 0; i < n; ++i) mutate_once(s, other);
  return s;
}

void Mutator::mutate_once(std::string& s, const std::string& other) {
  switch (rng_.uniform_int(binary_ ? 12 : 11)) {
    case 0:  // truncate
      s.resize(pos(s.size() + 1));
      break;
    case 1: {  // delete a range
      if (s.empty()) break;
      const size_t at = pos(s.size());
      s.erase(at, 1 + rng_.uniform_int(16));
      break;
    }
    case 2: {  // insert random bytes
      const size_t at = pos(s.size() + 1);
      std::string bytes(1 + rng_.uniform_int(4), '\0');
      for (char& c : bytes) c = static_cast<char>(rng_.uniform_int(256));
      s.insert(at, bytes);
      break;
    }
    case 3:  // insert an interesting character
      s.insert(pos(s.size() + 1), 1,
               kInterestingChars[rng_.uniform_int(sizeof(kInterestingChars) - 1)]);
      break;
    case 4:  // flip a bit
      if (!s.empty()) s[pos(s.size())] ^= static_cast<char>(1u << rng_.uniform_int(8));
      break;
    case 5:  // overwrite a byte
      if (!s.empty()) s[pos(s.size())] = static_cast<char>(rng_.uniform_int(256));
      break;
    case 6: {  // duplicate a range somewhere
      if (s.empty()) break;
      const size_t from = pos(s.size());
      const std::string piece = s.substr(from, 1 + rng_.uniform_int(32));
      s.insert(pos(s.size() + 1), piece);
      break;
    }
    case 7: {  // splice: a prefix of this input and a suffix of the other
      const size_t cut = pos(s.size() + 1), from = pos(other.size() + 1);
      s = s.substr(0, cut) + other.substr(from);
      break;
    }
    case 8:  // swap two lines (or two chunks of a binary input)
      swap_lines(s);
      break;
    case 9:  // a dictionary token, inserted or replacing a few bytes
      if (!dictionary_.empty()) {
        const std::string& token =
            dictionary_[rng_.uniform_int(static_cast<uint32_t>(dictionary_.size()))];
        const size_t at = pos(s.size() + 1);
        const size_t replace = rng_.uniform_int(2) ? 0 : std::min(s.size() - at, token.size());
        s.replace(at, replace, token);
      }
      break;
    case 10:  // replace a run of digits (or insert) with an extreme number
      put_extreme_number(s);
      break;
    case 11:  // binary: overwrite 1, 2, 4 or 8 bytes with a boundary value
      put_boundary_value(s);
      break;
  }
}

void Mutator::swap_lines(std::string& s) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= s.size()) {
    const size_t nl = s.find('\n', start);
    lines.push_back(s.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  if (lines.size() < 2) return;
  std::swap(lines[pos(lines.size())], lines[pos(lines.size())]);
  std::string joined;
  for (size_t i = 0; i < lines.size(); ++i) joined += (i ? "\n" : "") + lines[i];
  s = joined;
}

void Mutator::put_extreme_number(std::string& s) {
  const char* number = kInterestingNumbers[rng_.uniform_int(sizeof(kInterestingNumbers) /
                                                            sizeof(kInterestingNumbers[0]))];
  size_t at = pos(s.size() + 1);
  size_t digit = s.find_first_of("0123456789", at);
  if (digit == std::string::npos) digit = s.find_first_of("0123456789");
  if (digit == std::string::npos) {
    s.insert(at, number);
    return;
  }
  size_t end = digit;
  while (end < s.size() && std::isdigit(static_cast<unsigned char>(s[end]))) ++end;
  s.replace(digit, end - digit, number);
}

void Mutator::put_boundary_value(std::string& s) {
  const size_t width = size_t{1} << rng_.uniform_int(4);
  if (s.size() < width) return;
  size_t at = pos(s.size() - width + 1);
  if (rng_.uniform_int(2)) at &= ~(width - 1);
  uint64_t v = kBoundaryValues[rng_.uniform_int(sizeof(kBoundaryValues) / 8)];
  if (rng_.uniform_int(4) == 0) v += rng_.uniform_int(3) - 1;
  std::memcpy(s.data() + at, &v, width);
}

}  // namespace hz::fuzz
