# Writes a program whose one expression is a sum of argv[1] terms (n + 1 + n + 3 + ...) to stdout.
import sys

terms = int(sys.argv[1])
expr = " + ".join("n" if i % 2 == 0 else str(i) for i in range(terms))
print("program p {\n  InCore k(In index n) -> index {\n    index x = %s;\n    return x;\n  }\n}" % expr)
