# ctest's install test (cmake -P): installs the build tree into a fresh prefix under WORK_DIR, then
# configures, builds and runs tests/install/consumer against it, and checks its output.
# Variables: BUILD_DIR, SOURCE_DIR, WORK_DIR, GENERATOR, CXX_COMPILER.
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "failed (${code}): ${ARGN}\n${out}\n${err}")
  endif()
  set(run_output "${out}" PARENT_SCOPE)
endfunction()

run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(path bin/npuzzle bin/pdbgen include/npuzzle/npuzzle.hpp)
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
