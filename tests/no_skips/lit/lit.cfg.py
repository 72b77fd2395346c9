# A one-test lit suite whose test needs a feature nobody has: with pl's test format lit must
# report a failure, not UNSUPPORTED (tests/no_skips/CMakeLists.txt expects lit to fail).
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "lit"))
import pl_lit_format  # noqa: E402

config.name = "pl-no-skips"
config.test_format = pl_lit_format.NoSkipShTest(execute_external=False)
config.suffixes = [".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = lit_config.params["exec_root"]
