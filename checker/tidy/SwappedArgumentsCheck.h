//===--- SwappedArgumentsCheck.h - flagspace-swapped-arguments -----------===//
//
// Reports two arguments given in each other's place, such as statx()'s
// flags and mask, or lseek()'s offset and whence.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_SWAPPEDARGUMENTSCHECK_H
#define FLAGSPACE_TIDY_SWAPPEDARGUMENTSCHECK_H

#include "FlagCheckBase.h"

namespace clang {
namespace tidy {
namespace flagspace {

/// Reports two arguments given in each other's place (`swappable` rules),
/// with a fix-it that swaps their text when both are spelled directly in
/// the call. The engine decides and words the message; see FlagCheckBase for what is
/// matched and for the options.
class SwappedArgumentsCheck : public FlagCheckBase {
public:
  SwappedArgumentsCheck(StringRef Name, ClangTidyContext *Context);
};

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
