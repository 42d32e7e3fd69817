// Compiled by the test Layers.UpwardIncludeDoesNotCompile (CMakeLists.txt) with the include root
// of the games layer, as every file of cpp/games/ is: games/ headers are found, search/ headers,
// of a layer above, are not (docs/design.md, Layout).
#include "games/game.h"
#include "search/mcts.h"
