"""The game variants that "every game" tests run over, from the registry alone: every registered
game with its defaults and each variant it registers for tests (hopzero.game_test_variants),
each variant once. A newly registered game is covered without an edit here."""

import hopzero


def registered_variants():
    """(name, options) pairs, one per distinct variant (by full name)."""
    out, seen = [], set()
    for name in hopzero.game_names():
        for options in [{}] + hopzero.game_test_variants(name):
            full = hopzero.make(name, **options).full_name
            if full not in seen:
                seen.add(full)
                out.append((name, dict(options)))
    return out


def variant_id(variant):
    name, options = variant
    return name + "".join(f"-{k}={v}" for k, v in sorted(options.items()))


def defaults_and_more_players():
    """Every registered game with its defaults and, where a registered test variant seats
    another number of players, the first such variant (e.g. three-player Chinese Checkers)."""
    out = []
    for name in hopzero.game_names():
        out.append((name, {}))
        players = hopzero.make(name).num_players()
        other = [o for o in hopzero.game_test_variants(name)
                 if hopzero.make(name, **o).num_players() != players]
        if other:
            out.append((name, dict(other[0])))
    return out
