#include "selfplay/surprise.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"

namespace hz::surprise {

double kl_divergence(const float* target, const float* prior, int n) {
  double kl = 0.0;
  for (int i = 0; i < n; ++i)
    if (target[i] > 0.0f)
      kl += target[i] * std::log(static_cast<double>(target[i]) / std::max(prior[i], 1e-6f));
  return std::max(kl, 0.0);  // rounding only: KL of two distributions is never negative
}

std::vector<int> sample_copies(const std::vector<double>& surprise,
                               const std::vector<bool>& policy_target, double share, Rng& rng) {
  HZ_CHECK(surprise.size() == policy_target.size(), "one surprise per sample");
  HZ_CHECK(share >= 0.0 && share <= 1.0, "surprise share in [0, 1]");
  std::vector<int> copies(surprise.size(), 1);
  double sum = 0.0;
  int targets = 0;
  for (size_t i = 0; i < surprise.size(); ++i)
    if (policy_target[i]) sum += surprise[i], ++targets;
  if (share == 0.0 || targets == 0 || !(sum > 0.0)) return copies;
  const double mean = sum / targets;
  for (size_t i = 0; i < surprise.size(); ++i) {
    if (!policy_target[i]) continue;
    const double weight = (1.0 - share) + share * surprise[i] / mean;
    const double whole = std::floor(weight);
    copies[i] = static_cast<int>(whole) + (rng.uniform01() < weight - whole ? 1 : 0);
  }
  return copies;
}

}  // namespace hz::surprise
