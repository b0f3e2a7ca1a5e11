# `cmake --install build --prefix P`: the tools, the benchmark sets they default to (P/share/npuzzle,
# found relative to P/bin: tools/app/data_files.hpp), the Python module when it is built
# (P/lib/python3/dist-packages/npuzzle), the public header, the libraries and a CMake package, so
# another project writes
#   find_package(npuzzle CONFIG REQUIRED)
#   target_link_libraries(app PRIVATE npuzzle::npuzzle)
# The libraries are static: the package carries every npuzzle library the API needs and finds their
# dependencies (oneTBB, Abseil, threads) with find_dependency.
include(CMakePackageConfigHelpers)

set(NPUZZLE_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/npuzzle)
set(NPUZZLE_INSTALL_PYTHONDIR lib/python3/dist-packages
    CACHE STRING "where cmake --install puts the Python module, under the prefix")

foreach(_tool npuzzle pdbgen)
  if(TARGET ${_tool})
    install(TARGETS ${_tool} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  endif()
endforeach()

if(TARGET npuzzle)
  install(FILES ${NPUZZLE_DATA_SETS} DESTINATION ${CMAKE_INSTALL_DATADIR}/npuzzle)
endif()

if(TARGET npuzzle_python)
  install(TARGETS npuzzle_python LIBRARY DESTINATION ${NPUZZLE_INSTALL_PYTHONDIR}/npuzzle)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/python/npuzzle/
          DESTINATION ${NPUZZLE_INSTALL_PYTHONDIR}/npuzzle FILES_MATCHING PATTERN "*.py"
          PATTERN __pycache__ EXCLUDE)
endif()

if(TARGET npuzzle_lib)
  install(TARGETS npuzzle_lib npuzzle_engine npuzzle_parallel npuzzle_pdb npuzzle_heuristics npuzzle_search
                  npuzzle_text npuzzle_core npuzzle_flags
                  npuzzle_warnings
          EXPORT npuzzleTargets
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/npuzzle DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(EXPORT npuzzleTargets NAMESPACE npuzzle:: DESTINATION ${NPUZZLE_INSTALL_CMAKEDIR})
  configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/npuzzleConfig.cmake.in
                                ${PROJECT_BINARY_DIR}/npuzzleConfig.cmake
                                INSTALL_DESTINATION ${NPUZZLE_INSTALL_CMAKEDIR})
  write_basic_package_version_file(${PROJECT_BINARY_DIR}/npuzzleConfigVersion.cmake
                                   COMPATIBILITY SameMinorVersion)
  install(FILES ${PROJECT_BINARY_DIR}/npuzzleConfig.cmake
                ${PROJECT_BINARY_DIR}/npuzzleConfigVersion.cmake
          DESTINATION ${NPUZZLE_INSTALL_CMAKEDIR})
endif()
