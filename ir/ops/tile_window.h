// Tiles are 2-D; tensors have any rank. How a tile.load window of rank != 2 becomes a 2-D tile
// and which window of a tensor a 2-D tile covers (FlattenTileNdTo2D, pipeline pass 15): shared
// by tile.load / tile.store's type rules, the passes that clip and bound windows, and the
// emitters.
#pragma once

#include "ir/expr.h"

namespace pl::ir {

/// The 2-D tile of a load window's dims (or of its valid shape): a row [D] is [1, D];
/// [d0, .., dn-2, C] is [d0·…·dn-2, C] (constant 1s dropped from the product, constants
/// folded); a 2-D window is itself. Empty for an empty window.
ExprList windowTileDims(const ExprList &window, const Span &span = {});

/// The window extents a 2-D tile of shape `tile` covers in a tensor of rank `rank`
/// (tile.store's rule): leading 1s, then the tile's rows and columns; in a rank-1 tensor a
/// [1, D] tile covers [D]. Nullopt when the tile does not fit the rank.
std::optional<ExprList> tileWindowExtents(size_t rank, const ExprList &tile);

} // namespace pl::ir
