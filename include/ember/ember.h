// Everything public in ember.
#pragma once

#include "ember/tensor.h"
