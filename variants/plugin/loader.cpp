#include "variants/plugin/loader.hpp"

#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <signal.h>
#include <sys/mman.h>

#include <algorithm>
#include <array>
#include <deque>
#include <utility>
#include <vector>

#include "io/input.hpp"

namespace rb {
namespace {

// The records live as long as the process (the variant infos point into
// them); a deque never moves its elements.
std::deque<LoadedPlugin>& records() {
  static std::deque<LoadedPlugin> r;
  return r;
}

// The real kernels of each slot, kept while the table holds tracing wrappers.
std::array<PluginKernels, kPluginSlots> untraced{};

bool valid_name(std::string_view name) {
  if (name.empty() || name.size() > 32) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

// Whether `address` lies in an executable segment of a loaded object.
bool executable(const void* address) {
  struct Search {
    std::uintptr_t address;
    bool found;
  } search{reinterpret_cast<std::uintptr_t>(address), false};
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* data) {
        auto& s = *static_cast<Search*>(data);
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const ElfW(Phdr)& h = info->dlpi_phdr[i];
          if (h.p_type != PT_LOAD || !(h.p_flags & PF_X)) continue;
          const std::uintptr_t start = info->dlpi_addr + h.p_vaddr;
          if (s.address >= start && s.address < start + h.p_memsz) {
            s.found = true;
            return 1;
          }
        }
        return 0;
      },
      &search);
  return search.found;
}

class Library {
 public:
  Library(void* handle, std::string path) : handle_(handle), path_(std::move(path)) {}
  // A symbol, or null when absent. A symbol that is not code (data
  // exported under an entry point's name) is refused: calling it would jump
  // into data. Code is what lies in an executable segment of the plug-in's
  // file (a function, an IFUNC's resolved target, hand-written assembly).
  template <class Fn>
  Fn find(const char* symbol) const {
    void* address = dlsym(handle_, symbol);
    if (!address) return nullptr;
    if (!executable(address)) {
      throw PluginError(path_ + ": symbol '" + symbol +
                        "' is not a function (it is not in the plug-in's code: data?); the "
                        "rbp_* entry points are functions (include/reversi_bench_plugin.h)");
    }
    return reinterpret_cast<Fn>(address);
  }
  template <class Fn>
  Fn require(const char* symbol) const {
    if (Fn fn = find<Fn>(symbol)) return fn;
    throw PluginError(path_ + ": missing symbol '" + symbol +
                      "' (a plug-in exports rbp_abi_version, rbp_get_info, rbp_legal_moves "
                      "and rbp_flips; see include/reversi_bench_plugin.h)");
  }

 private:
  void* handle_;
  std::string path_;
};

template <int Slot>
Bitboard traced_legal_moves(Bitboard player, Bitboard opponent) {
  trace_plugin_call(Slot, PluginEntry::legal_moves, kNoSquare, player, opponent);
  const Bitboard moves = untraced[Slot].legal_moves(player, opponent);
  trace_plugin_return();
  return moves;
}

template <int Slot>
Bitboard traced_flips(int s, Bitboard player, Bitboard opponent) {
  trace_plugin_call(Slot, PluginEntry::flips, s, player, opponent);
  const Bitboard flipped = untraced[Slot].flips(s, player, opponent);
  trace_plugin_return();
  return flipped;
}

constexpr auto kTracedKernels = []<std::size_t... Slots>(std::index_sequence<Slots...>) {
  return std::array<PluginKernels, kPluginSlots>{
      PluginKernels{&traced_legal_moves<Slots>, &traced_flips<Slots>}...};
}
(std::make_index_sequence<kPluginSlots>{});

}  // namespace

std::string_view entry_name(PluginEntry e) {
  switch (e) {
    case PluginEntry::none:
      return "none";
    case PluginEntry::legal_moves:
      return "rbp_legal_moves";
    case PluginEntry::flips:
      return "rbp_flips";
    case PluginEntry::state_new:
      return "rbp_state_new";
    case PluginEntry::state_free:
      return "rbp_state_free";
    case PluginEntry::play:
      return "rbp_play";
    case PluginEntry::undo:
      return "rbp_undo";
    case PluginEntry::state_get:
      return "rbp_state_get";
    case PluginEntry::count_moves:
      return "rbp_count_moves";
  }
  return "?";
}

const LoadedPlugin& load_plugin(const std::string& path) {
  auto& loaded = records();
  // The system's reason (a symlink loop, a name too long, a directory), and
  // a FIFO or a device refused at once: dlopen() would wait on a FIFO.
  if (const std::string why = check_regular_input(path); !why.empty()) {
    throw PluginError(path + ": cannot load plug-in: " + why);
  }
  // A name without a slash would be looked for in the library path.
  const std::string file = path.find('/') == std::string::npos ? "./" + path : path;
  void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* why = dlerror();
    throw PluginError(path + ": cannot load plug-in: " + (why ? why : "dlopen failed"));
  }
  const Library lib(handle, path);
  // The version first: the one symbol whose signature never changes.
  const auto abi_version = lib.require<rbp_abi_version_fn>("rbp_abi_version");
  if (const std::uint32_t v = abi_version(); v != RBP_ABI_VERSION) {
    throw PluginError(path + ": built for plug-in ABI version " + std::to_string(v) +
                      "; this reversi-bench reads version " + std::to_string(RBP_ABI_VERSION) +
                      " (rebuild it against include/reversi_bench_plugin.h)");
  }
  const auto get_info = lib.require<rbp_get_info_fn>("rbp_get_info");
  PluginEntryPoints entry;
  entry.legal_moves = lib.require<rbp_legal_moves_fn>("rbp_legal_moves");
  entry.flips = lib.require<rbp_flips_fn>("rbp_flips");
  entry.state_new = lib.find<rbp_state_new_fn>("rbp_state_new");
  entry.state_free = lib.find<rbp_state_free_fn>("rbp_state_free");
  entry.play = lib.find<rbp_play_fn>("rbp_play");
  entry.undo = lib.find<rbp_undo_fn>("rbp_undo");
  entry.state_get = lib.find<rbp_state_get_fn>("rbp_state_get");
  entry.count_moves = lib.find<rbp_count_moves_fn>("rbp_count_moves");
  const std::pair<const char*, bool> state_group[] = {
      {"rbp_state_new", entry.state_new != nullptr},
      {"rbp_state_free", entry.state_free != nullptr},
      {"rbp_play", entry.play != nullptr},
      {"rbp_undo", entry.undo != nullptr},
      {"rbp_state_get", entry.state_get != nullptr}};
  const auto present = std::count_if(std::begin(state_group), std::end(state_group),
                                     [](const auto& e) { return e.second; });
  if (present != 0 && present != std::ssize(state_group)) {
    const auto missing = std::find_if(std::begin(state_group), std::end(state_group),
                                      [](const auto& e) { return !e.second; });
    throw PluginError(path + ": missing symbol '" + missing->first +
                      "' (the state entry points rbp_state_new, rbp_state_free, rbp_play, "
                      "rbp_undo and rbp_state_get come all five or none)");
  }
  const rbp_info* info = get_info();
  if (!info || !info->name) throw PluginError(path + ": rbp_get_info() returned no name");
  const std::string name = info->name;
  if (!valid_name(name)) {
    throw PluginError(path + ": rbp_get_info(): the name '" + name +
                      "' is not 1 to 32 characters of a-z, 0-9, '_' and '-'");
  }
  for (const auto& other : loaded) {
    if (other.name == "plugin:" + name) {
      throw PluginError(path + ": a plug-in named '" + name + "' is loaded already, from " +
                        other.path);
    }
  }
  // Checked last, so that a faulty file is reported for its own fault.
  if (loaded.size() >= static_cast<std::size_t>(kPluginSlots)) {
    throw PluginError(path + ": at most " + std::to_string(kPluginSlots) +
                      " plug-ins can be loaded at once");
  }
  LoadedPlugin& p = loaded.emplace_back();
  p.slot = static_cast<int>(loaded.size()) - 1;
  p.path = path;
  p.name = "plugin:" + name;
  p.version = info->version ? info->version : "";
  p.description = std::string(info->description ? info->description : "") + " (plug-in " +
                  p.version + ", " + path + ")";
  p.entry = entry;
  p.info = PluginKernel<0>::info;
  p.info.name = p.name;
  p.info.description = p.description;
  plugin_kernels[static_cast<std::size_t>(p.slot)] = {entry.legal_moves, entry.flips};
  untraced[static_cast<std::size_t>(p.slot)] = {entry.legal_moves, entry.flips};
  return p;
}

void load_plugins(const std::vector<std::string>& paths) {
  for (const auto& path : paths) load_plugin(path);
}

std::vector<const LoadedPlugin*> loaded_plugins() {
  std::vector<const LoadedPlugin*> out;
  for (const auto& p : records()) out.push_back(&p);
  return out;
}

const LoadedPlugin* plugin_in_slot(int slot) {
  auto& loaded = records();
  if (slot < 0 || static_cast<std::size_t>(slot) >= loaded.size()) return nullptr;
  return &loaded[static_cast<std::size_t>(slot)];
}

namespace {

// A signal stack of the thread's own (a plug-in may overflow its stack),
// mapped while the thread lives. At the thread's end the stack it replaced
// is put back before this one is unmapped: a sanitizer runtime that gave
// the thread a stack of its own unmaps that one, never this.
class ThreadSignalStack {
 public:
  ThreadSignalStack() {
    void* memory = mmap(nullptr, kSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) return;
    memory_ = memory;
    stack_t ss{};
    ss.ss_sp = memory_;
    ss.ss_size = kSize;
    installed_ = sigaltstack(&ss, &previous_) == 0;
  }
  ~ThreadSignalStack() {
    if (installed_) {
      stack_t current{};
      if (sigaltstack(nullptr, &current) == 0 && current.ss_sp == memory_) {
        sigaltstack(&previous_, nullptr);
      }
    }
    if (memory_) munmap(memory_, kSize);
  }
  ThreadSignalStack(const ThreadSignalStack&) = delete;
  ThreadSignalStack& operator=(const ThreadSignalStack&) = delete;

 private:
  static constexpr std::size_t kSize = 1 << 16;
  void* memory_ = nullptr;
  stack_t previous_{};
  bool installed_ = false;
};

}  // namespace

PluginCallTrace* first_trace_of_thread() {
  PluginTraceArea* area = plugin_trace_area;
  // More threads than records share the last ones (a report may then name
  // another thread's call); perft and the solver use at most 256.
  plugin_trace_index = std::min(area->threads.fetch_add(1), kTracedThreads - 1);
  static thread_local ThreadSignalStack stack;
  return &area->record[plugin_trace_index];
}

void trace_plugin_kernels(PluginTraceArea* area) {
  plugin_trace_area = area;
  for (const auto& p : records()) {
    const auto slot = static_cast<std::size_t>(p.slot);
    plugin_kernels[slot] = area ? kTracedKernels[slot] : untraced[slot];
  }
}

}  // namespace rb
