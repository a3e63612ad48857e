//===- host_processor.h - The host processor the cpu target runs on --*- C++ -*-===//
#ifndef FLYDSL_RUNTIME_CPU_HOST_PROCESSOR_H
#define FLYDSL_RUNTIME_CPU_HOST_PROCESSOR_H

#include <string>

namespace fly::runtime::cpu {

/// The host processor's model name as the system reports it (Linux's /proc/cpuinfo "model
/// name"), or "cpu" where it reports none.
std::string processorName();

} // namespace fly::runtime::cpu

#endif // FLYDSL_RUNTIME_CPU_HOST_PROCESSOR_H
