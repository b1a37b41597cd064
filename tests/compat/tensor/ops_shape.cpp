// Adapters for the shape family's differential cases (cases_shape.py).
#include "ember/tensor/ops/shape.h"
#include "harness.h"

namespace ember::compat {
namespace {

std::vector<Tensor> restOf(const std::vector<Tensor>& in, size_t from) {
  return std::vector<Tensor>(in.begin() + static_cast<std::ptrdiff_t>(from), in.end());
}

}  // namespace

EMBER_COMPAT_ADAPTER("to") { return {to(in[0], *dtypeArg(args, "dtype"))}; }
EMBER_COMPAT_ADAPTER("copy_") {
  Tensor d = in[0];
  copy_(d, in[1]);
  return {d};
}
EMBER_COMPAT_ADAPTER("copy_through_view") {
  copy_(select(in[0], 1, 2), in[1]);
  return {in[0]};
}
EMBER_COMPAT_ADAPTER("clone") { return {clone(in[0])}; }
EMBER_COMPAT_ADAPTER("contiguous") { return {contiguous(in[0])}; }

EMBER_COMPAT_ADAPTER("view") { return {view(in[0], intListArg(args, "size"))}; }
EMBER_COMPAT_ADAPTER("reshape") { return {reshape(in[0], intListArg(args, "size"))}; }
EMBER_COMPAT_ADAPTER("as_strided") {
  return {as_strided(in[0], intListArg(args, "size"), intListArg(args, "stride"), optionalIntArg(args, "offset"))};
}
EMBER_COMPAT_ADAPTER("transpose") { return {transpose(in[0], intArg(args, "dim0"), intArg(args, "dim1"))}; }
EMBER_COMPAT_ADAPTER("t") { return {t(in[0])}; }
EMBER_COMPAT_ADAPTER("mT") { return {mT(in[0])}; }
EMBER_COMPAT_ADAPTER("numpy_T") { return {numpy_T(in[0])}; }
EMBER_COMPAT_ADAPTER("permute") { return {permute(in[0], intListArg(args, "dims"))}; }
EMBER_COMPAT_ADAPTER("expand") { return {expand(in[0], intListArg(args, "size"))}; }
EMBER_COMPAT_ADAPTER("squeeze") { return {squeeze(in[0])}; }
EMBER_COMPAT_ADAPTER("squeeze_dim") { return {squeeze(in[0], intArg(args, "dim"))}; }
EMBER_COMPAT_ADAPTER("unsqueeze") { return {unsqueeze(in[0], intArg(args, "dim"))}; }
EMBER_COMPAT_ADAPTER("flatten") { return {flatten(in[0], intArg(args, "start"), intArg(args, "end"))}; }
EMBER_COMPAT_ADAPTER("unflatten") { return {unflatten(in[0], intArg(args, "dim"), intListArg(args, "sizes"))}; }
EMBER_COMPAT_ADAPTER("slice") {
  return {slice(in[0], intArg(args, "dim"), optionalIntArg(args, "start"), optionalIntArg(args, "end"),
                intArg(args, "step", 1))};
}
EMBER_COMPAT_ADAPTER("narrow") {
  return {narrow(in[0], intArg(args, "dim"), intArg(args, "start"), intArg(args, "length"))};
}
EMBER_COMPAT_ADAPTER("select") { return {select(in[0], intArg(args, "dim"), intArg(args, "index"))}; }
EMBER_COMPAT_ADAPTER("split") { return split(in[0], intArg(args, "split_size"), intArg(args, "dim")); }
EMBER_COMPAT_ADAPTER("split_with_sizes") {
  return split_with_sizes(in[0], intListArg(args, "sizes"), intArg(args, "dim"));
}
EMBER_COMPAT_ADAPTER("chunk") { return chunk(in[0], intArg(args, "chunks"), intArg(args, "dim")); }
EMBER_COMPAT_ADAPTER("unbind") { return unbind(in[0], intArg(args, "dim")); }
EMBER_COMPAT_ADAPTER("diagonal") {
  return {diagonal(in[0], intArg(args, "offset"), intArg(args, "dim1"), intArg(args, "dim2"))};
}
EMBER_COMPAT_ADAPTER("movedim") {
  return {movedim(in[0], intListArg(args, "source"), intListArg(args, "destination"))};
}
EMBER_COMPAT_ADAPTER("unfold") {
  return {unfold(in[0], intArg(args, "dim"), intArg(args, "size"), intArg(args, "step"))};
}

EMBER_COMPAT_ADAPTER("cat") { return {cat(in, intArg(args, "dim"))}; }
EMBER_COMPAT_ADAPTER("cat_out") {
  Tensor out = in[0];
  cat_out(out, restOf(in, 1), intArg(args, "dim"));
  return {out};
}
EMBER_COMPAT_ADAPTER("stack") { return {stack(in, intArg(args, "dim"))}; }
EMBER_COMPAT_ADAPTER("flip") { return {flip(in[0], intListArg(args, "dims"))}; }
EMBER_COMPAT_ADAPTER("roll") { return {roll(in[0], intListArg(args, "shifts"), intListArg(args, "dims"))}; }
EMBER_COMPAT_ADAPTER("repeat") { return {repeat(in[0], intListArg(args, "repeats"))}; }
EMBER_COMPAT_ADAPTER("tile") { return {tile(in[0], intListArg(args, "dims"))}; }
EMBER_COMPAT_ADAPTER("tril") { return {tril(in[0], intArg(args, "diagonal"))}; }
EMBER_COMPAT_ADAPTER("triu") { return {triu(in[0], intArg(args, "diagonal"))}; }
EMBER_COMPAT_ADAPTER("tril_") {
  tril_(in[1], intArg(args, "diagonal"));
  return {in[0]};
}
EMBER_COMPAT_ADAPTER("triu_") {
  triu_(in[0], intArg(args, "diagonal"));
  return {in[0]};
}

}  // namespace ember::compat
