# libember.so: every layer of the runtime in one shared library, for programs that use ember
# from their own builds (`find_package(ember)` + `ember::ember`, or pkg-config). The in-tree
# tools and tests keep linking the static layers, which link faster and need no RPATH.
#
# The layers are static archives compiled as position-independent code; the shared library
# takes each of them whole (the operator libraries register themselves from static initialisers
# that nothing references). External libraries stay shared dependencies of libember.so, so a
# consumer needs no OpenBLAS, oneDNN, SLEEF or FFTW development files.
# The install directories are needed below for the target's install-side include path: a fresh
# configure must have them before the target is defined (they become cache variables only then).
include(GNUInstallDirs)

set(EMBER_LAYERS ember_tensor ember_core ember_ir ember_passes ember_runtime ember_api
                 ember_frontend ember_serialization ember_export)

add_library(ember_shared SHARED ${PROJECT_SOURCE_DIR}/src/empty_layer.cpp)
set(ember_layer_files "")
foreach(layer IN LISTS EMBER_LAYERS)
  list(APPEND ember_layer_files $<TARGET_FILE:${layer}>)
endforeach()
add_dependencies(ember_shared ${EMBER_LAYERS})
set_target_properties(ember_shared PROPERTIES
  OUTPUT_NAME ember
  EXPORT_NAME ember
  VERSION ${PROJECT_VERSION}
  SOVERSION ${PROJECT_VERSION_MAJOR}
  # The layer archives too: they reach the link through link options, so without this a
  # rebuilt layer did not relink libember.so.
  LINK_DEPENDS "${PROJECT_SOURCE_DIR}/cmake/libember.map;${ember_layer_files}")
# Only ember's own symbols are exported (cmake/libember.map says why and how); the libraries
# ember was built from, and the C++ runtime's instantiations, stay inside.
target_link_options(ember_shared PRIVATE
  -Wl,--whole-archive ${ember_layer_files} -Wl,--no-whole-archive
  -Wl,--version-script=${PROJECT_SOURCE_DIR}/cmake/libember.map
  -Wl,--no-undefined -Wl,--gc-sections)
# The find_library results below are cache variables of the layers that found them; zlib's
# imported target belongs to the serialization layer's scope, so it is found again here.
find_package(ZLIB REQUIRED)
target_link_libraries(ember_shared
  PRIVATE ember_openblas ember_dnnl ${SLEEF_LIBRARY} ${EMBER_GOMP_LIBRARY} ${FFTW3_LIBRARY}
          ${FFTW3F_LIBRARY} ZLIB::ZLIB
  PUBLIC Threads::Threads)
target_include_directories(ember_shared INTERFACE
  $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
target_compile_features(ember_shared INTERFACE cxx_std_20)
add_library(ember::ember ALIAS ember_shared)
