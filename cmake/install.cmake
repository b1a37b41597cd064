# `cmake --install build --prefix P`: the public headers, libember.so, the `ember` tool, a CMake
# package (P/lib/cmake/ember) and a pkg-config file (P/lib/pkgconfig/ember.pc). docs/install.md
# shows how a project uses them; tests/install/ builds examples/consumer against such a tree.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/ember DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS ember_shared EXPORT emberTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT runtime NAMELINK_COMPONENT dev)
install(TARGETS ember RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

set(ember_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/ember)
install(EXPORT emberTargets NAMESPACE ember:: DESTINATION ${ember_cmake_dir})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/emberConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/emberConfig.cmake
  INSTALL_DESTINATION ${ember_cmake_dir}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_BINDIR)
# 0.x releases promise nothing across minor versions; from 1.0 on, the same major version.
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/emberConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/emberConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/emberConfigVersion.cmake
        DESTINATION ${ember_cmake_dir})

# The .pc file finds its prefix from its own place (pkg-config's ${pcfiledir}), so the installed
# tree can be moved or installed with --prefix at install time.
file(RELATIVE_PATH ember_pc_to_prefix /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
configure_file(${PROJECT_SOURCE_DIR}/cmake/ember.pc.in ${CMAKE_CURRENT_BINARY_DIR}/ember.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/ember.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# The Python package (ember's bindings, when built) goes under P/python/ember.
# The extension is installed as a target so that its RPATH becomes the install one (P/lib).
if(TARGET ember_python)
  install(TARGETS ember_python LIBRARY DESTINATION python/ember)
  install(FILES ${ember_python_pure} DESTINATION python/ember)
endif()
