# The layers of the source tree, checked (ctest engine.layering): core, heuristics, parallel, the
# engine and the library (api/) include nothing from tools/; core and heuristics do not include
# the exit codes (engine/exit_code.hpp), which only the front ends map to; the engine's own files
# neither, and none of them writes to stderr. Run as cmake -DSOURCE_DIR=… -P check_layering.cmake.
set(_failures "")
foreach(_folder core heuristics parallel engine api)
  file(GLOB_RECURSE _files ${SOURCE_DIR}/${_folder}/*.hpp ${SOURCE_DIR}/${_folder}/*.cpp
       ${SOURCE_DIR}/${_folder}/*.in)
  foreach(_file IN LISTS _files)
    file(READ ${_file} _text)
    file(RELATIVE_PATH _name ${SOURCE_DIR} ${_file})
    if(_text MATCHES "#include \"tools/")
      list(APPEND _failures "${_name} includes a tools/ header")
    endif()
    if(NOT _folder STREQUAL "api" AND NOT _name STREQUAL "engine/exit_code.hpp"
       AND _text MATCHES "#include \"engine/exit_code.hpp\"")
      list(APPEND _failures "${_name} includes the exit codes")
    endif()
    if(_folder STREQUAL "engine" AND _text MATCHES "std::cerr|std::clog|printf\\(stderr|stderr\\)|STDERR_FILENO")
      list(APPEND _failures "${_name} writes to stderr")
    endif()
  endforeach()
endforeach()
if(_failures)
  list(JOIN _failures "\n  " _message)
  message(FATAL_ERROR "layering:\n  ${_message}")
endif()
message(STATUS "layering: ok")
