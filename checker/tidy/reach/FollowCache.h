//===--- FollowCache.h - followed values kept for a translation unit -----===//
//
// What the term extractor keeps between the sites of one translation unit:
// the occurrences of each function's variables, the values of the variables
// and static functions it followed, and the names its terms point at; and
// the follower that computes those values, walking what it follows through
// the extractor it is given (ValueWalker).
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_FOLLOWCACHE_H
#define FLAGSPACE_TIDY_FOLLOWCACHE_H

#include "reach/ConstructorCalls.h"
#include "reach/FieldWrites.h"
#include "reach/LocalFlow.h"
#include "reach/StaticData.h"
#include "sites/ExtractedValue.h"
#include "sites/MacroExpansions.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include <cstdint>
#include <map>
#include <utility>

namespace clang {
namespace tidy {
namespace flagspace {

/// The value of one followed variable at one point of its history (after
/// its initializer and its first Index writes), or of one static function's
/// returns (Index 0).
///
/// A value takes Needed nested follows, itself included; with a budget of
/// fewer it is unknown, so that it never depends on where it was first
/// reached. FailedAt records the largest budget already found too small.
struct FollowedValue {
  bool Known = false;
  /// A static function whose returns are not all constants: not followed.
  bool Unfollowable = false;
  /// A static function whose return taken may depend on its arguments:
  /// followed only at a call that gives no known value.
  bool ByArguments = false;
  /// More terms than FollowCache::MaxTerms: unknown, and an `|=` or `&=`
  /// after it leaves it so.
  bool Overflowed = false;
  unsigned Needed = 0;
  int FailedAt = -1;
  ExtractedValue Value;
};

/// Followed values by variable (its history, LocalFlow.h), function or
/// constant, and point of its history.
class FollowedValues {
public:
  /// The slot of Key's value at Index, created empty on first use.
  FollowedValue &slot(const void *Key, size_t Index) {
    return Values[{Key, Index}];
  }
  /// The slot of Key's value at Index, or null.
  FollowedValue *find(const void *Key, size_t Index) {
    auto Found = Values.find({Key, Index});
    return Found == Values.end() ? nullptr : &Found->second;
  }
  void clear() { Values.clear(); }

private:
  // Node-based: a slot stays where it is while others are added.
  std::map<std::pair<const void *, size_t>, FollowedValue> Values;
};

/// What the checks of one translation unit share; AST nodes are keys, so it
/// must not outlive the AST.
class FollowCache {
public:
  /// Nested follows (a variable whose value reads a variable ...) a value
  /// may take; deeper ones are unknown.
  static constexpr unsigned MaxFollows = 8;
  /// Terms a followed value may hold; a larger one is unknown.
  static constexpr size_t MaxTerms = 64;

  /// A copy of Name that lives as long as the cache.
  const char *intern(llvm::StringRef Name) {
    return Names.insert(Name).first->getKey().data();
  }

  /// A number for a path of fields and subscripts (StaticData.h): the
  /// value of one path of one variable is kept at that index plus one.
  size_t getPathId(const std::vector<const FieldDecl *> &Steps) {
    return Paths.insert({Steps, Paths.size()}).first->second;
  }

  /// Notes List (a matched initializer list) as the entry that holds the
  /// lists among its initializers. Matching visits a list before the lists
  /// in it, so a list's entry is known when the list is checked, without
  /// the unit's parent map.
  void noteEntry(const InitListExpr *List);
  /// The semantic form of the list whose initializers hold List (a
  /// semantic form), or null.
  const InitListExpr *getEntry(const InitListExpr *List) const {
    return Entries.lookup(List);
  }

  /// fs_rules_reads_argument, asked of the engine once per function and
  /// argument of the unit (a raw syscall()'s depend on its number: asked
  /// each time).
  bool readsArgument(const fs_rules *Rules, const std::string &Function,
                     const char *Number, unsigned Pos);

  LocalIndex Locals;
  GlobalWrites Globals;
  FieldWrites Fields;
  ConstructorCalls Constructions;
  MacroSpellingCache Macros;
  /// Values that do not depend on a substituted parameter.
  FollowedValues Values;

private:
  /// Bit I of Read: argument I is read, known when bit I of Asked is set.
  struct ArgumentsRead {
    uint64_t Asked = 0;
    uint64_t Read = 0;
  };

  llvm::StringSet<> Names;
  llvm::StringMap<ArgumentsRead> Reads;
  llvm::DenseMap<const InitListExpr *, const InitListExpr *> Entries;
  std::map<std::vector<const FieldDecl *>, size_t> Paths;
};

/// How a ValueFollower walks a definition it follows: the term extractor's
/// walk (sites/FlagTerms.h). Walking and following are one recursion; the
/// extractor hands itself down as this, so that the follower never calls
/// into the extractor's file by name.
class ValueWalker {
public:
  /// Appends E's tree and terms to Value, Depth expressions deep.
  virtual void walk(const Expr *E, ExtractedValue &Value, unsigned Depth) = 0;

protected:
  ~ValueWalker() = default;
};

/// Follows, for a term extractor, what an expression holds when it is not
/// written there (TermExtractor in sites/FlagTerms.h says which): a local
/// variable or field with certain reaching writes, an init capture, a
/// constant, static data never changed, a field of the program's own struct
/// (the values the unit gives it), a call of a static function returning
/// constants, or a call of a function combining its arguments (its return
/// walked with the arguments in place of its parameters). Each value is computed once per unit (the cache's,
/// or this follower's own while a parameter is substituted), within a
/// budget of FollowCache::MaxFollows nested follows per extraction.
class ValueFollower {
public:
  ValueFollower(ValueWalker &Walker, const fs_rules *Rules,
                const ASTContext &Context, FollowCache &Cache)
      : Walker(Walker), Rules(Rules), Context(Context),
        SM(Context.getSourceManager()), Cache(Cache) {}

  /// Starts one extraction: the whole budget of nested follows.
  void start();
  /// While Param (of Owner) is substituted, the values of Owner's variables
  /// are kept apart, and forgotten at the next call.
  void substitute(const NamedDecl *Param, const FunctionDecl *Owner);
  /// Another parameter of the same function substituted with the first
  /// (a wrapper's flags and mode both given by its caller), until the next
  /// substitute().
  void substituteAlso(const NamedDecl *Param) { AlsoSubst.push_back(Param); }
  /// Whether Param is substituted.
  bool isSubstituted(const NamedDecl *Param) const;
  /// Appends the value E holds, followed, to Value, as passed at E; false
  /// when E is nothing this follows.
  bool follow(const Expr *E, ExtractedValue &Value, unsigned Depth);

private:
  struct FollowScope;
  struct CallFrame;
  bool followCombinedCall(const Expr *E, ExtractedValue &Value,
                          unsigned Depth);
  bool followFrameArgument(const Expr *E, ExtractedValue &Value,
                           unsigned Depth);
  bool followVariable(const Expr *E, ExtractedValue &Value, unsigned Depth);
  bool followInitCapture(const DeclRefExpr *Ref, const VarDecl *Var,
                         ExtractedValue &Value);
  bool followConstantCall(const Expr *E, ExtractedValue &Value,
                          unsigned Depth);
  bool givesNothingKnown(const CallExpr *Call, unsigned Depth);
  bool isGivenString(const Expr *Arg);
  bool followConstant(const Expr *E, ExtractedValue &Value, unsigned Depth);
  bool followStaticData(const Expr *E, ExtractedValue &Value, unsigned Depth);
  bool followFieldWrites(const Expr *E, ExtractedValue &Value, unsigned Depth);
  void applyWrite(const VarWrite &Write, ExtractedValue &Acc, unsigned Depth);
  void walkEither(const std::vector<const Expr *> &Values, ExtractedValue &Acc,
                  unsigned Depth);
  const FollowedValue *getHeldValue(const VarDecl *Var,
                                    const ReachingWrites &Reach);
  void computeState(const VarWrite &Write, const FollowedValue *Prev,
                    FollowedValue &State);
  void computeReturns(const FunctionDecl *Callee, FollowedValue &Returns);
  void computeEither(const std::vector<const Expr *> &Values,
                     FollowedValue &Held);
  bool useEither(FollowedValue &Held, const Expr *E, ExtractedValue &Value,
                 llvm::function_ref<bool(std::vector<const Expr *> &)> Get);
  bool useEitherUnsubstituted(
      FollowedValue &Held, const Expr *E, ExtractedValue &Value,
      llvm::function_ref<bool(std::vector<const Expr *> &)> Get);
  bool followDeeper(FollowScope &Inner, int &FailedAt,
                    llvm::function_ref<void()> Walk);
  bool useOnce(const Decl *Key, const Expr *Definition,
               const DeclRefExpr *Ref, ExtractedValue &Value);
  void usePassed(ExtractedValue &Value, const FollowedValue *Held,
                 SourceLocation PassedLoc);
  bool isReady(const FollowedValue &Held) const;
  bool isUsable(const FollowedValue &Held) const;
  FollowedValues &getValues(const VarDecl *Var);

  ValueWalker &Walker;
  const fs_rules *Rules;
  const ASTContext &Context;
  const SourceManager &SM;
  FollowCache &Cache;
  // The values that depend on SubstParam, kept while it is substituted.
  FollowedValues SubstValues;
  // Nested follows still allowed, and the followed value being computed.
  unsigned Budget = 0;
  FollowScope *Scope = nullptr;
  const NamedDecl *SubstParam = nullptr;
  llvm::SmallVector<const NamedDecl *, 2> AlsoSubst;
  const FunctionDecl *SubstOwner = nullptr;
  // The call of a function combining its arguments whose return is being
  // walked (CombinedCalls.cpp), or null.
  const CallFrame *Frame = nullptr;
};

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
