// The searches, perft and split units of every plug-in slot, compiled once:
// each slot's entry points (search/solver.hpp, perft/) make its plug-in
// active and call these, whose kernels are those of the active plug-in
// (SharedPluginBoard, variants/plugin/plugin.hpp). Compiled for the
// baseline instruction set, as the slots' own files are.
#include "search/instantiate.hpp"
#include "variants/plugin/plugin.hpp"

RB_SEARCH_INSTANCES(, rb::SharedPluginBoard)
