// RUN: expand-manual-phase-fence
// four tasks of a loop in a manual scope depend on an array of four: one barrier after the array's definition (4 x 4 edges -> 4 + 4)
program {
  AIV k(In Tensor<fp32, 16, 16> x, In index r) -> Tensor<fp32, 16, 16> {
    return x;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, In index n) {
    scope runtime [[manual = true]] {
      Array<task_id, 4> ids = array.create({.dtype = task_id, .size = 4});
      for (index b : range(0, 4, 1)) {
        Tuple<Tensor<fp32, 16, 16>, task_id> t = submit k(x, b) {.deps = {ids}} [[arg_directions = ["Input", "Scalar"]]];
      }
    }
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 16> x, In index r) -> Tensor<fp32, 16, 16> {
    return x;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, In index n) {
    scope runtime [[manual = true]] {
      Array<task_id, 4> ids = array.create({.dtype = task_id, .size = 4});
      task_id ids_fence = system.task_dummy(ids);
      for (index b : range(0, 4, 1)) {
        Tuple<Tensor<fp32, 16, 16>, task_id> t = submit k(x, b) {.deps = {ids_fence}} [[arg_directions = ["Input", "Scalar"]]];
      }
    }
    return;
  }
}
// -----
// RUN: expand-manual-phase-fence
// phases: the previous phase's ids are a loop carry; the barrier is the first statement of the body, the elements written by the branches keep their uses
program {
  AIV k(In Tensor<fp32, 16, 16> x, In index r) -> Tensor<fp32, 16, 16> {
    return x;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, In index n) {
    scope runtime [[manual = true]] {
      Array<task_id, 4> none = array.create({.dtype = task_id, .size = 4});
      for (index p : range(0, n, 1)) carry (Array<task_id, 4> prev = none) -> (Array<task_id, 4> last) {
        Array<task_id, 4> cur0 = array.create({.dtype = task_id, .size = 4});
        for (index b : range(0, 4, 1)) carry (Array<task_id, 4> cur = cur0) -> (Array<task_id, 4> done) {
          Tuple<Tensor<fp32, 16, 16>, task_id> t = submit k(x, b) {.deps = {prev}} [[arg_directions = ["Input", "Scalar"]]];
          task_id made = t[1];
          Array<task_id, 4> next = array.update_element(cur, b, made);
          yield(next);
        }
        yield(done);
      }
      task_id first = array.get_element(last, 0);
      Tuple<Tensor<fp32, 16, 16>, task_id> u = submit k(x, 0) {.deps = {first}} [[arg_directions = ["Input", "Scalar"]]];
    }
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 16> x, In index r) -> Tensor<fp32, 16, 16> {
    return x;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, In index n) {
    scope runtime [[manual = true]] {
      Array<task_id, 4> none = array.create({.dtype = task_id, .size = 4});
      for (index p : range(0, n, 1)) carry (Array<task_id, 4> prev = none) -> (Array<task_id, 4> last) {
        task_id prev_fence = system.task_dummy(prev);
        Array<task_id, 4> cur0 = array.create({.dtype = task_id, .size = 4});
        for (index b : range(0, 4, 1)) carry (Array<task_id, 4> cur = cur0) -> (Array<task_id, 4> done) {
          Tuple<Tensor<fp32, 16, 16>, task_id> t = submit k(x, b) {.deps = {prev_fence}} [[arg_directions = ["Input", "Scalar"]]];
          task_id made = t[1];
          Array<task_id, 4> next = array.update_element(cur, b, made);
          yield(next);
        }
        yield(done);
      }
      task_id first = array.get_element(last, 0);
      Tuple<Tensor<fp32, 16, 16>, task_id> u = submit k(x, 0) {.deps = {first}} [[arg_directions = ["Input", "Scalar"]]];
    }
    return;
  }
}
// -----
// RUN: expand-manual-phase-fence
// an array that is a loop's result: the barrier follows the loop; a straight-line consumer, a dummy task and a consumer in a loop of unknown trip count (counted twice) share it
program {
  AIV k(In Tensor<fp32, 16, 16> x, In index r) -> Tensor<fp32, 16, 16> {
    return x;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, In index n) {
    scope runtime [[manual = true]] {
      Array<task_id, 3> none = array.create({.dtype = task_id, .size = 3});
      for (index b : range(0, 3, 1)) carry (Array<task_id, 3> cur = none) -> (Array<task_id, 3> done) {
        Tuple<Tensor<fp32, 16, 16>, task_id> t = submit k(x, b) [[arg_directions = ["Input", "Scalar"]]];
        task_id made = t[1];
        Array<task_id, 3> next = array.update_element(cur, b, made);
        yield(next);
      }
      Tuple<Tensor<fp32, 16, 16>, task_id> u = submit k(x, 0) {.deps = {done}} [[arg_directions = ["Input", "Scalar"]]];
      task_id j = system.task_dummy(done);
      for (index i : range(0, n, 1)) {
        Tuple<Tensor<fp32, 16, 16>, task_id> v = submit k(x, i) {.deps = {done}} [[arg_directions = ["Input", "Scalar"]]];
      }
    }
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 16> x, In index r) -> Tensor<fp32, 16, 16> {
    return x;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, In index n) {
    scope runtime [[manual = true]] {
      Array<task_id, 3> none = array.create({.dtype = task_id, .size = 3});
      for (index b : range(0, 3, 1)) carry (Array<task_id, 3> cur = none) -> (Array<task_id, 3> done) {
        Tuple<Tensor<fp32, 16, 16>, task_id> t = submit k(x, b) [[arg_directions = ["Input", "Scalar"]]];
        task_id made = t[1];
        Array<task_id, 3> next = array.update_element(cur, b, made);
        yield(next);
      }
      task_id done_fence = system.task_dummy(done);
      Tuple<Tensor<fp32, 16, 16>, task_id> u = submit k(x, 0) {.deps = {done_fence}} [[arg_directions = ["Input", "Scalar"]]];
      task_id j = system.task_dummy(done_fence);
      for (index i : range(0, n, 1)) {
        Tuple<Tensor<fp32, 16, 16>, task_id> v = submit k(x, i) {.deps = {done_fence}} [[arg_directions = ["Input", "Scalar"]]];
      }
    }
    return;
  }
}
// -----
// RUN: expand-manual-phase-fence
// must not change: outside a manual scope the runtime's tracking orders the tasks
program {
  AIV k(In Tensor<fp32, 16, 16> x, In index r) -> Tensor<fp32, 16, 16> {
    return x;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, In index n) {
    Array<task_id, 4> ids = array.create({.dtype = task_id, .size = 4});
    for (index b : range(0, 4, 1)) {
      Tuple<Tensor<fp32, 16, 16>, task_id> t = submit k(x, b) {.deps = {ids}} [[arg_directions = ["Input", "Scalar"]]];
    }
    return;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: expand-manual-phase-fence
// must not change: two consumers of two ids (2 x 2 edges is not more than 2 + 2)
program {
  AIV k(In Tensor<fp32, 16, 16> x, In index r) -> Tensor<fp32, 16, 16> {
    return x;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, In index n) {
    scope runtime [[manual = true]] {
      Array<task_id, 2> ids = array.create({.dtype = task_id, .size = 2});
      for (index b : range(0, 2, 1)) {
        Tuple<Tensor<fp32, 16, 16>, task_id> t = submit k(x, b) {.deps = {ids}} [[arg_directions = ["Input", "Scalar"]]];
      }
    }
    return;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: expand-manual-phase-fence
// must not change: one consumer (a loop of one trip)
program {
  AIV k(In Tensor<fp32, 16, 16> x, In index r) -> Tensor<fp32, 16, 16> {
    return x;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, In index n) {
    scope runtime [[manual = true]] {
      Array<task_id, 8> ids = array.create({.dtype = task_id, .size = 8});
      for (index b : range(0, 1, 1)) {
        Tuple<Tensor<fp32, 16, 16>, task_id> t = submit k(x, b) {.deps = {ids}} [[arg_directions = ["Input", "Scalar"]]];
      }
    }
    return;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: expand-manual-phase-fence
// must not change: the array is also a whole dependency after its manual scope
program {
  AIV k(In Tensor<fp32, 16, 16> x, In index r) -> Tensor<fp32, 16, 16> {
    return x;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, In index n) {
    scope runtime [[manual = true]] {
      Array<task_id, 4> ids = array.create({.dtype = task_id, .size = 4});
      for (index b : range(0, 4, 1)) {
        Tuple<Tensor<fp32, 16, 16>, task_id> t = submit k(x, b) {.deps = {ids}} [[arg_directions = ["Input", "Scalar"]]];
      }
    }
    Tuple<Tensor<fp32, 16, 16>, task_id> u = submit k(x, 0) {.deps = {ids}} [[arg_directions = ["Input", "Scalar"]]];
    return;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: expand-manual-phase-fence
// must not change: a second run (the array's one consumer is the barrier)
program {
  AIV k(In Tensor<fp32, 16, 16> x, In index r) -> Tensor<fp32, 16, 16> {
    return x;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, In index n) {
    scope runtime [[manual = true]] {
      Array<task_id, 4> ids = array.create({.dtype = task_id, .size = 4});
      task_id ids_fence = system.task_dummy(ids);
      for (index b : range(0, 4, 1)) {
        Tuple<Tensor<fp32, 16, 16>, task_id> t = submit k(x, b) {.deps = {ids_fence}} [[arg_directions = ["Input", "Scalar"]]];
      }
    }
    return;
  }
}
// EXPECTED-UNCHANGED
