"""What a network believed just before it lost: its search's root values against alpha-beta.

Plays GAMES games of a network + MCTS against an alpha-beta agent (seats alternating, the first
OPENING actions random) and records, at each of the network's decisions, its search's root value
(from its own seat, in [-1, 1]). For every game it prints those values, and at the end how many
lost games it rated as won (root value above +0.5) at a decision right before one rated as lost
(below -0.5): the opponent's one reply in between refuted what the search trusted, a blind spot
of what self-play taught the network.

Usage (from the repository root, after the build):
  PYTHONPATH=python /usr/bin/python3 experiments/strength_vs_alphabeta/trace_values.py \\
    --game jumpers --option size=6 --checkpoint experiments/strength_vs_alphabeta/jumpers_6.pt \\
    --games 10 --time-ms 200
The network side searches with clock=action so that each of its decisions has a search to read.
"""

from __future__ import annotations

import argparse
import random
import sys

import hopzero


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", required=True)
    p.add_argument("--option", action="append", default=[], help="rule option k=v (repeatable)")
    p.add_argument("--checkpoint", required=True)
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--time-ms", type=int, default=200, help="each side's time per decision")
    p.add_argument("--opening", type=int, default=2, help="random actions before the agents play")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    if args.games < 1 or args.time_ms < 1 or args.opening < 0:
        p.error("--games and --time-ms must be at least 1, --opening at least 0")
    return args


def rule_options(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise SystemExit(f"--option '{pair}': expected key=value")
        options[key] = value
    return options


def play(game, network, baseline, network_seat: int, rng: random.Random, opening: int):
    """One game; returns (the network's result in {1, 0, -1}, its root values in order)."""
    network.reset()
    baseline.reset()
    state = game.new_initial_state()
    for _ in range(opening):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    values = []
    while not state.is_terminal():
        if state.current_player() == network_seat:
            action = network.select_action(state)
            values.append(network.last_search().root_value)
        else:
            action = baseline.select_action(state)
        state.apply(action)
    returns = state.returns()
    mine, best_other = returns[network_seat], max(r for k, r in enumerate(returns)
                                                  if k != network_seat)
    return (mine > best_other) - (mine < best_other), values


def refutations(values: list[float]) -> list[tuple[float, float]]:
    """Consecutive decisions rated won (above +0.5) and then lost (below -0.5)."""
    return [(a, b) for a, b in zip(values, values[1:]) if a > 0.5 and b < -0.5]


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    game = hopzero.make(args.game, **rule_options(args.option))
    net_spec = f"mcts:checkpoint={args.checkpoint},time_ms={args.time_ms},clock=action"
    ab_spec = f"alphabeta:time_ms={args.time_ms}"
    rng = random.Random(args.seed)
    wins = draws = losses = blind = 0
    for g in range(args.games):
        network = hopzero.agents.from_spec(game, net_spec, seed=args.seed + g)
        baseline = hopzero.agents.from_spec(game, ab_spec, seed=args.seed + g)
        result, values = play(game, network, baseline, g % 2, rng, args.opening)
        wins, draws, losses = wins + (result > 0), draws + (result == 0), losses + (result < 0)
        flips = refutations(values)
        blind += result < 0 and bool(flips)
        print(f"game {g + 1}: network seat {g % 2}, {'WDL'[1 - result]}, root values "
              + " ".join(f"{v:+.1f}" for v in values)
              + "".join(f"; {a:+.2f} then {b:+.2f}" for a, b in flips), flush=True)
    print(f"network W-D-L {wins}-{draws}-{losses}; lost games with a decision rated above +0.5 "
          f"right before one rated below -0.5: {blind} of {losses}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
