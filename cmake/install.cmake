# `cmake --install <build> --prefix P` (docs/cmake.md): pl-translate and pl-opt in P/bin, the
# clang-tidy module libplTidy.so in P/lib (and its wrapper P/bin/pl-clang-tidy), the
# DSL and simulator headers (the whole dsl/include tree) in P/include, the docs and the example
# project in P/share/doc/pl, and the CMake package in P/lib/cmake/pl.
include(CMakePackageConfigHelpers)

set(PL_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/pl)

install(DIRECTORY ${PL_ROOT}/dsl/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS pl_dsl pl_sim EXPORT plTargets)

# The tools link the shared libLLVM/libclang-cpp of /usr/lib/llvm-19/lib: the installed copies
# keep that search path (the build tree's RUNPATH is dropped on install).
foreach(tool IN ITEMS pl-translate pl-opt)
  if(TARGET ${tool})
    string(REPLACE "pl-" "" name ${tool})
    set_target_properties(${tool} PROPERTIES EXPORT_NAME ${name} INSTALL_RPATH_USE_LINK_PATH TRUE)
    add_executable(pl::${name} ALIAS ${tool})
    install(TARGETS ${tool} EXPORT plTargets RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  endif()
endforeach()

# The clang-tidy plugin module (docs/editor.md): P/lib/libplTidy.so, target pl::tidy.
if(TARGET plTidy)
  set_target_properties(plTidy PROPERTIES EXPORT_NAME tidy INSTALL_RPATH_USE_LINK_PATH TRUE)
  install(TARGETS plTidy EXPORT plTargets LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(PROGRAMS ${PL_TIDY_WRAPPER_INSTALL} DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

install(EXPORT plTargets NAMESPACE pl:: DESTINATION ${PL_INSTALL_CMAKEDIR})
configure_package_config_file(${PL_ROOT}/cmake/plConfig.cmake.in
                              ${CMAKE_CURRENT_BINARY_DIR}/plConfig.cmake
                              INSTALL_DESTINATION ${PL_INSTALL_CMAKEDIR}
                              PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_DOCDIR)
# 0.x: a minor version may change the DSL, so only the same major.minor is compatible.
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/plConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/plConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/plConfigVersion.cmake
              ${PL_ROOT}/cmake/plKernels.cmake
        DESTINATION ${PL_INSTALL_CMAKEDIR})

install(FILES ${PL_ROOT}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PL_ROOT}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PL_ROOT}/examples/cmake_project DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples)
