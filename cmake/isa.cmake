# Code compiled per instruction set (docs/isa.md).
#
# The searches (solve, perft) and the micro benchmarks of each built-in
# variant are compiled in a file of their own for the variant's instruction
# set, so that its kernels inline into them; everything else stays portable
# (x86-64-v2). A translation unit compiled with -mavx512f emits, besides its
# entry points, its own copies of every inline function and template it uses
# (the project's and the standard library's), and the linker would merge
# them with the portable copies of the same names, perhaps keeping the
# AVX-512 one for everybody. So each such file is linked alone first
# (ld -r, its comdat groups dissolved) and every symbol it defines but its
# entry points is made local (objcopy): its copies serve it alone, and no
# portable code can reach them. tests/isa_test.py checks the result.

# The built-in variants: the one list of them, which the C++ reads too
# (variants/builtin.hpp includes the header generated from it, below). Each
# line gives a variant's name, the instruction set its searches are compiled
# for (the CPU features it needs), its type and the header that defines it.
# The reference oracle comes first; `all` on the command line skips it. A
# variant's generated files include its header alone, so a change to a
# variant recompiles its own searches only; generated checks tie each line
# to its type (the name and CPU features the type declares). Adding a
# variant: write its folder under variants/ and add its line here (and its
# place in RB_VARIANTS_FASTEST_FIRST).
set(RB_BUILTIN_VARIANT_NAMES)
set(RB_BUILTIN_VARIANT_ISAS)
set(RB_BUILTIN_VARIANT_TYPES)
set(RB_BUILTIN_VARIANT_HEADERS)
macro(rb_builtin_variant name isa type header)
  list(APPEND RB_BUILTIN_VARIANT_NAMES ${name})
  list(APPEND RB_BUILTIN_VARIANT_ISAS ${isa})
  list(APPEND RB_BUILTIN_VARIANT_TYPES ${type})
  list(APPEND RB_BUILTIN_VARIANT_HEADERS ${header})
endmacro()
rb_builtin_variant(reference         portable rb::ReferenceBoard   core/reference.hpp)
rb_builtin_variant(mailbox           portable rb::Mailbox          variants/mailbox/mailbox.hpp)
rb_builtin_variant(mailbox+list      portable rb::MailboxList      variants/mailbox/mailbox.hpp)
rb_builtin_variant(shift             portable rb::Shift            variants/shift/shift.hpp)
rb_builtin_variant(shift+list        portable rb::ShiftList        variants/shift/shift.hpp)
rb_builtin_variant(kindergarten      portable rb::Kindergarten     variants/kindergarten/kindergarten.hpp)
rb_builtin_variant(kindergarten+list portable rb::KindergartenList variants/kindergarten/kindergarten.hpp)
rb_builtin_variant(fast              portable rb::Fast             variants/fast/fast.hpp)
rb_builtin_variant(fast+list         portable rb::FastList         variants/fast/fast.hpp)
rb_builtin_variant(avx2              avx2     rb::Avx2             variants/avx2/avx2.hpp)
rb_builtin_variant(avx2+list         avx2     rb::Avx2List         variants/avx2/avx2.hpp)
rb_builtin_variant(bmi2              bmi2     rb::Bmi2             variants/bmi2/bmi2.hpp)
rb_builtin_variant(bmi2+list         bmi2     rb::Bmi2List         variants/bmi2/bmi2.hpp)
rb_builtin_variant(avx512            avx512   rb::Avx512           variants/avx512/avx512.hpp)
rb_builtin_variant(avx512+list       avx512   rb::Avx512List       variants/avx512/avx512.hpp)
list(LENGTH RB_BUILTIN_VARIANT_NAMES RB_BUILTIN_VARIANTS)

# The built-in variants without their list, fastest first: `-v auto` runs
# the first one this CPU can (its +list twin where the search uses the
# list). Measured with `bench`, variants side by side in alternating rounds
# (results/2026-11-25-presets); a new variant takes its place here.
set(RB_VARIANTS_FASTEST_FIRST avx512 avx2 bmi2 fast kindergarten shift mailbox)

# The C++ side of the list: generated/variants/builtin_list.hpp, included by
# variants/builtin.hpp.
set(rb_headers "")
set(rb_types "")
set(rb_names "")
set(rb_fastest "")
foreach(header ${RB_BUILTIN_VARIANT_HEADERS})
  if(NOT rb_headers MATCHES "\"${header}\"")
    string(APPEND rb_headers "#include \"${header}\"\n")
  endif()
endforeach()
math(EXPR rb_last_builtin "${RB_BUILTIN_VARIANTS} - 1")
foreach(k RANGE ${rb_last_builtin})
  list(GET RB_BUILTIN_VARIANT_TYPES ${k} type)
  list(GET RB_BUILTIN_VARIANT_NAMES ${k} name)
  if(k GREATER 0)
    string(APPEND rb_types ",\n                                ")
  endif()
  string(APPEND rb_types "${type}")
  string(APPEND rb_names "static_assert(${type}::info.name == \"${name}\",\n"
                         "              \"cmake/isa.cmake names this type ${name}, its header another name\");\n")
endforeach()
list(LENGTH RB_VARIANTS_FASTEST_FIRST rb_fastest_count)
foreach(name ${RB_VARIANTS_FASTEST_FIRST})
  if(NOT name IN_LIST RB_BUILTIN_VARIANT_NAMES)
    message(FATAL_ERROR "cmake/isa.cmake: RB_VARIANTS_FASTEST_FIRST names '${name}', which no rb_builtin_variant line lists")
  endif()
  string(APPEND rb_fastest "\"${name}\", ")
endforeach()
file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/generated/variants/builtin_list.hpp CONTENT
     "// Generated from cmake/isa.cmake, the list of the built-in variants\n// (variants/builtin.hpp).\n#pragma once\n\n#include <array>\n#include <string_view>\n\n#include \"core/variant_list.hpp\"\n${rb_headers}\nnamespace rb {\n\nusing AllVariants = VariantList<${rb_types}>;\n\n${rb_names}\ninline constexpr std::array<std::string_view, ${rb_fastest_count}> kVariantsFastestFirst = {\n    ${rb_fastest}};\n\n}  // namespace rb\n")

# The compiler flags of each instruction set: exactly the CPU features of the
# variants compiled for it (core/cpu.hpp), on top of the portable baseline.
set(RB_ISA_FLAGS_portable "")
set(RB_ISA_FLAGS_avx2 -mavx2)
set(RB_ISA_FLAGS_bmi2 -mavx2 -mbmi2)
# AVX-512 without BW and DQ, which the kernels do not use: with BW, GCC
# does 64-bit bitboard logic in mask registers (kmovq, kandnq), whose moves
# to and from the general registers made the legal-move kernel 25% slower.
set(RB_ISA_FLAGS_avx512 -mavx2 -mavx512f -mavx512vl -mavx512cd)

# Variant K (0-based) as the lines above give it; the plug-in slots after
# the built-in variants are portable, have no name of their own at build
# time (OUT_NAME empty) and are PluginBoard<slot>.
function(rb_variant k out_isa out_name out_type out_header)
  if(k LESS RB_BUILTIN_VARIANTS)
    list(GET RB_BUILTIN_VARIANT_NAMES ${k} name)
    list(GET RB_BUILTIN_VARIANT_ISAS ${k} isa)
    list(GET RB_BUILTIN_VARIANT_TYPES ${k} type)
    list(GET RB_BUILTIN_VARIANT_HEADERS ${k} header)
  else()
    math(EXPR slot "${k} - ${RB_BUILTIN_VARIANTS}")
    set(name "")
    set(isa portable)
    set(type "rb::PluginBoard<${slot}>")
    set(header variants/plugin/plugin.hpp)
  endif()
  set(${out_isa} ${isa} PARENT_SCOPE)
  set(${out_name} "${name}" PARENT_SCOPE)
  set(${out_type} "${type}" PARENT_SCOPE)
  set(${out_header} ${header} PARENT_SCOPE)
endfunction()

# rb_isa_object(NAME SOURCE ISA KEEP LINK_TARGET OUT_VAR): SOURCE compiled for
# ISA with the usage requirements of LINK_TARGET. Portable: OUT_VAR is the
# source itself, to be compiled in the library like any other. Otherwise the
# object is isolated as above, keeping global only the symbols matching the
# objcopy wildcard KEEP, and OUT_VAR is that object.
function(rb_isa_object name source isa keep link_target out_var)
  if(isa STREQUAL "portable")
    set(${out_var} ${source} PARENT_SCOPE)
    return()
  endif()
  # Built when a target links it (the micro benchmarks' only on demand).
  add_library(${name}_obj OBJECT EXCLUDE_FROM_ALL ${source})
  target_link_libraries(${name}_obj PRIVATE ${link_target})
  # -fno-gnu-unique: inline variables and the static variables of inline
  # functions get a weak binding objcopy can make local, not GNU_UNIQUE.
  target_compile_options(${name}_obj PRIVATE ${RB_ISA_FLAGS_${isa}} -fno-gnu-unique)
  set(isolated ${CMAKE_BINARY_DIR}/isa/${name}.o)
  add_custom_command(OUTPUT ${isolated}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/isa
    COMMAND ${CMAKE_LINKER} -r --force-group-allocation $<TARGET_OBJECTS:${name}_obj>
            -o ${isolated}.linked
    COMMAND ${CMAKE_OBJCOPY} --wildcard "--keep-global-symbol=${keep}" ${isolated}.linked
            ${isolated}
    DEPENDS ${name}_obj $<TARGET_OBJECTS:${name}_obj>
    COMMENT "Isolating the ${isa} code of ${name}"
    COMMAND_EXPAND_LISTS VERBATIM)
  set_source_files_properties(${isolated} PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
  set(${out_var} ${isolated} PARENT_SCOPE)
endfunction()

# rb_variant_files(KIND KERNEL_HEADER MACRO KEEP LINK_TARGETS OUT_VAR): the
# per-variant files of KIND (search: the searches' entry points; micro: the
# micro benchmarks' kernel loops), one generated file per variant of
# RuntimeVariants (the built-in variants, then the plug-in slots):
# generated/KIND/KIND_K.cpp includes the variant's header and KERNEL_HEADER
# and defines MACRO(, V); it is compiled for the variant's instruction set
# (rb_isa_object with KEEP and LINK_TARGETS). generated/KIND/KIND_list.hpp
# declares them all (MACRO(extern, V)), checks that the K-th is the K-th
# type of RuntimeVariants, and defines RB_<KIND>_VARIANTS, their count.
# OUT_VAR: the sources or isolated objects to compile into a target.
function(rb_variant_files kind kernel_header macro keep link_targets out_var)
  math(EXPR count "${RB_BUILTIN_VARIANTS} + ${RB_PLUGIN_SLOTS}")
  math(EXPR last "${count} - 1")
  string(TOUPPER ${kind} upper)
  set(list_text "#define RB_${upper}_VARIANTS ${count}\n")
  set(sources)
  foreach(k RANGE ${last})
    rb_variant(${k} isa name type header)
    string(APPEND list_text
           "static_assert(std::is_same_v<rb::RuntimeVariantAt<${k}>, ${type}>,\n"
           "              \"cmake/isa.cmake lists the variants in another order than RuntimeVariants\");\n"
           "${macro}(extern, ${type})\n")
    set(check "")
    if(name)
      set(check "RB_CHECK_VARIANT_ISA(${type}, \"${name}\")\n")
    endif()
    set(file ${CMAKE_BINARY_DIR}/generated/${kind}/${kind}_${k}.cpp)
    file(CONFIGURE OUTPUT ${file} CONTENT
         "// Generated by rb_variant_files (cmake/isa.cmake): the ${kind} code of variant\n// ${k} of RuntimeVariants, ${type}, compiled for ${isa} (${kernel_header}).\n#include \"${header}\"\n#include \"core/cpu.hpp\"\n#include \"${kernel_header}\"\n\n${check}${macro}(, ${type})\n")
    rb_isa_object(rb_${kind}_${k} ${file} ${isa} "${keep}" "${link_targets}" object)
    list(APPEND sources ${object})
  endforeach()
  file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/generated/${kind}/${kind}_list.hpp CONTENT
       "// Generated by rb_variant_files (cmake/isa.cmake): the ${kind} code of every\n// variant of RuntimeVariants, compiled once (${kernel_header}).\n#pragma once\n#include <type_traits>\n\n#include \"${kernel_header}\"\n#include \"variants/runtime.hpp\"\n\n${list_text}")
  set(${out_var} ${sources} PARENT_SCOPE)
endfunction()
