// SourceRange lives in the core layer (graph nodes carry source ranges); this header keeps the
// frontend's include path working.
#pragma once

#include "ember/core/source_range.h"
