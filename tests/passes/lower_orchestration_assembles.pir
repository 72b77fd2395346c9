// RUN: lower-orchestration-assembles
// `out = x` of a whole tensor: a copy loop in an InCore scope; the tile is the whole 16 x 64 source (it fits 16 KiB)
program {
  Orchestration f(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> o) {
    o = tensor.assemble(o, x, {0, 0});
  }
}
// EXPECTED:
program {
  Orchestration f(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> o) {
    scope incore "copy_o" {
      for (index copy_r : range(0, 16, 16)) {
        for (index copy_c : range(0, 64, 64)) {
          Tile<fp32, 16, 64, Vec> copy_x = tile.load(x, {copy_r, copy_c}, {16, 64});
          o = tile.store(copy_x, {0 + copy_r, 0 + copy_c}, o);
        }
      }
    }
  }
}
// -----
// RUN: lower-orchestration-assembles
// a window at offsets, bound to a new name: the copy stores at offset + position, then the name is the target; a ragged 20 x 60 source copies in 20 x 64 tiles (whole 32-byte rows), 2000 columns in 4 x 1024 tiles (rows of at most 4 KiB)
program {
  Orchestration f(In Tensor<fp32, 20, 60> x, In Tensor<fp32, 8, 2000> y, InOut Tensor<fp32, 64, 2048> o) {
    Tensor<fp32, 64, 2048> r = tensor.assemble(o, x, {8, 16});
    scope runtime {
      o = tensor.assemble(o, y, {40, 0});
    }
  }
}
// EXPECTED:
program {
  Orchestration f(In Tensor<fp32, 20, 60> x, In Tensor<fp32, 8, 2000> y, InOut Tensor<fp32, 64, 2048> o) {
    scope incore "copy_o" {
      for (index copy_r : range(0, 20, 20)) {
        for (index copy_c : range(0, 60, 64)) {
          Tile<fp32, 20, 64, Vec> copy_x = tile.load(x, {copy_r, copy_c}, {20, 64});
          o = tile.store(copy_x, {8 + copy_r, 16 + copy_c}, o);
        }
      }
    }
    Tensor<fp32, 64, 2048> r = o;
    scope runtime {
      scope incore "copy_o" {
        for (index copy_r_1 : range(0, 8, 4)) {
          for (index copy_c_1 : range(0, 2000, 1024)) {
            Tile<fp32, 4, 1024, Vec> copy_y = tile.load(y, {copy_r_1, copy_c_1}, {4, 1024});
            o = tile.store(copy_y, {40 + copy_r_1, 0 + copy_c_1}, o);
          }
        }
      }
    }
  }
}
// -----
// RUN: lower-orchestration-assembles
// dynamic dims are read in the orchestration (tensor.dim) and bound the loops; a dynamic row count takes the 16 KiB / row tile's rows
program {
  index n;

  Orchestration f(In Tensor<fp16, n, 48> x, Out Tensor<fp16, n, 48> o) {
    o = tensor.assemble(o, x, {0, 0});
  }
}
// EXPECTED:
program {
  index n;

  Orchestration f(In Tensor<fp16, n, 48> x, Out Tensor<fp16, n, 48> o) {
    index x_d0 = tensor.dim(x, 0);
    scope incore "copy_o" {
      for (index copy_r : range(0, x_d0, 170)) {
        for (index copy_c : range(0, 48, 48)) {
          Tile<fp16, 170, 48, Vec> copy_x = tile.load(x, {copy_r, copy_c}, {170, 48});
          o = tile.store(copy_x, {0 + copy_r, 0 + copy_c}, o);
        }
      }
    }
  }
}
// -----
// RUN: lower-orchestration-assembles
// must not change: an assemble inside an InCore scope or in a kernel is kernel code; a source that is an expression is left to the printer
program {
  InCore k(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> o) {
    o = tensor.assemble(o, x, {0, 0});
  }
  Orchestration f(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> o) {
    scope incore {
      o = tensor.assemble(o, x, {0, 0});
    }
    o = tensor.assemble(o, tensor.exp(x), {0, 0});
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: lower-orchestration-assembles
// a copy of a rank-3 tensor at orchestration level is an error at the statement
program {
  Orchestration f(In Tensor<fp32, 2, 16, 64> x, Out Tensor<fp32, 2, 16, 64> o) {
    o = tensor.assemble(o, x, {0, 0, 0}); // EXPECTED-ERROR: OA001 {{copying 'x' (rank 3) into 'o' at orchestration level: the generated copy kernel copies rank-1 and rank-2 tensors only}}
  }
}
// -----
// RUN: lower-orchestration-assembles
// a rank-1 copy goes through [1, n] row views of both tensors (a dynamic length read by tensor.dim)
program {
  index n;

  Orchestration f(In Tensor<int32, n> x, InOut Tensor<int32, 100> o) {
    o = tensor.assemble(o, x, {4});
  }
}
// EXPECTED:
program {
  index n;

  Orchestration f(In Tensor<int32, n> x, InOut Tensor<int32, 100> o) {
    index x_d0 = tensor.dim(x, 0);
    Tensor<int32, 1, x_d0> x_row = tensor.reshape(x, {1, x_d0});
    Tensor<int32, 1, 100> o_row = tensor.reshape(o, {1, 100});
    index x_row_d1 = tensor.dim(x_row, 1);
    scope incore "copy_o" {
      for (index copy_r : range(0, 1, 1)) {
        for (index copy_c : range(0, x_row_d1, 1024)) {
          Tile<int32, 1, 1024, Vec> copy_x_row = tile.load(x_row, {copy_r, copy_c}, {1, 1024});
          o_row = tile.store(copy_x_row, {0 + copy_r, 4 + copy_c}, o_row);
        }
      }
    }
  }
}
