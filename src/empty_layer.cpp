// Source of the layers that have no code yet (see ember_layer in CMakeLists.txt).
