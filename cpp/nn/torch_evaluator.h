// The network evaluator hook: make_checkpoint_evaluator<G>(game, path, threads) returns an
// Evaluator<G> (nn/evaluator.h) that runs the network stored in a checkpoint.
//
// THIS FILE IS A STUB: it is where the LibTorch backend plugs in. The torch helper replaces it
// with the real declaration (keeping this signature); until then every call throws hz::Error
// ("built without torch evaluator"). Callers: search/evaluator_factory.h (agents with
// evaluator=checkpoint, self-play with a checkpoint evaluator).
//
// `threads` is LibTorch's intra-op thread count for this evaluator. The returned evaluator is
// used by one thread at a time.
#pragma once

#include <memory>
#include <string>

#include "core/error.h"
#include "nn/evaluator.h"

namespace hz {

template <class G>
std::unique_ptr<Evaluator<G>> make_checkpoint_evaluator(const G& game, const std::string& path,
                                                        int threads) {
  fail("built without torch evaluator: cannot load checkpoint '", path, "' for game '", game.name(),
       "' (threads ", threads, ")");
}

}  // namespace hz
