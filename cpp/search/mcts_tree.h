// The search tree's storage: nodes in one arena (a vector, linked by indices), the children of a
// node in one contiguous block, and the states of expanded nodes in a parallel arena.
//
// Statistics convention (max^n): a node's `value_sum` is the sum of backed-up values for the
// player who acted into it (`acted_by`, the player to move at its parent), so a parent reads its
// children's mean values as its own mover's values, whoever moves next. `mover_value_sum` is the
// same sum for the player to move at the node itself (used for first-play urgency and the root
// value). Players are read from current_player(); nothing assumes they alternate.
//
// Memory: clear() keeps capacity, so a warmed tree allocates nothing per simulation. Reuse copies
// the kept subtree into a second arena (breadth first, so child blocks stay contiguous) and swaps.
// One thread at a time.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "games/game.h"

namespace hz {

enum class NodeStatus : uint8_t {
  kUnexpanded,  // created as a child; no state, no children yet
  kPending,     // selected as a leaf; its state is stored and it waits for the evaluator
  kExpanded,    // has children (and a state)
  kTerminal,    // the game is over here (state stored; values from returns())
};

struct Node {
  float prior = 0.0f;
  float value_sum = 0.0f;        // for acted_by
  float mover_value_sum = 0.0f;  // for mover (only when expanded)
  float raw_value = 0.0f;        // the evaluator's value for mover, set at expansion (Gumbel)
  int32_t visits = 0;            // completed backups through this node
  int32_t in_flight = 0;         // selections waiting for an evaluation (virtual loss)
  int32_t parent = -1;
  int32_t first_child = -1;
  int32_t num_children = 0;
  int32_t state_index = -1;   // into the state arena; -1 while unexpanded
  Action action = kNoAction;  // the action from the parent
  int8_t acted_by = -1;       // player who applied `action`
  int8_t mover = -1;          // player to move here, once known
  NodeStatus status = NodeStatus::kUnexpanded;
};

template <class State>
class TreeArena {
 public:
  std::vector<Node> nodes;
  std::vector<State> states;

  void clear() {
    nodes.clear();
    states.clear();
  }

  // Appends unexpanded children of `parent` for `count` actions, returning the first index.
  int32_t add_children(int32_t parent, const Action* actions, int count, int8_t acted_by) {
    const int32_t first = static_cast<int32_t>(nodes.size());
    Node child;
    child.parent = parent;
    child.acted_by = acted_by;
    for (int i = 0; i < count; ++i) {
      child.action = actions[i];
      nodes.push_back(child);
    }
    nodes[parent].first_child = first;
    nodes[parent].num_children = count;
    return first;
  }

  int32_t add_state(const State& s) {
    states.push_back(s);
    return static_cast<int32_t>(states.size() - 1);
  }

  // Moves the subtree under `root` into `into` (cleared first) with `root` at index 0, then swaps
  // the two arenas. `queue` is scratch space kept by the caller.
  void keep_subtree(int32_t root, TreeArena& into,
                    std::vector<std::pair<int32_t, int32_t>>& queue) {
    into.clear();
    queue.clear();
    into.nodes.push_back(nodes[root]);
    into.nodes[0].parent = -1;
    queue.emplace_back(root, 0);
    for (size_t head = 0; head < queue.size(); ++head) {
      const auto [old_index, new_index] = queue[head];
      const Node& old_node = nodes[old_index];
      if (old_node.state_index >= 0)
        into.nodes[new_index].state_index = into.add_state(states[old_node.state_index]);
      if (old_node.num_children == 0) continue;
      const int32_t first = static_cast<int32_t>(into.nodes.size());
      into.nodes[new_index].first_child = first;
      for (int i = 0; i < old_node.num_children; ++i) {
        into.nodes.push_back(nodes[old_node.first_child + i]);
        into.nodes.back().parent = new_index;
        queue.emplace_back(old_node.first_child + i, first + i);
      }
    }
    std::swap(nodes, into.nodes);
    std::swap(states, into.states);
    into.clear();
  }
};

}  // namespace hz
