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

# The built-in variants in the order of AllVariants (variants/registry.hpp):
# each one's name, the instruction set its searches are compiled for (the
# CPU features it needs), its type and the header that defines it. A
# variant's generated files include that header alone, so a change to a
# variant recompiles its own searches only; generated checks tie each line
# to the registry (the K-th type, its name and CPU features).
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
