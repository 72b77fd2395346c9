// RUN: legalize-graph-boundary
// a scalar derived from a parameter is hoisted: a new trailing parameter of the graph, computed at every call site (Scalar direction)
program {
  AIV k(In Tensor<fp32, 16> x, In index o, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    return y;
  }

  Graph g(In Tensor<fp32, 16> x, In index l, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    index off = l * 32;
    Tensor<fp32, 16> y2 = k(x, off, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    return y;
  }

  Orchestration main(In Tensor<fp32, 16> x, InOut Tensor<fp32, 16> y) {
    for (index i : range(0, 4, 1)) {
      Tensor<fp32, 16> r = g(x, i, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    }
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16> x, In index o, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    return y;
  }

  Graph g(In Tensor<fp32, 16> x, In index l, InOut Tensor<fp32, 16> y, In index off_1) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> y2 = k(x, off_1, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    return y;
  }

  Orchestration main(In Tensor<fp32, 16> x, InOut Tensor<fp32, 16> y) {
    for (index i : range(0, 4, 1)) {
      index off_2 = i * 32;
      Tensor<fp32, 16> r = g(x, i, y, off_2) [[arg_directions = ["Input", "Scalar", "InOut", "Scalar"]]];
    }
    return;
  }
}

// -----
// RUN: legalize-graph-boundary
// a chain of derived scalars is expanded down to the parameters at the call site; one value passed to two kernels is one parameter
program {
  AIV k(In Tensor<fp32, 16> x, In index o, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    return y;
  }

  Graph g(In Tensor<fp32, 16> x, In index l, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    index a = l + 1;
    index off = a * 32;
    Tensor<fp32, 16> y2 = k(x, off, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    Tensor<fp32, 16> y3 = k(x, off, y2) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    return y;
  }

  Orchestration main(In Tensor<fp32, 16> x, InOut Tensor<fp32, 16> y, In index n) {
    Tensor<fp32, 16> r = g(x, n - 1, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16> x, In index o, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    return y;
  }

  Graph g(In Tensor<fp32, 16> x, In index l, InOut Tensor<fp32, 16> y, In index off) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> y2 = k(x, off, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    Tensor<fp32, 16> y3 = k(x, off, y2) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    return y;
  }

  Orchestration main(In Tensor<fp32, 16> x, InOut Tensor<fp32, 16> y, In index n) {
    index off = (n - 1 + 1) * 32;
    Tensor<fp32, 16> r = g(x, n - 1, y, off) [[arg_directions = ["Input", "Scalar", "InOut", "Scalar"]]];
    return;
  }
}

// -----
// RUN: legalize-graph-boundary
// a converted parameter is hoisted with its conversion: the kernel gets the graph's own slot
program {
  AIV kf(In Tensor<fp32, 16> x, In fp32 s, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    return y;
  }

  Graph g(In Tensor<fp32, 16> x, In index l, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    fp32 s = cast<fp32>(l);
    Tensor<fp32, 16> y2 = kf(x, s, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    return y;
  }

  Orchestration main(In Tensor<fp32, 16> x, InOut Tensor<fp32, 16> y) {
    for (index i : range(0, 4, 1)) {
      Tensor<fp32, 16> r = g(x, i, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    }
    return;
  }
}
// EXPECTED:
program {
  AIV kf(In Tensor<fp32, 16> x, In fp32 s, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    return y;
  }

  Graph g(In Tensor<fp32, 16> x, In index l, InOut Tensor<fp32, 16> y, In fp32 s) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> y2 = kf(x, s, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    return y;
  }

  Orchestration main(In Tensor<fp32, 16> x, InOut Tensor<fp32, 16> y) {
    for (index i : range(0, 4, 1)) {
      fp32 s = cast<fp32>(i);
      Tensor<fp32, 16> r = g(x, i, y, s) [[arg_directions = ["Input", "Scalar", "InOut", "Scalar"]]];
    }
    return;
  }
}

// -----
// RUN: legalize-graph-boundary
// must not change: the parameter passed on unchanged, constants, a constant-bound loop's variable and a tensor's shape are slots or fixed data
program {
  AIV k(In Tensor<fp32, 16> x, In index o, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    return y;
  }

  Graph g(In Tensor<fp32, 16> x, In index l, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> y2 = k(x, l, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    Tensor<fp32, 16> y3 = k(x, 7, y2) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    for (index j : range(0, 2, 1)) {
      index o = j * 8 + tensor.dim(x, 0);
      Tensor<fp32, 16> y4 = k(x, o, y3) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    }
    return y;
  }

  Orchestration main(In Tensor<fp32, 16> x, InOut Tensor<fp32, 16> y) {
    for (index i : range(0, 4, 1)) {
      Tensor<fp32, 16> r = g(x, i, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    }
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: legalize-graph-boundary
// must not change: no graph function
program {
  AIV k(In Tensor<fp32, 16> x, In index o, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    return y;
  }

  Orchestration main(In Tensor<fp32, 16> x, InOut Tensor<fp32, 16> y) {
    Tensor<fp32, 16> r = k(x, 3, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: legalize-graph-boundary
// a parameter mixed with a loop variable has no slot and is not fixed
program {
  AIV k(In Tensor<fp32, 16> x, In index o, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    return y;
  }

  Graph g(In Tensor<fp32, 16> x, In index l, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    for (index j : range(0, 2, 1)) {
      index o = j + l;
      Tensor<fp32, 16> y2 = k(x, o, y) [[arg_directions = ["Input", "Scalar", "InOut"]]]; // EXPECTED-ERROR: GB001 {{graph 'g' passes 'o' to 'k', a value the call site cannot compute from the graph's scalar parameters}}
    }
    return y;
  }

  Orchestration main(In Tensor<fp32, 16> x, InOut Tensor<fp32, 16> y) {
    for (index i : range(0, 4, 1)) {
      Tensor<fp32, 16> r = g(x, i, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    }
    return;
  }
}
// EXPECTED:
program {
}

// -----
// RUN: legalize-graph-boundary
// a loop bound depending on a parameter would replay the first call's trip count
program {
  AIV k(In Tensor<fp32, 16> x, In index o, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    return y;
  }

  Graph g(In Tensor<fp32, 16> x, In index l, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    for (index j : range(0, l, 1)) { // EXPECTED-ERROR: GB002 {{graph 'g' has a loop whose bound 'l' depends on the call}}
      Tensor<fp32, 16> y2 = k(x, 0, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    }
    return y;
  }

  Orchestration main(In Tensor<fp32, 16> x, InOut Tensor<fp32, 16> y) {
    for (index i : range(0, 4, 1)) {
      Tensor<fp32, 16> r = g(x, i, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    }
    return;
  }
}
// EXPECTED:
program {
}

// -----
// RUN: legalize-graph-boundary
// a branch on a parameter would replay the first call's branch
program {
  AIV k(In Tensor<fp32, 16> x, In index o, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    return y;
  }

  Graph g(In Tensor<fp32, 16> x, In index l, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    if (l > 2) { // EXPECTED-ERROR: GB002 {{graph 'g' branches on 'l > 2', which depends on the call}}
      Tensor<fp32, 16> y2 = k(x, 0, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    }
    return y;
  }

  Orchestration main(In Tensor<fp32, 16> x, InOut Tensor<fp32, 16> y) {
    for (index i : range(0, 4, 1)) {
      Tensor<fp32, 16> r = g(x, i, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    }
    return;
  }
}
// EXPECTED:
program {
}

// -----
// RUN: legalize-graph-boundary
// a view whose offset depends on a parameter would replay the first call's window
program {
  AIV k(In Tensor<fp32, 16> x, In index o, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    return y;
  }

  Graph g(In Tensor<fp32, 16> x, In index l, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    Tensor<fp32, 8> w = tensor.slice(x, {8}, {l}); // EXPECTED-ERROR: GB003 {{graph 'g' computes 'tensor.slice' with a shape or offset '{l}' that depends on the call}}
    Tensor<fp32, 16> y2 = k(x, 0, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    return y;
  }

  Orchestration main(In Tensor<fp32, 16> x, InOut Tensor<fp32, 16> y) {
    for (index i : range(0, 4, 1)) {
      Tensor<fp32, 16> r = g(x, i, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    }
    return;
  }
}
// EXPECTED:
program {
}

// -----
// RUN: legalize-graph-boundary
// reading tensor data on the host is not a task
program {
  AIV k(In Tensor<fp32, 16> x, In index o, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    return y;
  }

  Graph g(In Tensor<fp32, 16> x, In index l, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    fp32 v = tensor.read(x, {0}); // EXPECTED-ERROR: GB004 {{graph 'g' accesses tensor data on the host ('tensor.read')}}
    Tensor<fp32, 16> y2 = k(x, 0, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    return y;
  }

  Orchestration main(In Tensor<fp32, 16> x, InOut Tensor<fp32, 16> y) {
    for (index i : range(0, 4, 1)) {
      Tensor<fp32, 16> r = g(x, i, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    }
    return;
  }
}
// EXPECTED:
program {
}

// -----
// RUN: legalize-graph-boundary
// a graph returns only its own tensor parameters
program {
  AIV k(In Tensor<fp32, 16> x, In index o, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    return y;
  }

  Graph g(In Tensor<fp32, 16> x, In index l, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> t = tensor.create({16}, {.dtype = fp32});
    Tensor<fp32, 16> y2 = k(x, 0, t) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    return y2; // EXPECTED-ERROR: GB005 {{graph 'g' returns 'y2', which is not one of its tensor parameters}}
  }

  Orchestration main(In Tensor<fp32, 16> x, InOut Tensor<fp32, 16> y) {
    for (index i : range(0, 4, 1)) {
      Tensor<fp32, 16> r = g(x, i, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    }
    return;
  }
}
// EXPECTED:
program {
}

// -----
// RUN: legalize-graph-boundary
// GB006: a graph calling a graph cannot be recorded inside the recording
program {
  AIV k(In Tensor<fp32, 16> x, In index o, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    return y;
  }

  Graph inner(In Tensor<fp32, 16> x, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> y2 = k(x, 0, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    return y;
  }

  Graph g(In Tensor<fp32, 16> x, In index l, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> y2 = inner(x, y) [[arg_directions = ["Input", "InOut"]]]; // EXPECTED-ERROR: GB006 {{graph 'g' calls graph 'inner'; the runtime cannot record a graph inside a graph being recorded}}
    return y;
  }
}
// EXPECTED:
program {
}

// -----
// RUN: legalize-graph-boundary
// GB007: a graph body submits kernels only
program {
  AIV k(In Tensor<fp32, 16> x, In index o, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    return y;
  }

  Orchestration helper(In Tensor<fp32, 16> x, InOut Tensor<fp32, 16> y) {
    Tensor<fp32, 16> r = k(x, 1, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    return;
  }

  Graph g(In Tensor<fp32, 16> x, In index l, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    helper(x, y) [[arg_directions = ["Input", "InOut"]]]; // EXPECTED-ERROR: GB007 {{graph 'g' calls 'helper', a Orchestration function; a graph body submits kernels only}}
    Tensor<fp32, 16> y2 = k(x, 0, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    return y;
  }
}
// EXPECTED:
program {
}

// -----
// RUN: legalize-graph-boundary
// a submit with dependencies inside a graph
program {
  AIV k(In Tensor<fp32, 16> x, In index o, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    return y;
  }

  Graph g(In Tensor<fp32, 16> x, In index l, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    Tuple<Tensor<fp32, 16>, task_id> t = submit k(x, 0, y) [[arg_directions = ["Input", "Scalar", "InOut"]]]; // EXPECTED-ERROR: GB008 {{graph 'g' submits 'k' with a task id or dependencies}}
    return y;
  }

  Orchestration main(In Tensor<fp32, 16> x, InOut Tensor<fp32, 16> y) {
    for (index i : range(0, 4, 1)) {
      Tensor<fp32, 16> r = g(x, i, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    }
    return;
  }
}
// EXPECTED:
program {
}

// -----
// RUN: legalize-graph-boundary
// GB009: a graph without a kernel call has nothing to record
program {
  // EXPECTED-ERROR: GB009 {{graph 'g' calls no kernel: there is no task to record}}
  Graph g(In Tensor<fp32, 16> x, In index l, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    return y;
  }
}
// EXPECTED:
program {
}

// -----
// RUN: legalize-graph-boundary
// GB010: more scalars than one task argument list holds
program {
  AIV k(In Tensor<fp32, 16> x, In index o, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    return y;
  }

  // EXPECTED-ERROR: GB010 {{graph 'g' has 2 tensor and 17 scalar parameters (hoisted values included)}}
  Graph g(In Tensor<fp32, 16> x, InOut Tensor<fp32, 16> y, In index a0, In index a1, In index a2, In index a3, In index a4, In index a5, In index a6, In index a7, In index a8, In index a9, In index a10, In index a11, In index a12, In index a13, In index a14, In index a15, In index a16) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> y2 = k(x, a0, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    return y;
  }
}
// EXPECTED:
program {
}
// -----
// RUN: legalize-graph-boundary
// a graph launched by submit (with its dependencies and task id) gets the hoisted argument at the submit site too; the dependencies stay
program {
  AIV k(In Tensor<fp32, 16> x, In index o, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    return y;
  }

  Graph g(In Tensor<fp32, 16> x, In index l, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    index off = l * 32;
    Tensor<fp32, 16> y2 = k(x, off, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    return y;
  }

  Orchestration main(In Tensor<fp32, 16> x, InOut Tensor<fp32, 16> y) {
    Tuple<Tensor<fp32, 16>, task_id> a = submit g(x, 1, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    task_id t = a[1];
    Tuple<Tensor<fp32, 16>, task_id> b = submit g(x, 2, y) {.deps = {t}} [[arg_directions = ["Input", "Scalar", "InOut"]]];
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16> x, In index o, InOut Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    return y;
  }

  Graph g(In Tensor<fp32, 16> x, In index l, InOut Tensor<fp32, 16> y, In index off_1) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> y2 = k(x, off_1, y) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    return y;
  }

  Orchestration main(In Tensor<fp32, 16> x, InOut Tensor<fp32, 16> y) {
    index off_1 = 1 * 32;
    Tuple<Tensor<fp32, 16>, task_id> a = submit g(x, 1, y, off_1) [[arg_directions = ["Input", "Scalar", "InOut", "Scalar"]]];
    task_id t = a[1];
    index off_1_1 = 2 * 32;
    Tuple<Tensor<fp32, 16>, task_id> b = submit g(x, 2, y, off_1_1) {.deps = {t}} [[arg_directions = ["Input", "Scalar", "InOut", "Scalar"]]];
    return;
  }
}
