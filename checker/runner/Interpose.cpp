//===--- Interpose.cpp - where flagspace-runner steps into clang-tidy ----===//
//
// flagspace-runner is clang-tidy's own main (clangTidyMain) with the
// flagspace checks linked in. Two calls clang-tidy's runClangTidy makes
// into libclang-cpp are wrapped at link time (ld --wrap, CMakeLists.txt),
// the same in LLVM 14, 19 and 22:
//  - FrontendActionFactory::runInvocation, which compiles one unit: the
//    invocation is told to ask before parsing each function body;
//  - the constructor of MultiplexConsumer, which ClangTidyASTConsumer (the
//    consumer of each unit) is: a BodyFilter goes first among the unit's
//    consumers, so that it answers shouldSkipFunctionBody (a
//    MultiplexConsumer skips only what all of them would) and runs first
//    at the end of the unit.
// Everything else, options and output included, is clang-tidy's.
//
//===----------------------------------------------------------------------===//

#include "Runner.h"

#include "clang/Frontend/MultiplexConsumer.h"

namespace {
using ConsumerList = std::vector<std::unique_ptr<clang::ASTConsumer>>;
} // namespace

// The mangled names; an argument of class type passed by value is passed
// as the address of the caller's copy (Itanium C++ ABI).
extern "C" {

void __real__ZN5clang17MultiplexConsumerC2ESt6vectorISt10unique_ptrINS_11ASTConsumerESt14default_deleteIS3_EESaIS6_EE(
    clang::MultiplexConsumer *This, ConsumerList *Consumers);

void __wrap__ZN5clang17MultiplexConsumerC2ESt6vectorISt10unique_ptrINS_11ASTConsumerESt14default_deleteIS3_EESaIS6_EE(
    clang::MultiplexConsumer *This, ConsumerList *Consumers) {
  Consumers->insert(Consumers->begin(),
                    clang::tidy::flagspace::theRunner().makeFilter());
  __real__ZN5clang17MultiplexConsumerC2ESt6vectorISt10unique_ptrINS_11ASTConsumerESt14default_deleteIS3_EESaIS6_EE(
      This, Consumers);
}

bool __real__ZN5clang7tooling21FrontendActionFactory13runInvocationESt10shared_ptrINS_18CompilerInvocationEEPNS_11FileManagerES2_INS_22PCHContainerOperationsEEPNS_18DiagnosticConsumerE(
    void *This, std::shared_ptr<clang::CompilerInvocation> *Invocation,
    void *Files, void *PCHContainerOps, void *DiagConsumer);

bool __wrap__ZN5clang7tooling21FrontendActionFactory13runInvocationESt10shared_ptrINS_18CompilerInvocationEEPNS_11FileManagerES2_INS_22PCHContainerOperationsEEPNS_18DiagnosticConsumerE(
    void *This, std::shared_ptr<clang::CompilerInvocation> *Invocation,
    void *Files, void *PCHContainerOps, void *DiagConsumer) {
  if (*Invocation)
    clang::tidy::flagspace::theRunner().prepare(**Invocation);
  return __real__ZN5clang7tooling21FrontendActionFactory13runInvocationESt10shared_ptrINS_18CompilerInvocationEEPNS_11FileManagerES2_INS_22PCHContainerOperationsEEPNS_18DiagnosticConsumerE(
      This, Invocation, Files, PCHContainerOps, DiagConsumer);
}

} // extern "C"
