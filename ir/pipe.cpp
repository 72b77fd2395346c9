// Spellings of the hardware pipes.
#include "ir/pipe.h"
#include "ir/enum_names.h"

#include <array>

namespace pl::ir {

namespace {
constexpr std::array<std::string_view, 8> kPipes = {"s",    "v",    "m",   "mte1",
                                                    "mte2", "mte3", "fix", "all"};
constexpr std::array<std::string_view, 8> kPtoPipes = {
    "PIPE_S", "PIPE_V", "PIPE_M", "PIPE_MTE1", "PIPE_MTE2", "PIPE_MTE3", "PIPE_FIX", "PIPE_ALL"};
} // namespace

std::string_view pipeName(Pipe p) { return nameIn(kPipes, p); }
std::optional<Pipe> parsePipe(std::string_view s) { return parseEnum<Pipe>(kPipes, s); }
std::string_view ptoPipeName(Pipe p) { return nameIn(kPtoPipes, p); }

} // namespace pl::ir
