# cmake -DSRC=DIR -DLAYERS="core;io;..." -DFOLDERS="f;..." [-DSTAMP=FILE]
#       -P cmake/check_layer.cmake
# Fails, naming file:line, when a file under SRC/F (F in FOLDERS) includes
# "X/..." with X a layer after F's own in LAYERS (the first of FOLDERS gives
# the layer). On success touches STAMP. See cmake/layers.cmake.
cmake_policy(SET CMP0007 NEW)  # FOLDERS ends in an empty item when a layer has one folder
list(GET FOLDERS 0 own)
list(FIND LAYERS ${own} own_rank)
if(own_rank LESS 0)
  message(FATAL_ERROR "check_layer: '${own}' is not a layer (${LAYERS})")
endif()
set(errors "")
foreach(folder ${FOLDERS})
  file(GLOB_RECURSE files ${SRC}/${folder}/*.hpp ${SRC}/${folder}/*.cpp ${SRC}/${folder}/*.h
       ${SRC}/${folder}/*.in)
  foreach(file ${files})
    file(STRINGS ${file} lines)
    set(n 0)
    foreach(line IN LISTS lines)
      math(EXPR n "${n} + 1")
      if(line MATCHES "^[ \t]*#[ \t]*include[ \t]*\"([A-Za-z0-9_]+)/")
        set(to ${CMAKE_MATCH_1})
        list(FIND LAYERS ${to} to_rank)
        if(to_rank GREATER own_rank)
          file(RELATIVE_PATH rel ${SRC} ${file})
          string(STRIP "${line}" shown)
          string(APPEND errors "${rel}:${n}: ${shown}: ${to}/ is a layer above ${own}/\n")
        endif()
      endif()
    endforeach()
  endforeach()
endforeach()
if(errors)
  string(REPLACE ";" " < " order "${LAYERS}")
  message(FATAL_ERROR "An include climbs a layer (the layers, lowest first: ${order}; "
                      "docs/layout.md):\n${errors}")
endif()
if(STAMP)
  get_filename_component(dir ${STAMP} DIRECTORY)
  file(MAKE_DIRECTORY ${dir})
  file(TOUCH ${STAMP})
endif()
