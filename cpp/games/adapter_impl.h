// Out-of-line parts of GameAdapter<G> that pull in search templates. Include this (not only
// adapter.h) in exactly one file per game: its register.cpp.
#pragma once

#include "games/adapter.h"
#include "search/agent_factory.h"

namespace hz {

template <class G>
std::unique_ptr<Agent> GameAdapter<G>::make_agent(const AgentSpec& spec, uint64_t seed) const {
  return make_agent_for<G>(*this, spec, seed);
}

}  // namespace hz
