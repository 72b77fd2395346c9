# Writes large but ordinary programs that once made a pass or the printer super-linear (issue 42):
#   nest N      N nested for loops (the parser allows 98) with an accumulator re-assigned in the
#               innermost body: convert-to-ssa carries it through every level
#   versions N  N statements re-assigning one variable: N versions with one name hint
#   names N     N statements each defining a variable with a distinct name
#   kernels N   one orchestration with N InCore scopes (outline-incore-scopes)
import sys

mode, n = sys.argv[1], int(sys.argv[2])
if mode == "nest":
    lines = ["program p {", "  Opaque f(In index n) -> index {", "    index acc = n;"]
    for d in range(n):
        lines.append("  " * (d + 2) + "for (i%d : range(0, 2, 1)) {" % d)
    lines.append("  " * (n + 2) + "acc = acc + i%d;" % (n - 1))
    for d in reversed(range(n)):
        lines.append("  " * (d + 2) + "}")
    lines += ["    return acc;", "  }", "}"]
elif mode == "versions":
    lines = ["program p {", "  Opaque f(In index n) -> index {", "    index x = n;"]
    lines += ["    x = x + %d;" % (k % 7 + 1) for k in range(n)]
    lines += ["    return x;", "  }", "}"]
elif mode == "names":
    lines = ["program p {", "  Opaque f(In index n) -> index {", "    index v0 = n;"]
    lines += ["    index v%d = v%d + %d;" % (k + 1, k, k % 7 + 1) for k in range(n)]
    lines += ["    return v%d;" % n, "  }", "}"]
elif mode == "kernels":
    lines = ["program p {",
             "  Opaque main(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b) -> Tensor<fp32, 16, 16> {",
             "    Tensor<fp32, 16, 16> t0 = a;"]
    for k in range(n):
        lines += ["    scope incore {",
                  "      Tensor<fp32, 16, 16> t%d = tensor.add(t%d, b);" % (k + 1, k),
                  "    }"]
    lines += ["    return t%d;" % n, "  }", "}"]
else:
    sys.exit("usage: gen_scaling.py nest|versions|names|kernels N")
print("\n".join(lines))
