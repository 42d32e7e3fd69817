#include "eval/elo.h"

#include <Eigen/Dense>
#include <cmath>
#include <limits>

#include "core/error.h"

namespace hz::eval {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kEloPerNat = 400.0 / 2.302585092994046;  // 400 / ln(10)

double parse_number(const std::string& text, const std::string& what) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !std::isfinite(v))
    fail("SPRT setting ", what, " must be a number, not '", text, "'");
  return v;
}

// Per-game variance of the score of `r`.
double score_variance(const WDL& r) {
  const double n = static_cast<double>(r.games()), s = r.score();
  return (r.wins * (1 - s) * (1 - s) + r.draws * (0.5 - s) * (0.5 - s) + r.losses * s * s) / n;
}
}  // namespace

ShareInterval wilson_interval(long successes, long trials) {
  if (trials <= 0) return {};
  if (successes < 0 || successes > trials)
    fail("Wilson interval: ", successes, " successes out of ", trials, " trials");
  const double n = static_cast<double>(trials), p = successes / n, z2 = kZ95 * kZ95;
  const double denominator = 1.0 + z2 / n;
  const double centre = (p + z2 / (2 * n)) / denominator;
  const double half = kZ95 * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator;
  return {p, std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

double elo_from_score(double score) {
  if (score <= 0) return -kInf;
  if (score >= 1) return kInf;
  return -400.0 * std::log10(1.0 / score - 1.0);
}

double score_from_elo(double elo) {
  return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}

EloInterval elo_difference(const WDL& r) {
  EloInterval out;
  if (r.games() == 0) return out;
  const double s = r.score(), n = static_cast<double>(r.games());
  out.elo = elo_from_score(s);
  if (s == 0.0 || s == 1.0) {
    // Every game lost (or won): the variance is zero and says nothing; the finite bound comes
    // from the Wilson score interval of a proportion that was always 0 (or 1).
    const double wilson = wilson_interval(0, r.games()).high;  // of a proportion observed as 0
    out.low = s == 1.0 ? elo_from_score(1.0 - wilson) : -kInf;
    out.high = s == 1.0 ? kInf : elo_from_score(wilson);
    return out;
  }
  const double se = std::sqrt(score_variance(r) / n);
  out.low = elo_from_score(s - kZ95 * se);
  out.high = elo_from_score(s + kZ95 * se);
  return out;
}

SprtSettings SprtSettings::parse(const std::string& text) {
  std::vector<std::string> parts(1);
  for (const char c : text) {
    if (c == ',')
      parts.emplace_back();
    else
      parts.back() += c;
  }
  if (parts.size() != 4) fail("--sprt wants elo0,elo1,alpha,beta (four numbers), not '", text, "'");
  SprtSettings s{parse_number(parts[0], "elo0"), parse_number(parts[1], "elo1"),
                 parse_number(parts[2], "alpha"), parse_number(parts[3], "beta")};
  if (!(s.elo1 > s.elo0)) fail("SPRT: elo1 (", s.elo1, ") must be above elo0 (", s.elo0, ")");
  if (!(s.alpha > 0 && s.alpha < 0.5 && s.beta > 0 && s.beta < 0.5))
    fail("SPRT: alpha and beta must lie in (0, 0.5), not ", s.alpha, " and ", s.beta);
  return s;
}

SprtStatus sprt(const WDL& r, const SprtSettings& p) {
  SprtStatus st;
  st.lower = std::log(p.beta / (1 - p.alpha));
  st.upper = std::log((1 - p.beta) / p.alpha);
  if (r.games() == 0) return st;
  // A variance of zero (every game the same result) says nothing yet about the spread; a
  // floor of one draw's worth keeps the ratio finite and the test conservative.
  const double n = static_cast<double>(r.games());
  const double var = std::max(score_variance(r), 0.25 / n);
  const double s0 = score_from_elo(p.elo0), s1 = score_from_elo(p.elo1);
  st.llr = n * (s1 - s0) * (2 * r.score() - s0 - s1) / (2 * var);
  if (st.llr >= st.upper)
    st.decision = SprtDecision::kAcceptH1;
  else if (st.llr <= st.lower)
    st.decision = SprtDecision::kAcceptH0;
  return st;
}

const char* to_string(SprtDecision d) {
  switch (d) {
    case SprtDecision::kAcceptH0:
      return "H0";
    case SprtDecision::kAcceptH1:
      return "H1";
    default:
      return "continue";
  }
}

namespace {

// Games and score of one pairing, the prior draws included.
struct Pairing {
  int i, j;
  double n, score_i;
};

// The pairings with games, counting each player's games into `games`.
std::vector<Pairing> pairings_of(int num_players, const std::vector<PairResult>& results,
                                 double prior_draws, std::vector<long>& games) {
  std::vector<Pairing> pairs;
  games.assign(num_players, 0);
  for (const PairResult& r : results) {
    if (r.a < 0 || r.a >= num_players || r.b < 0 || r.b >= num_players || r.a == r.b)
      fail("Bradley-Terry fit: a result between players ", r.a, " and ", r.b, " of ", num_players);
    if (r.a_vs_b.games() == 0) continue;
    games[r.a] += r.a_vs_b.games();
    games[r.b] += r.a_vs_b.games();
    pairs.push_back({r.a, r.b, r.a_vs_b.games() + prior_draws,
                     r.a_vs_b.wins + 0.5 * r.a_vs_b.draws + 0.5 * prior_draws});
  }
  return pairs;
}

// Every player must be connected to the anchor, or its rating is undetermined.
void check_connected(int num_players, const std::vector<Pairing>& pairs, int anchor) {
  std::vector<int> component(num_players);
  for (int p = 0; p < num_players; ++p) component[p] = p;
  auto find = [&](int p) {
    while (component[p] != p) p = component[p] = component[component[p]];
    return p;
  };
  for (const Pairing& q : pairs) component[find(q.i)] = find(q.j);
  for (int p = 0; p < num_players; ++p)
    if (find(p) != find(anchor))
      fail("Bradley-Terry fit: player ", p, " has no games linking it to the anchor ", anchor);
}

double log_likelihood(const std::vector<Pairing>& pairs, const Eigen::VectorXd& t) {
  double ll = 0;
  for (const Pairing& q : pairs) {
    const double d = t[q.i] - t[q.j];
    // log sigmoid(d) and log sigmoid(-d), computed stably.
    const double log_p = -std::log1p(std::exp(-std::fabs(d))) + std::min(d, 0.0);
    const double log_q = -std::log1p(std::exp(-std::fabs(d))) + std::min(-d, 0.0);
    ll += q.score_i * log_p + (q.n - q.score_i) * log_q;
  }
  return ll;
}

// The log-likelihood's gradient and Fisher information at `theta`, over the free parameters
// (every player but the anchor; index(p) is p's place among them).
template <class Index>
void newton_system(const std::vector<Pairing>& pairs, const Eigen::VectorXd& theta, int anchor,
                   const Index& index, Eigen::VectorXd& grad, Eigen::MatrixXd& info) {
  grad.setZero();
  info.setZero();
  for (const Pairing& q : pairs) {
    const double p = 1.0 / (1.0 + std::exp(-(theta[q.i] - theta[q.j])));
    const double g = q.score_i - q.n * p, w = q.n * p * (1 - p);
    if (q.i != anchor) grad[index(q.i)] += g, info(index(q.i), index(q.i)) += w;
    if (q.j != anchor) grad[index(q.j)] -= g, info(index(q.j), index(q.j)) += w;
    if (q.i != anchor && q.j != anchor) {
      info(index(q.i), index(q.j)) -= w;
      info(index(q.j), index(q.i)) -= w;
    }
  }
}

}  // namespace

Ratings fit_bradley_terry(int num_players, const std::vector<PairResult>& results, int anchor,
                          double prior_draws) {
  if (num_players < 1) fail("Bradley-Terry fit: no players");
  if (anchor < 0 || anchor >= num_players) fail("Bradley-Terry fit: bad anchor ", anchor);
  Ratings out;
  const std::vector<Pairing> pairs = pairings_of(num_players, results, prior_draws, out.games);
  check_connected(num_players, pairs, anchor);

  // Newton's method with step halving over the free parameters, in natural-log odds units.
  const int m = num_players - 1;
  auto index = [&](int p) { return p < anchor ? p : p - 1; };
  Eigen::VectorXd theta = Eigen::VectorXd::Zero(num_players);
  Eigen::VectorXd grad(m);
  Eigen::MatrixXd info(m, m);
  for (out.iterations = 0; out.iterations < 200; ++out.iterations) {
    newton_system(pairs, theta, anchor, index, grad, info);
    if (m == 0) break;
    const Eigen::VectorXd step = info.ldlt().solve(grad);
    const double before = log_likelihood(pairs, theta);
    double scale = 1.0;
    Eigen::VectorXd next = theta;
    for (int halving = 0; halving < 40; ++halving, scale *= 0.5) {
      for (int p = 0; p < num_players; ++p)
        if (p != anchor) next[p] = theta[p] + scale * step[index(p)];
      if (log_likelihood(pairs, next) >= before - 1e-12) break;
    }
    theta = next;
    if (scale * step.cwiseAbs().maxCoeff() < 1e-10) break;
  }
  if (out.iterations >= 200) fail("Bradley-Terry fit did not converge in 200 iterations");
  Eigen::MatrixXd cov =
      m ? Eigen::MatrixXd(info.ldlt().solve(Eigen::MatrixXd::Identity(m, m))) : Eigen::MatrixXd();
  out.elo.resize(num_players);
  out.low.resize(num_players);
  out.high.resize(num_players);
  out.stderr_elo.resize(num_players);
  for (int p = 0; p < num_players; ++p) {
    const double se = p == anchor ? 0.0 : std::sqrt(std::max(0.0, cov(index(p), index(p))));
    out.elo[p] = theta[p] * kEloPerNat;
    out.stderr_elo[p] = se * kEloPerNat;
    out.low[p] = out.elo[p] - kZ95 * out.stderr_elo[p];
    out.high[p] = out.elo[p] + kZ95 * out.stderr_elo[p];
  }
  return out;
}

}  // namespace hz::eval
