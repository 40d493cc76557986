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

# The built-in variants in the order of AllVariants (variants/registry.hpp),
# each with the instruction set its searches are compiled for (the CPU
# features it needs; a generated file checks both against the registry).
set(RB_BUILTIN_VARIANT_ISAS
  reference=portable mailbox=portable mailbox+list=portable shift=portable shift+list=portable
  kindergarten=portable kindergarten+list=portable fast=portable fast+list=portable
  avx2=avx2 avx2+list=avx2 bmi2=bmi2 bmi2+list=bmi2 avx512=avx512 avx512+list=avx512)
list(LENGTH RB_BUILTIN_VARIANT_ISAS RB_BUILTIN_VARIANTS)

# The compiler flags of each instruction set: exactly the CPU features of the
# variants compiled for it (core/cpu.hpp), on top of the portable baseline.
set(RB_ISA_FLAGS_portable "")
set(RB_ISA_FLAGS_avx2 -mavx2)
set(RB_ISA_FLAGS_bmi2 -mavx2 -mbmi2)
# AVX-512 without BW and DQ, which the kernels do not use: with BW, GCC
# does 64-bit bitboard logic in mask registers (kmovq, kandnq), whose moves
# to and from the general registers made the legal-move kernel 25% slower.
set(RB_ISA_FLAGS_avx512 -mavx2 -mavx512f -mavx512vl -mavx512cd)

# The instruction set of variant K (0-based; the plug-in slots after the
# built-in variants are portable).
function(rb_variant_isa k out_isa out_name)
  if(k LESS RB_BUILTIN_VARIANTS)
    list(GET RB_BUILTIN_VARIANT_ISAS ${k} entry)
    string(REPLACE "=" ";" entry "${entry}")
    list(GET entry 0 name)
    list(GET entry 1 isa)
  else()
    set(name "")
    set(isa portable)
  endif()
  set(${out_isa} ${isa} PARENT_SCOPE)
  set(${out_name} "${name}" PARENT_SCOPE)
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
