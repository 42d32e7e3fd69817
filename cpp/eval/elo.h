// Elo arithmetic for matches and ladders: the Elo difference of one pairing with a 95%
// interval, the sequential probability ratio test (SPRT) on it, a maximum-likelihood
// Bradley-Terry fit of many players' ratings from pairwise results, and the Wilson score
// interval of a proportion (win shares in games of more than two players).
//
// Conventions: Elo differences are logistic, 400 points for a factor of 10 in odds: the
// expected score of A against B is 1 / (1 + 10^(-(Ra - Rb) / 400)). A draw is half a win and
// half a loss (the score model). Intervals are normal approximations at 95% (+-1.96 standard
// errors), mapped through the logistic curve for a single pairing; a bound that would be
// infinite (a score of 0 or 1) is reported as +-infinity (JSON writes it as null).
//
// Pure functions; thread-safe.
#pragma once

#include <string>
#include <vector>

namespace hz::eval {

inline constexpr double kZ95 = 1.959963984540054;

struct WDL {
  long wins = 0, draws = 0, losses = 0;
  long games() const { return wins + draws + losses; }
  double score() const { return games() ? (wins + 0.5 * draws) / games() : 0.5; }
  WDL mirrored() const { return {losses, draws, wins}; }
  WDL& operator+=(const WDL& o) {
    wins += o.wins, draws += o.draws, losses += o.losses;
    return *this;
  }
};

struct EloInterval {
  double elo = 0, low = 0, high = 0;  // may be +-infinity
};

// A proportion (successes / trials) with its 95% Wilson score interval:
//   (p + z^2/2n -+ z sqrt(p(1-p)/n + z^2/4n^2)) / (1 + z^2/n).
// Unlike p -+ z sqrt(p(1-p)/n) it stays inside [0, 1] and is not empty at p = 0 or 1. With no
// trials: share 0, interval [0, 1].
struct ShareInterval {
  double share = 0, low = 0, high = 1;
};
ShareInterval wilson_interval(long successes, long trials);

double elo_from_score(double score);  // +-infinity at 0 and 1
double score_from_elo(double elo);

// The Elo difference "A minus B" from A's results against B, with its 95% interval (from the
// trinomial variance of the per-game score; when A won or lost every game, the estimate is
// infinite and the finite bound is that of the Wilson score interval).
EloInterval elo_difference(const WDL& a_vs_b);

// SPRT of H0: elo = elo0 against H1: elo = elo1 (logistic Elo of A over B) with error rates
// alpha (accepting H1 when H0 holds) and beta; the log-likelihood ratio uses the normal
// approximation to the trinomial score (the "GSPRT" of chess-engine testing).
struct SprtSettings {
  double elo0 = 0, elo1 = 10, alpha = 0.05, beta = 0.05;
  static SprtSettings parse(const std::string& text);  // "elo0,elo1,alpha,beta"; throws
};
enum class SprtDecision { kContinue, kAcceptH0, kAcceptH1 };
struct SprtStatus {
  double llr = 0, lower = 0, upper = 0;
  SprtDecision decision = SprtDecision::kContinue;
};
SprtStatus sprt(const WDL& a_vs_b, const SprtSettings& settings);
const char* to_string(SprtDecision d);

// Pairwise results between players i and j (i's wins, draws, j's wins).
struct PairResult {
  int a = 0, b = 0;
  WDL a_vs_b;
};

struct Ratings {
  std::vector<double> elo, low, high, stderr_elo;  // per player; the anchor is 0 +- 0
  std::vector<long> games;                         // games per player
  int iterations = 0;
};

// Maximum-likelihood Bradley-Terry ratings of `num_players` players from `results`, anchored
// at `anchor` (its rating is 0). Newton iterations with a step-halving line search on the log
// likelihood (Eigen); the covariance is the inverse of the observed information. `prior_draws`
// virtual draws are added to every pairing that was played (a mild pull towards equality that
// keeps ratings finite when a player won or lost every game). Throws hz::Error if a player is
// not connected to the anchor through played games, or the iterations do not converge.
Ratings fit_bradley_terry(int num_players, const std::vector<PairResult>& results, int anchor,
                          double prior_draws = 1.0);

}  // namespace hz::eval
