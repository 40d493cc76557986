// solve_variant<V> for a third of the variants (see cli/solve_run.hpp).
#include "cli/solve_run_impl.hpp"

namespace rb::cli {

void instantiate_solve_part0() { instantiate_solve_part<0, 3>(); }

}  // namespace rb::cli
