# Writes a while loop whose step goes through argv[1] doubling definitions (a1 = i + i,
# a2 = a1 + a1, ...; the step is i + 1 + a_n - a_n): the trip count needs brute force, and
# evaluating the definitions without memoization takes 2^n steps.
import sys

n = int(sys.argv[1])
defs = ["      index a1 = i + i;"] + ["      index a%d = a%d + a%d;" % (k, k - 1, k - 1)
                                     for k in range(2, n + 1)]
print("""program p {
  Opaque f() -> index {
    while (i < 10) carry (index i = 0) -> (index r) {
%s
      index j = i + 1 + a%d - a%d;
      yield(j);
    }
    return r;
  }
}""" % ("\n".join(defs), n, n))
