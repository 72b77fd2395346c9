"""pl's lit test format: lit's ShTest, except that a test lit would report UNSUPPORTED (a
REQUIRES: or UNSUPPORTED: line that does not hold here) is a failure. In `make test` a test
that can be skipped is a test that cannot fail (tests/no_skips checks this format)."""
import lit.formats
import lit.Test


class NoSkipShTest(lit.formats.ShTest):
    def execute(self, test, lit_config):
        result = super().execute(test, lit_config)
        code, output = (result.code, result.output) if isinstance(result, lit.Test.Result) else result
        if code == lit.Test.UNSUPPORTED:
            return lit.Test.Result(
                lit.Test.FAIL,
                "UNSUPPORTED here, which pl's suite does not allow (a test that can be skipped "
                "cannot fail): " + output)
        return result
