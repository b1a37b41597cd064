# The Python package `ember` (docs/python.md): the pybind11 extension `ember._C` built from
# src/python/*.cpp, next to the pure-Python modules of python/ember/, in build/python/ember/, so
#   PYTHONPATH=build/python /usr/bin/python3 -c "import ember"
# works from the build tree. The extension links libember.so when it is built (a small
# extension that loads ember's runtime once), else the static layers.
#
# The interpreter is the one that has PyTorch (Debian's /usr/bin/python3): the tests compare
# with torch, and the extension must match its ABI. Override with -DEMBER_PYTHON=...
set(EMBER_PYTHON /usr/bin/python3 CACHE FILEPATH "Python interpreter the ember extension is built for")
set(Python_EXECUTABLE ${EMBER_PYTHON})   # what pybind11's FindPython mode reads
set(Python3_EXECUTABLE ${EMBER_PYTHON})
# The headers of that interpreter, asked from the interpreter itself: FindPython otherwise may take
# another installation's headers (a pyenv Python first on PATH).
execute_process(COMMAND ${EMBER_PYTHON} -c "import sysconfig; print(sysconfig.get_paths()['include'])"
                OUTPUT_VARIABLE ember_python_include OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE ember_python_rc)
if(ember_python_rc EQUAL 0 AND EXISTS "${ember_python_include}/Python.h")
  set(Python_INCLUDE_DIR ${ember_python_include})
endif()
set(PYBIND11_FINDPYTHON ON)
find_package(pybind11 CONFIG QUIET)
if(NOT pybind11_FOUND)
  message(STATUS "pybind11 not found (Debian: pybind11-dev): the Python package is not built")
  return()
endif()

file(GLOB ember_python_srcs CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/python/*.cpp)
# NO_EXTRAS: no LTO (it made every link of the extension take minutes on two cores).
pybind11_add_module(ember_python MODULE NO_EXTRAS ${ember_python_srcs})
target_include_directories(ember_python PRIVATE ${PROJECT_SOURCE_DIR}/src)
set(ember_python_dir ${CMAKE_BINARY_DIR}/python/ember)
set_target_properties(ember_python PROPERTIES
  OUTPUT_NAME _C
  LIBRARY_OUTPUT_DIRECTORY ${ember_python_dir})
if(TARGET ember_shared)
  target_link_libraries(ember_python PRIVATE ember_shared)
  # build/python/ember -> build/lib, and <prefix>/python/ember -> <prefix>/lib once installed.
  set_target_properties(ember_python PROPERTIES
    BUILD_RPATH "$ORIGIN/../../lib" INSTALL_RPATH "$ORIGIN/../../${CMAKE_INSTALL_LIBDIR}")
else()
  target_link_libraries(ember_python PRIVATE ember_serialization)
endif()

# The pure-Python modules are copied next to the extension on every build (cheap, and the
# package directory stays self-contained for `cmake --install`).
file(GLOB ember_python_pure CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/python/ember/*.py)
add_custom_target(ember_python_files
  COMMAND ${CMAKE_COMMAND} -E make_directory ${ember_python_dir}
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${ember_python_pure} ${ember_python_dir}
  DEPENDS ${ember_python_pure}
  COMMENT "Copying the ember Python package")
add_dependencies(ember_python ember_python_files)
