// report_error() (cli/commands.hpp): an exception to its message and exit code.
#include <iostream>
#include <new>
#include <string>

#include <CLI/CLI.hpp>
#include "cli/commands.hpp"
#include "core/errors.hpp"
#include "core/memory.hpp"
#include "core/variant_list.hpp"
#include "io/input.hpp"
#include "io/output.hpp"
#include "variants/plugin/loader.hpp"

namespace rb::cli {

int report_error(const std::exception_ptr& error) {
  // Every message is one line of text, whatever a file name or a file holds.
  auto fail = [](int code, const std::string& what, const std::string& prefix = "") {
    std::cerr << "reversi-bench: error: " << escape_controls(prefix + what) << "\n";
    return code;
  };
  try {
    std::rethrow_exception(error);
  } catch (const InputError& e) {
    return fail(kExitBadInput, e.what());
  } catch (const PluginError& e) {
    return fail(kExitBadInput, e.what(), "--plugin ");
  } catch (const VariantError& e) {
    return fail(kExitBadInput, e.what(), "--variant: ");
  } catch (const UsageError& e) {
    return fail(kExitBadInput, e.what());
  } catch (const ResourceError& e) {
    return fail(kExitBadInput, e.what());
  } catch (const OutputError& e) {
    return fail(kExitBadInput, e.what());
  } catch (const std::bad_alloc&) {
    return fail(kExitBadInput, "out of memory");
  } catch (const CheckFailed& e) {
    return fail(kExitCheckFailed, e.what(), "check failed: ");
  } catch (const std::exception& e) {
    return fail(kExitCheckFailed, e.what(), "internal error: ");
  } catch (...) {
    return fail(kExitCheckFailed, "unknown exception", "internal error: ");
  }
}

}  // namespace rb::cli
