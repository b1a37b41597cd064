// A fusion group ending in `aten::cat` of a `prim::ListConstruct` (the pass puts the
// concatenation in a group when its result is the group's only output). Each piece's chain is
// compiled as a tile program of its own and written straight into its slice of the result, so
// the pieces are never materialised as tensors; a piece that is a group input is copied into
// its slice. Sizes are read at run time (a piece's shape is the broadcast of what it reads).
// PyTorch 1.13's NNC does the same with one loop nest per piece.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "ember/core/ivalue.h"
#include "runtime/fuser/tile_program.h"

namespace ember::jit {

class Graph;

// The pieces compiled for one input signature: a program per piece, or nullopt for a piece
// that is a group input.
struct CatProgram {
  std::vector<std::optional<TileProgram>> pieces;
};

class FusedCat {
 public:
  // nullptr when `subgraph` does not end in such a cat (its only output, of a constant dim).
  static std::unique_ptr<FusedCat> of(const Graph& subgraph);

  // nullopt when a piece's chain is not covered by the tile programs (the group runs unfused).
  std::optional<CatProgram> compile(const IValue* inputs) const;

  // Fills `out` with the concatenation; false, leaving `out` unset, when these inputs need the
  // unfused operators (pieces of other dtypes, ranks or sizes: cat raises PyTorch's error).
  bool run(const CatProgram& program, const IValue* inputs, size_t numInputs, Tensor& out) const;

  size_t numPieces() const { return pieces_.size(); }

 private:
  struct Piece {
    int input = -1;                // the group input this piece is, or -1
    std::shared_ptr<Graph> chain;  // else the nodes computing it, over the group's inputs
  };
  int64_t dim_ = 0;
  std::vector<Piece> pieces_;
};

}  // namespace ember::jit
