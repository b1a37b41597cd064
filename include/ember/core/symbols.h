// All builtin symbol constants: namespaces::*, prim::*, attr::*, aten::*.
#pragma once

#include "ember/core/symbol.h"
#include "ember/core/symbols/aten.h"
#include "ember/core/symbols/attr.h"
#include "ember/core/symbols/namespaces.h"
#include "ember/core/symbols/prim.h"
