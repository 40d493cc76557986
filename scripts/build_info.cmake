# Writes build_info.hpp at build time, so that the recorded commit is the one
# built (with "-dirty" when the work tree has changes). configure_file only
# rewrites the file when its content changes.
# Inputs: SRC, OUT, TEMPLATE, COMPILER, BUILD_TYPE, FLAGS, VERSION.
set(RB_COMMIT "unknown")
find_package(Git QUIET)
if(GIT_FOUND)
  execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --short=12 HEAD WORKING_DIRECTORY ${SRC}
                  OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET
                  RESULT_VARIABLE rc)
  if(rc EQUAL 0 AND commit)
    set(RB_COMMIT ${commit})
    execute_process(COMMAND ${GIT_EXECUTABLE} diff --quiet HEAD -- WORKING_DIRECTORY ${SRC}
                    RESULT_VARIABLE dirty ERROR_QUIET)
    if(NOT dirty EQUAL 0)
      set(RB_COMMIT "${RB_COMMIT}-dirty")
    endif()
  endif()
endif()
set(CMAKE_CXX_COMPILER_ID_AND_VERSION ${COMPILER})
set(CMAKE_BUILD_TYPE ${BUILD_TYPE})
set(RB_BUILD_FLAGS ${FLAGS})
set(RB_VERSION ${VERSION})
configure_file(${TEMPLATE} ${OUT} @ONLY)
