# The folders of the source tree and which may include which (ctest engine.layering). Each row
# names a folder (its own files, not its subfolders that have a row of their own) and the folders
# its files may include from; an include of any other folder of the project is an arrow up and
# fails. Every library folder also keeps off stderr and the environment, but for the files named
# below with the reason. Run as cmake -DSOURCE_DIR=… -P check_layering.cmake.
cmake_policy(SET CMP0057 NEW)
set(_folders core core/search text heuristics heuristics/pdb parallel engine api python tools tools/pdbgen)
set(_may_include_core "")
set(_may_include_core/search core)
set(_may_include_text core)
set(_may_include_heuristics core)
set(_may_include_heuristics/pdb core heuristics)
set(_may_include_parallel core core/search heuristics heuristics/pdb)
set(_may_include_engine core core/search text heuristics heuristics/pdb parallel)
set(_may_include_api core core/search text heuristics heuristics/pdb parallel engine include)
set(_may_include_python api include)
set(_may_include_tools core core/search text heuristics heuristics/pdb parallel engine api include tools/pdbgen)
set(_may_include_tools/pdbgen core core/search text heuristics heuristics/pdb parallel engine api include tools)
set(_library_folders core core/search text heuristics heuristics/pdb parallel engine api)
# The documented exceptions, "file|what|why".
set(_allowed
    "core/generate/duplicate_moves_main.cpp|stderr|a build-time generator's own usage and errors"
    "heuristics/pdb/catalogue.cpp|environment|NPUZZLE_PDB_DIR, XDG_CACHE_HOME, HOME: the default database folder (docs/heuristics-and-databases.md)"
    "heuristics/pdb/file.cpp|environment|NPUZZLE_PDB_HUGE_PAGES=0: map the files instead of copying them to huge pages (docs/heuristics-and-databases.md)"
    "parallel/mpi_world.cpp|environment|the MPI launcher's variables, to tell a run under mpirun"
    "engine/checkpoint_signature.cpp|environment|XDG_STATE_HOME, HOME: where the signing key lives (docs/checkpoints.md)"
    "engine/search_dispatch.hpp|environment|NPUZZLE_AIDA_GROWTH, NPUZZLE_AIDA_NODES, NPUZZLE_AIDA_ORDER: measurement settings of A*+IDA* (docs/algorithms.md)")

function(_folder_of _path _out)
  set(_best "")
  foreach(_folder IN LISTS _folders ITEMS include)
    string(LENGTH "${_folder}/" _length)
    string(LENGTH "${_best}" _best_length)
    string(SUBSTRING "${_path}" 0 ${_length} _head)
    if(_head STREQUAL "${_folder}/" AND _length GREATER _best_length)
      set(_best "${_folder}")
    endif()
  endforeach()
  set(${_out} "${_best}" PARENT_SCOPE)
endfunction()

set(_failures "")
foreach(_folder IN LISTS _folders)
  file(GLOB_RECURSE _files ${SOURCE_DIR}/${_folder}/*.hpp ${SOURCE_DIR}/${_folder}/*.cpp
       ${SOURCE_DIR}/${_folder}/*.in)
  foreach(_file IN LISTS _files)
    file(RELATIVE_PATH _name ${SOURCE_DIR} ${_file})
    _folder_of("${_name}" _own)
    if(NOT _own STREQUAL _folder)
      continue()  # a subfolder with its own row
    endif()
    file(STRINGS ${_file} _includes REGEX "^#include \"[^\"]+\"")
    foreach(_line IN LISTS _includes)
      string(REGEX REPLACE "^#include \"([^\"]+)\".*" "\\1" _included "${_line}")
      _folder_of("${_included}" _target)
      if(_target STREQUAL "" OR _target STREQUAL _folder)
        continue()
      endif()
      if(NOT _target IN_LIST _may_include_${_folder})
        list(APPEND _failures "${_name} includes ${_included} (${_folder} may include: ${_may_include_${_folder}})")
      endif()
    endforeach()
    if(_folder IN_LIST _library_folders)
      file(READ ${_file} _text)
      if(_text MATCHES "std::cerr|std::clog|[(, ]stderr[),]|STDERR_FILENO" AND NOT "${_allowed}" MATCHES "${_name}\\|stderr")
        list(APPEND _failures "${_name} writes to stderr")
      endif()
      if(_text MATCHES "getenv|environ\\b" AND NOT "${_allowed}" MATCHES "${_name}\\|environment")
        list(APPEND _failures "${_name} reads the environment")
      endif()
      if(NOT _name STREQUAL "engine/exit_code.hpp" AND NOT _folder STREQUAL "api"
         AND _text MATCHES "#include \"engine/exit_code.hpp\"")
        list(APPEND _failures "${_name} includes the exit codes, which only the front ends map to")
      endif()
    endif()
  endforeach()
endforeach()
if(_failures)
  list(JOIN _failures "\n  " _message)
  message(FATAL_ERROR "layering:\n  ${_message}")
endif()
message(STATUS "layering: ok")
