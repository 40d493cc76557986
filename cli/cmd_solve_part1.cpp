// solve_variant<V> for a third of the variants (see cli/solve_run.hpp).
#include "cli/solve_run_impl.hpp"

namespace rb::cli {

void instantiate_solve_part1() { instantiate_solve_part<1, 3>(); }

}  // namespace rb::cli
