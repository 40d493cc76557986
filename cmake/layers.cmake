# The layers of the code, lowest first (docs/layout.md). A source may
# include headers of its own layer and of the layers below it; an include
# that climbs fails the build: every library names its folders with
# rb_layer(), and a check of those folders' includes runs before the
# library compiles, again whenever one of their files changes
# (cmake/check_layer.cmake). Generated headers count as the folder they
# are generated for (generated/search/... as search/). bench/ and tests/
# sit on top and are not checked.
set(RB_LAYERS core include io variants check perft eval search protocol train run mpi cli)

# rb_layer(TARGET FOLDER [FOLDER...]): TARGET's sources lie in FOLDER (the
# first gives the layer; the others, lower, ride along: include/ with core/).
function(rb_layer target folder)
  set(files)
  foreach(f ${folder} ${ARGN})
    file(GLOB_RECURSE found CONFIGURE_DEPENDS
         ${CMAKE_SOURCE_DIR}/${f}/*.hpp ${CMAKE_SOURCE_DIR}/${f}/*.cpp
         ${CMAKE_SOURCE_DIR}/${f}/*.h ${CMAKE_SOURCE_DIR}/${f}/*.in)
    list(APPEND files ${found})
  endforeach()
  set(stamp ${CMAKE_BINARY_DIR}/layers/${target}.checked)
  add_custom_command(OUTPUT ${stamp}
    COMMAND ${CMAKE_COMMAND} -DSRC=${CMAKE_SOURCE_DIR} "-DLAYERS=${RB_LAYERS}"
            "-DFOLDERS=${folder};${ARGN}" -DSTAMP=${stamp}
            -P ${CMAKE_SOURCE_DIR}/cmake/check_layer.cmake
    DEPENDS ${files} ${CMAKE_SOURCE_DIR}/cmake/check_layer.cmake
            ${CMAKE_SOURCE_DIR}/cmake/layers.cmake
    COMMENT "Checking that ${folder}/ includes no layer above it"
    VERBATIM)
  add_custom_target(${target}_layer DEPENDS ${stamp})
  add_dependencies(${target} ${target}_layer)
endfunction()
