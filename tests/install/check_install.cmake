# ctest's install test (cmake -P): installs the build tree into a fresh prefix under WORK_DIR, then
# configures, builds and runs tests/install/consumer against it, and checks its output. Then it
# moves the installed tree elsewhere and checks that it stands alone: `npuzzle bench` reads its
# default set from the tree (share/npuzzle), run from a directory outside the source and build
# trees, the program holds no path into them, and the Python module (when built) imports from the
# tree's lib/python3/dist-packages.
# Variables: BUILD_DIR, SOURCE_DIR, WORK_DIR, GENERATOR, CXX_COMPILER; PYTHON when the Python module
# is built.
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err
                  WORKING_DIRECTORY ${WORK_DIR})
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "failed (${code}): ${ARGN}\n${out}\n${err}")
  endif()
  set(run_output "${out}" PARENT_SCOPE)
endfunction()

file(MAKE_DIRECTORY ${WORK_DIR})
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
set(installed bin/npuzzle bin/pdbgen include/npuzzle/npuzzle.hpp share/npuzzle/korf100.txt
    share/npuzzle/hard80.txt share/npuzzle/korf24_50.txt)
if(PYTHON)
  list(APPEND installed lib/python3/dist-packages/npuzzle/__init__.py)
endif()
foreach(path ${installed})
  if(NOT EXISTS ${prefix}/${path})
    message(FATAL_ERROR "the install has no ${path}")
  endif()
endforeach()
file(GLOB_RECURSE config ${prefix}/npuzzleConfig.cmake)
if(NOT config)
  message(FATAL_ERROR "the install has no npuzzleConfig.cmake")
endif()
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/install/consumer -B ${WORK_DIR}/build -G ${GENERATOR}
    -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${prefix})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
run(${WORK_DIR}/build/consumer)
message(STATUS "consumer: ${run_output}")
if(NOT run_output MATCHES "3x3 solved in 31 moves \\(optimal\\)")
  message(FATAL_ERROR "unexpected output from the consumer: ${run_output}")
endif()

# The tree moved: what it finds, it finds in itself.
set(moved ${WORK_DIR}/moved)
file(RENAME ${prefix} ${moved})
file(STRINGS ${moved}/bin/npuzzle texts LENGTH_MINIMUM 8)
foreach(tree ${SOURCE_DIR} ${BUILD_DIR})
  string(FIND "${texts}" "${tree}/" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "the installed npuzzle holds a path into ${tree}")
  endif()
endforeach()
run(${moved}/bin/npuzzle bench --quiet --ids 55 --heuristic lc)
message(STATUS "bench: ${run_output}")
if(NOT run_output MATCHES "bench: korf100.txt, 1 instance, aida \\+ lc"
   OR NOT run_output MATCHES "\naida +1 +1/1 +1 +0 +0 ")
  message(FATAL_ERROR "unexpected output from the installed npuzzle bench: ${run_output}")
endif()
run(${moved}/bin/npuzzle bench --help)
if(NOT run_output MATCHES "${moved}/share/npuzzle/korf100.txt")
  message(FATAL_ERROR "bench --help does not name the installed set: ${run_output}")
endif()

if(PYTHON)
  set(site ${moved}/lib/python3/dist-packages)
  file(WRITE ${WORK_DIR}/import.py [[
import sys
import npuzzle
assert npuzzle.__file__.startswith(sys.argv[1]), npuzzle.__file__
print(npuzzle.solve("8 6 7 2 5 4 3 0 1", goal="blank-last", heuristic="lc").length)
]])
  run(${CMAKE_COMMAND} -E env PYTHONPATH=${site} PYTHONDONTWRITEBYTECODE=1 ${PYTHON}
      ${WORK_DIR}/import.py ${site})
  message(STATUS "python: ${run_output}")
  if(NOT run_output STREQUAL "31\n")
    message(FATAL_ERROR "unexpected output from the installed Python module: ${run_output}")
  endif()
endif()
