// The ember tensor library: include this to use tensors from C++.
#pragma once

#include "ember/error.h"
#include "ember/tensor/allocator.h"
#include "ember/tensor/device.h"
#include "ember/tensor/dispatch.h"
#include "ember/tensor/parallel.h"
#include "ember/tensor/scalar.h"
#include "ember/tensor/scalar_type.h"
#include "ember/tensor/storage.h"
#include "ember/tensor/tensor.h"
#include "ember/tensor/tensor_options.h"
#include "ember/tensor/ops/factory.h"
